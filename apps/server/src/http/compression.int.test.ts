import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaListResponse, type Pin } from '@waymarks/shared';
import { accountMaker, apiCaller, createPinAs, startTestApp, type TestApp } from '../testing/test-app.js';
import { uploadFixture } from '../testing/uploads.js';
import { USER_CACHE_TTL_MS } from '../modules/auth/users.repository.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

describe('compression of API answers', () => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newUser = accountMaker(() => t, { label: 'squeeze' });

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

  /** A traveller on the pro plan (no pin limit) with `count` pins, and a GET of their list. */
  async function travellerWithPins(count: number) {
    const user = await newUser();
    await t.db.updateTable('users').set({ tier: 'pro' }).where('id', '=', user.userId).execute();
    t.advance(USER_CACHE_TTL_MS + 1);
    for (let i = 0; i < count; i += 1) {
      await createPinAs(call, user, { lat: 40 + i / 100, lng: -3.7, title: `Madrid barrio ${i}` });
    }
    const list = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/api/pins',
        headers: { authorization: `Bearer ${user.token}`, ...headers },
      });
    return { user, list };
  }

  const brotli = (body: Buffer, quality: number) =>
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

  it('compresses a list route with the same settings: brotli at quality 1, and nothing under the threshold', async () => {
    // A few KB: over the plugin's own default threshold (1 KB), under this one.
    const few = await (await travellerWithPins(12)).list({ 'accept-encoding': 'br, gzip' });
    expect(few.rawPayload.length).toBeGreaterThan(1024);
    expect(few.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(few.headers['content-encoding']).toBeUndefined();

    const { list } = await travellerWithPins(80);
    const plain = await list();
    const br = await list({ 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotli(plain.rawPayload, 1))).toBe(true);
    expect(br.rawPayload.equals(brotli(plain.rawPayload, 4))).toBe(false);
  });

  it('sends a kept pins list compressed as each client accepts, the same bytes each time', async () => {
    const { user, list } = await travellerWithPins(80);
    const plain = await list();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await list({ 'accept-encoding': 'gzip, deflate, br' }));
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.rawPayload.equals(brotli(plain.rawPayload, 1))).toBe(true);
    }
    const gzipped = await list({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await list({ 'accept-encoding': 'identity' })).rawPayload.equals(plain.rawPayload)).toBe(true);

    // A change: the next answer, compressed, holds it.
    await createPinAs(call, user, { lat: 40.5, lng: -3.6, title: 'Alcalá' });
    const changed = await list({ 'accept-encoding': 'br' });
    const pins = JSON.parse(brotliDecompressSync(changed.rawPayload).toString()).pins;
    expect(pins).toHaveLength(81);
    expect(pins[0].title).toBe('Alcalá');
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
    const previewUrl = MediaListResponse.parse(listed.json()).media[0]!.previewUrl!;

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
