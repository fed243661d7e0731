import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaListResponse, type Pin } from '@waymarks/shared';
import { accountMaker, apiCaller, createPinAs, startTestApp, type TestApp } from '../testing/test-app.js';
import { uploadFixture } from '../testing/uploads.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

describe('compression of API answers', () => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newUser = accountMaker(() => t, { label: 'squeeze', subnet: '10.77.0' });

  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends a large JSON answer as brotli or gzip, as the client accepts, with the same content', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await get('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzip = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('sends a small answer as it is, whatever the client accepts', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves stored objects byte for byte, whole and by ranges, to a client that accepts compression', async () => {
    const user = await newUser();
    const pin: Pin = await createPinAs(call, user, { lat: 47.5596, lng: 7.5886, title: 'Basel' });
    await uploadFixture(t, call, user, pin.pinId, 'photos/gps/DSCN0010.jpg', { contentType: 'image/jpeg' });
    const listed = await call('GET', `/api/media/pin/${pin.pinId}`, user);
    const { previewUrl } = MediaListResponse.parse(listed.json()).media[0]!;

    const stored = await get(previewUrl);
    expect(stored.statusCode).toBe(200);
    const offered = await get(previewUrl, { 'accept-encoding': 'br, gzip' });
    expect(offered.headers['content-encoding']).toBeUndefined();
    expect(offered.rawPayload.equals(stored.rawPayload)).toBe(true);

    const ranged = await get(previewUrl, { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.rawPayload.equals(stored.rawPayload.subarray(0, 100))).toBe(true);
  });
});
