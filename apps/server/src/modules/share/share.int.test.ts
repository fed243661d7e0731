// The travel page (issue 27) through the real app on SQLite and PostgreSQL: its settings under /api/share,
// the page at /t/{token}, what it leaves out and the 404 every other address gets.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShareSettings, SHARE_TOKEN_PATTERN } from '@waymarks/shared';
import { createStorage } from '../../adapters/storage/storage.js';
import { buildApp } from '../../app.js';
import { uploadFixture } from '../../testing/uploads.js';
import { storedZipEntries } from '../../testing/zip-entries.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  TEST_PASSWORD,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { shareImageKeyPrefix } from './index.js';

/** DSCN0010.jpg's own GPS position (tests/fixtures/media), which no shared byte may carry. */
const BASEL = { lat: 47.559_612, lng: 7.588_576, title: 'Basel Münster' };
const LISBON = { lat: 38.722_252, lng: -9.139_337, title: 'Lisbon', visitDate: '2023-05-14' };
const KYOTO = {
  lat: 35.011_564,
  lng: 135.768_149,
  title: 'Kyoto <script>alert(1)</script>',
  visitDate: '2024-04-02',
};

describe.each(testDialects())('the travel page on %s', (dialect) => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'share' });
  /** As a browser asks: for a page, HTML first. */
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8', ...headers } });

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  const emailOf = async (user: SignedInUser): Promise<string> =>
    (await call('GET', '/api/auth/me', user)).json().email as string;

  async function sharing(user: SignedInUser, choices: Record<string, unknown> = {}): Promise<ShareSettings> {
    const res = await call('PUT', '/api/share', user, { enabled: true, ...choices });
    expect(res.statusCode).toBe(200);
    return ShareSettings.parse(res.json());
  }

  it('is off until turned on, then answers at an unguessable address with every part', async () => {
    const ada = await newAccount();
    const before = ShareSettings.parse((await call('GET', '/api/share', ada)).json());
    expect(before).toMatchObject({ enabled: false, url: null, indexable: false, hiddenCountries: [] });

    await createPinAs(call, ada, LISBON);
    await createPinAs(call, ada, KYOTO);
    const settings = await sharing(ada);
    expect(settings).toMatchObject({
      enabled: true,
      showMap: true,
      showStats: true,
      showTimeline: true,
      showAvatar: true,
      showPhotos: true,
      indexable: false,
    });
    const token = settings.url!.replace('/t/', '');
    expect(token).toMatch(SHARE_TOKEN_PATTERN);

    const res = await page(settings.url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('Ida Pfeiffer&#39;s travels');
    // The figure follows the dashboard's rules: Portugal and Japan of 195, two continents.
    expect(html).toMatch(/<p class="figure">2 <small>\/ 195 countries<\/small><\/p>/);
    expect(html).toContain('2 continents');
    expect(html).toContain('<h3>2024</h3>');
    expect(html).toContain('<h3>2023</h3>');
    // The traveller's own text is escaped, never markup.
    expect(html).toContain('Kyoto &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      `<meta property="og:image" content="${t.config.publicUrl.replace(/\/$/, '')}/t/${token}/image.png">`,
    );

    // Sent compressed to a browser that takes it, and not at all to one that holds this version.
    const compressed = await page(settings.url!, { 'accept-encoding': 'br, gzip' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 2);
    const unchanged = await page(settings.url!, { 'if-none-match': res.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);

    const dashboard = (await call('GET', '/api/countries', ada)).json();
    expect(html).toContain(`<p class="figure">${dashboard.totalCountries} `);
  });

  it('names nothing of the account and rounds every place to about 1 km', async () => {
    const bo = await newAccount();
    const pin = await createPinAs(call, bo, BASEL);
    const settings = await sharing(bo);
    const html = (await page(settings.url!)).body;

    const email = await emailOf(bo);
    expect(email).toMatch(/@example\.com$/);
    for (const secret of [email, bo.userId, pin.pinId, 'media/', String(BASEL.lat), String(BASEL.lng)]) {
      expect(html, `the page carries ${secret}`).not.toContain(secret);
    }
    // The map draws the rounded point; the page holds no coordinate finer than 0.01°.
    expect(html).not.toMatch(/47\.55\d{2,}|7\.58\d{2,}/);
  });

  it('shows the photos of the places that share them, as derivatives without any metadata', async () => {
    const cy = await newAccount();
    const shared = await createPinAs(call, cy, BASEL);
    const kept = await createPinAs(call, cy, LISBON);
    await uploadFixture(t, call, cy, shared.pinId, 'photos/gps/DSCN0010.jpg', { contentType: 'image/jpeg' });
    await uploadFixture(t, call, cy, kept.pinId, 'photos/gps/DSCN0012.jpg', { contentType: 'image/jpeg' });
    const settings = await sharing(cy);

    // Off by default: no place shares its photos until told to.
    expect((await page(settings.url!)).body).not.toContain('/thumbs/');
    expect((await call('PUT', `/api/pins/${shared.pinId}`, cy, { sharePhotos: true })).statusCode).toBe(200);
    expect(ShareSettings.parse((await call('GET', '/api/share', cy)).json()).photoPins).toEqual([
      shared.pinId,
    ]);

    const html = (await page(settings.url!)).body;
    const thumbs = [...html.matchAll(/\/t\/[\w-]+\/thumbs\/([\w-]+)\.webp/g)].map((match) => match[1]!);
    expect(thumbs).toHaveLength(1);
    const mediaIds = await t.db
      .selectFrom('media')
      .select(['id', 'storage_key'])
      .where('user_id', '=', cy.userId)
      .execute();
    for (const { id, storage_key } of mediaIds) {
      expect(html).not.toContain(id);
      expect(html).not.toContain(storage_key);
    }

    for (const kind of ['thumbs', 'photos']) {
      const res = await page(`${settings.url}/${kind}/${thumbs[0]}.webp`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const bytes = res.rawPayload;
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
      expect(bytes.includes(Buffer.from('NIKON'))).toBe(false);
      // A copy kept by the browser is asked about again: a photo no longer shared is not shown from it.
      const again = await page(`${settings.url}/${kind}/${thumbs[0]}.webp`, {
        'if-none-match': res.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
    }

    // A photo added to the place since is on the page and served at once.
    await uploadFixture(t, call, cy, shared.pinId, 'photos/gps/DSCN0021.jpg', { contentType: 'image/jpeg' });
    const added = [...(await page(settings.url!)).body.matchAll(/\/thumbs\/([\w-]+)\.webp/g)].map(
      (m) => m[1]!,
    );
    expect(added).toHaveLength(2);
    const fresh = added.find((key) => key !== thumbs[0])!;
    expect((await page(`${settings.url}/thumbs/${fresh}.webp`)).statusCode).toBe(200);

    // Turned off for the place: the photo's address is gone at once, as if it never was.
    await call('PUT', `/api/pins/${shared.pinId}`, cy, { sharePhotos: false });
    const gone = await page(`${settings.url}/photos/${thumbs[0]}.webp`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe((await page('/t/AAAAAAAAAAAAAAAAAAAAAA')).body);
  });

  it('leaves out a hidden place and a hidden country, with the figures computed without them', async () => {
    const di = await newAccount();
    const lisbon = await createPinAs(call, di, LISBON);
    await createPinAs(call, di, KYOTO);
    await createPinAs(call, di, BASEL);
    const settings = await sharing(di, { hiddenCountries: ['JP'] });
    await call('PUT', `/api/pins/${lisbon.pinId}`, di, { hiddenFromShare: true });

    const html = (await page(settings.url!)).body;
    expect(html).not.toContain('Kyoto');
    expect(html).not.toContain('Lisbon');
    expect(html).toContain('<p class="figure">1 <small>');
    expect(ShareSettings.parse((await call('GET', '/api/share', di)).json())).toMatchObject({
      hiddenCountries: ['JP'],
      hiddenPins: [lisbon.pinId],
    });
  });

  it('shows only the chosen parts, and lets search engines in only when asked', async () => {
    const ed = await newAccount();
    await createPinAs(call, ed, LISBON);
    const settings = await sharing(ed, { showTimeline: false, showMap: false, indexable: true });
    const res = await page(settings.url!);
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.body).not.toContain('noindex');
    expect(res.body).not.toContain('id="timeline"');
    expect(res.body).not.toContain('<svg');
    expect(res.body).toContain('<p class="figure">1 ');
  });

  it('answers every address that is not a page now with the same 404: never was, regenerated, off, deleted', async () => {
    const fay = await newAccount();
    await createPinAs(call, fay, LISBON);
    const first = await sharing(fay);
    const never = await page('/t/AAAAAAAAAAAAAAAAAAAAAA');
    expect(never.statusCode).toBe(404);
    expect(never.headers['x-robots-tag']).toBe('noindex');

    const regenerated = await call('POST', '/api/share/regenerate', fay);
    expect(regenerated.statusCode).toBe(200);
    const second = regenerated.json().url as string;
    expect(second).not.toBe(first.url);
    const old = await page(first.url!);
    expect([old.statusCode, old.body]).toEqual([404, never.body]);
    expect((await page(second)).statusCode).toBe(200);

    // Off: the address is gone for good; on again, a new one.
    await call('PUT', '/api/share', fay, { enabled: false });
    const off = await page(second);
    expect([off.statusCode, off.body]).toEqual([404, never.body]);
    expect((await call('POST', '/api/share/regenerate', fay)).statusCode).toBe(409);
    const third = await sharing(fay);
    expect(third.url).not.toBe(second);

    const deleted = await call('DELETE', '/api/account', fay, {
      email: await emailOf(fay),
      password: TEST_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const gone = await page(third.url!);
    expect([gone.statusCode, gone.body]).toEqual([404, never.body]);
    // Asked by anything but a browser, the same 404 in the API's error shape.
    const asApi = await t.app.inject({ method: 'GET', url: third.url! });
    expect([asApi.statusCode, asApi.json().error.code]).toEqual([404, 'NOT_FOUND']);
    expect(asApi.body).toBe((await t.app.inject({ method: 'GET', url: '/t/AAAAAAAAAAAAAAAAAAAAAA' })).body);
    for (const url of ['/t/short', `/t/${'x'.repeat(64)}`, '/t/AAAAAAAAAAAAAAAAAAAAAA/avatar.png']) {
      const res = await page(url);
      expect([res.statusCode, res.body]).toEqual([404, never.body]);
    }
  });

  it('draws the share pictures once per change of the page, in both sizes, with nothing about the account', async () => {
    const ida = await newAccount();
    await createPinAs(call, ida, LISBON);
    const settings = await sharing(ida);
    const answers = await Promise.all(Array.from({ length: 4 }, () => page(`${settings.url}/image.png`)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
    expect(answers.map((res) => res.headers['x-cache']).sort()).toEqual(['hit', 'hit', 'hit', 'miss']);
    const og = await sharp(answers[0]!.rawPayload).metadata();
    expect([og.format, og.width, og.height, og.exif, og.xmp, og.icc]).toEqual([
      'png',
      1200,
      630,
      undefined,
      undefined,
      undefined,
    ]);

    const story = await page(`${settings.url}/image.png?format=story`);
    const portrait = await sharp(story.rawPayload).metadata();
    expect([portrait.width, portrait.height]).toEqual([1080, 1350]);

    // Asked again with its ETag: nothing sent, nothing drawn.
    const etag = answers[0]!.headers.etag as string;
    const again = await page(`${settings.url}/image.png`, { 'if-none-match': etag });
    expect([again.statusCode, again.headers['x-cache']]).toEqual([304, 'hit']);

    // A new place is a new picture.
    await createPinAs(call, ida, KYOTO);
    const changed = await page(`${settings.url}/image.png`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.headers['x-cache']).toBe('miss');

    expect((await page(`${settings.url}/image.png?format=huge`)).statusCode).toBe(400);
    await call('PUT', '/api/share', ida, { enabled: false });
    expect((await page(`${settings.url}/image.png`)).statusCode).toBe(404);
  });

  it('draws a picture once for every instance: another instance answers it from storage, only the current version is kept, and none once the page is off or the account gone', async () => {
    const storage = createStorage(t.config.storage, { signingSecret: t.config.authSecret });
    const kept = async (userId: string) => {
      const keys: string[] = [];
      for await (const object of storage.list(shareImageKeyPrefix(userId))) keys.push(object.key);
      return keys.sort();
    };
    const ida = await newAccount();
    await createPinAs(call, ida, LISBON);
    const settings = await sharing(ida);
    const first = await page(`${settings.url}/image.png`);
    expect([first.statusCode, first.headers['x-cache']]).toEqual([200, 'miss']);
    expect(await kept(ida.userId)).toHaveLength(1);

    // A second instance of the app on the same database and storage.
    const other = await buildApp({ config: t.config, db: t.db });
    try {
      const second = await other.inject({ method: 'GET', url: `${settings.url}/image.png` });
      expect([second.statusCode, second.headers['x-cache'], second.headers.etag]).toEqual([
        200,
        'hit',
        first.headers.etag,
      ]);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    } finally {
      await other.close();
    }

    // Both sizes of the current version are kept; a new place leaves only the new version's picture.
    await page(`${settings.url}/image.png?format=story`);
    expect(await kept(ida.userId)).toHaveLength(2);
    await createPinAs(call, ida, KYOTO);
    const changed = await page(`${settings.url}/image.png`);
    expect(changed.headers['x-cache']).toBe('miss');
    const [current] = await kept(ida.userId);
    expect(await kept(ida.userId)).toEqual([current]);
    expect(current).toMatch(/-og\.png$/);

    // Turned off, the page keeps no picture of itself.
    await call('PUT', '/api/share', ida, { enabled: false });
    expect(await kept(ida.userId)).toEqual([]);

    // Nor does a deleted account.
    const again = await sharing(ida);
    expect((await page(`${again.url}/image.png`)).statusCode).toBe(200);
    expect(await kept(ida.userId)).toHaveLength(1);
    const deleted = await call('DELETE', '/api/account', ida, {
      email: await emailOf(ida),
      password: TEST_PASSWORD,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await kept(ida.userId)).toEqual([]);
  });

  it('is in the account export once set, with what it shows and hides', async () => {
    const jo = await newAccount();
    const before = await call('GET', '/api/account/export', jo);
    expect(storedZipEntries(before.rawPayload).has('share.json')).toBe(false);

    const lisbon = await createPinAs(call, jo, LISBON);
    await sharing(jo, { hiddenCountries: ['JP'], showAvatar: false });
    await call('PUT', `/api/pins/${lisbon.pinId}`, jo, { sharePhotos: true });
    const archive = await call('GET', '/api/account/export', jo);
    const exported = ShareSettings.parse(
      JSON.parse(storedZipEntries(archive.rawPayload).get('share.json')!.toString('utf8')),
    );
    expect(exported).toEqual(ShareSettings.parse((await call('GET', '/api/share', jo)).json()));
    expect(exported).toMatchObject({ enabled: true, showAvatar: false, hiddenCountries: ['JP'] });
    expect(exported.photoPins).toEqual([lisbon.pinId]);
  });

  it('holds hostile tokens to the picture’s limit per address: sixty a minute, then 429', async () => {
    const from = { remoteAddress: '10.99.1.1' };
    const answers = [];
    for (let i = 0; i < 61; i++) {
      const token = `${String(i).padStart(2, '0')}${'Z'.repeat(20)}`;
      answers.push(await t.app.inject({ method: 'GET', url: `/t/${token}/image.png`, ...from }));
    }
    expect(answers.slice(0, 60).every((res) => res.statusCode === 404)).toBe(true);
    expect(answers[60]!.statusCode).toBe(429);
    // Another address is not held by it.
    const other = await t.app.inject({
      method: 'GET',
      url: `/t/${'Z'.repeat(22)}/image.png`,
      remoteAddress: '10.99.1.2',
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses settings that are not settings', async () => {
    const gus = await newAccount();
    for (const body of [
      {},
      { enabled: 'yes' },
      { enabled: true, hiddenCountries: ['jp'] },
      { enabled: true, hiddenCountries: Array.from({ length: 301 }, () => 'FR') },
      { enabled: true, extra: 1 },
    ]) {
      const res = await call('PUT', '/api/share', gus, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await call('GET', '/api/share', null)).statusCode).toBe(401);
  });

  it('makes one address when two browsers turn the page on at once', async () => {
    const kim = await newAccount();
    const answers = await Promise.all([
      call('PUT', '/api/share', kim, { enabled: true }),
      call('PUT', '/api/share', kim, { enabled: true, showMap: false }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const urls = answers.map((res) => res.json().url as string);
    expect(urls[0]).toBe(urls[1]);
    expect((await page(urls[0]!)).statusCode).toBe(200);
  });

  it('makes one address when two browsers regenerate at once', async () => {
    const hal = await newAccount();
    await sharing(hal);
    const answers = await Promise.all([
      call('POST', '/api/share/regenerate', hal),
      call('POST', '/api/share/regenerate', hal),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const now = ShareSettings.parse((await call('GET', '/api/share', hal)).json()).url;
    expect(answers.map((res) => res.json().url)).toContain(now);
    expect((await page(now!)).statusCode).toBe(200);
  });
});
