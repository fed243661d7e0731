import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app.js';

const URL_PATH = '/map/basemap.pmtiles';
const SIZE = 300 * 1024;

describe('the PMTiles basemap', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'waymarks-map-'));
  const file = path.join(dir, 'world.pmtiles');
  const bytes = randomBytes(SIZE);
  let t: TestApp;

  beforeAll(async () => {
    writeFileSync(file, bytes);
    t = await startTestApp('sqlite', { MAP_PMTILES: file });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: URL_PATH, headers });

  it('sends the whole file without a Range, with validators and cache headers', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'application/vnd.pmtiles',
      'content-length': String(SIZE),
      'cache-control': 'public, max-age=3600',
    });
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    expect(res.headers['content-range']).toBeUndefined();
  });

  it.each([
    ['bytes=0-16383', 0, 16383],
    ['bytes=1000-1000', 1000, 1000],
    ['bytes=123456-234567', 123456, 234567],
    [`bytes=${SIZE - 10}-`, SIZE - 10, SIZE - 1],
    [`bytes=${SIZE - 10}-${SIZE + 5000}`, SIZE - 10, SIZE - 1],
    ['bytes=-512', SIZE - 512, SIZE - 1],
    [`bytes=-${SIZE * 2}`, 0, SIZE - 1],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get({ range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each([`bytes=${SIZE}-`, `bytes=${SIZE + 1}-${SIZE + 100}`, 'bytes=-0'])(
    'answers the unsatisfiable %s with 416 and the size',
    async (range) => {
      const res = await get({ range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(res.rawPayload).toHaveLength(0);
    },
  );

  it('answers several ranges, or a malformed one, with the whole file', async () => {
    for (const range of ['bytes=0-9,100-109', 'bytes=9-0', 'pages=1-2']) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(bytes), range).toBe(true);
    }
  });

  it('answers HEAD with the headers and no body, for the whole file and for a range', async () => {
    const whole = await get({}, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(SIZE));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload).toHaveLength(0);
    const part = await get({ range: 'bytes=10-19' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${SIZE}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload).toHaveLength(0);
  });

  it('answers 304 to a matching If-None-Match, and honours If-Range only for this version', async () => {
    const { etag, 'last-modified': lastModified } = (await get({}, 'HEAD')).headers;
    expect((await get({ 'if-none-match': String(etag) })).statusCode).toBe(304);
    for (const ifRange of [String(etag), String(lastModified)]) {
      const res = await get({ range: 'bytes=0-9', 'if-range': ifRange });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
    }
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"0-0"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toHaveLength(SIZE);
  });

  it('is absent (404) when MAP_PMTILES is not set', async () => {
    const plain = await startTestApp('sqlite');
    try {
      const res = await plain.app.inject({ url: URL_PATH, headers: { range: 'bytes=0-9' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});
