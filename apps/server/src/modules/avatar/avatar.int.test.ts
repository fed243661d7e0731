// The avatar API on SQLite and PostgreSQL: parts unlock from the traveller's own pins (countries,
// continents, verified pins, achievements, a flag per visited country), the plan decides what can be worn,
// and the filters narrow the list; the saved avatar keeps its parts and its PNG render, refuses what travel
// or the plan does not allow, tells each new unlock once, and is never seen by anyone else.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVATAR_IMAGE_LIMITS,
  AvatarConfig,
  AvatarItemsResponse,
  AvatarProgress,
  CheckUnlocksResponse,
  avatarItems,
  type AvatarParts,
} from '@waymarks/shared';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
  TEST_PASSWORD,
} from '../../testing/test-app.js';
import { animatedPng, png, pngChunk } from '../../testing/png.js';
import { storedZipEntries } from '../../testing/zip-entries.js';
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';

const PARIS = { lat: 48.8566, lng: 2.3522, title: 'Paris' };
const BERLIN = { lat: 52.52, lng: 13.405, title: 'Berlin' };
const TOKYO = { lat: 35.6762, lng: 139.6503, title: 'Tokyo' };

/** The pixels of a PNG, as RGBA with their size: what a re-encode must keep. */
const pixelsOf = async (image: Buffer) => {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgba: data.toString('base64') };
};

/** The last chunk every PNG ends with: length 0, type IEND, and its CRC. */
const IEND = Buffer.from('0000000049454e44ae426082', 'hex');

/** A figure every paid plan may wear from the start. */
const STARTER: AvatarParts = { body: 'body-regular', skin: 'skin-olive', face: 'face-smile' };

describe.each(testDialects())('the avatar wardrobe on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  const signedInUser = accountMaker(() => t, { label: 'dresser' });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    // Its own storage folder, so the renders a traveller has stored can be counted.
    dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-avatar-'));
    t = await startTestApp(dialect, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const items = async (user: SignedInUser, query = '') => {
    const res = await call('GET', `/api/avatar/items${query}`, user);
    expect(res.statusCode).toBe(200);
    return AvatarItemsResponse.parse(res.json()).items;
  };
  const progress = async (user: SignedInUser) => {
    const res = await call('GET', '/api/avatar/progress', user);
    expect(res.statusCode).toBe(200);
    return AvatarProgress.parse(res.json());
  };
  const setTier = async (user: SignedInUser, tier: string) => {
    await t.db.updateTable('users').set({ tier }).where('id', '=', user.userId).execute();
    t.advance(USER_CACHE_TTL_MS + 1);
  };
  const paidUser = async (tier = 'basic') => {
    const user = await signedInUser();
    await setTier(user, tier);
    return user;
  };
  const savedAvatar = async (user: SignedInUser) => {
    const res = await call('GET', '/api/avatar/user', user);
    expect(res.statusCode).toBe(200);
    return AvatarConfig.parse(res.json());
  };
  const save = (user: SignedInUser, parts: AvatarParts) => call('PUT', '/api/avatar', user, { parts });
  const checkUnlocks = async (user: SignedInUser, body: { forceRecheck?: boolean } = {}) => {
    const res = await call('POST', '/api/avatar/check-unlocks', user, body);
    expect(res.statusCode, res.body).toBe(200);
    return CheckUnlocksResponse.parse(res.json());
  };
  const putImage = (user: SignedInUser, body: Buffer, contentType = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/avatar/image',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
      payload: body,
    });
  /** The traveller's renders in local storage. */
  const storedRenders = (user: SignedInUser): string[] => {
    try {
      return readdirSync(path.join(dataDir, 'media', 'avatars', user.userId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  const refusal = (res: { statusCode: number; json(): { error: { message: string } } }) => ({
    status: res.statusCode,
    message: res.json().error.message,
  });

  it('gives a new free traveller the parts to start with, none of them wearable on free', async () => {
    const ada = await signedInUser();
    const all = await items(ada);
    expect(all).toHaveLength(avatarItems().length);
    const unlocked = all.filter((item) => item.unlocked);
    expect(unlocked.length).toBeGreaterThan(0);
    expect(unlocked.every((item) => item.unlockHint === 'Available from the start')).toBe(true);
    expect(all.some((item) => item.wearable)).toBe(false);
    expect(all.find((item) => item.id === 'flag-fr')).toMatchObject({
      unlocked: false,
      unlockHint: 'Visit France',
    });
    expect(await progress(ada)).toMatchObject({
      countriesVisited: 0,
      continentsVisited: 0,
      verifiedPins: 0,
      unlockedCount: unlocked.length,
      totalCount: all.length,
      customizationLevel: null,
    });
  });

  it('unlocks from the traveller’s own pins, and lets the plan wear up to its level', async () => {
    const ben = await signedInUser();
    const other = await signedInUser();
    await setTier(ben, 'basic');
    const paris = await createPinAs(call, ben, PARIS);
    await createPinAs(call, ben, BERLIN);
    await createPinAs(call, ben, TOKYO);

    const flags = await items(ben, '?category=flag&unlocked=true');
    expect(flags.map((item) => item.id)).toEqual(['flag-de', 'flag-fr', 'flag-jp']);
    expect(flags.every((item) => item.wearable)).toBe(true);

    // Two continents unlock the parka, a rare part: the basic plan wears up to uncommon.
    const parka = (await items(ben, '?category=top')).find((item) => item.id === 'top-parka');
    expect(parka).toMatchObject({ unlocked: true, wearable: false, rarity: 'rare' });
    await setTier(ben, 'standard');
    expect((await items(ben, '?category=top')).find((item) => item.id === 'top-parka')?.wearable).toBe(true);

    expect((await items(ben, '?category=accessory')).find((i) => i.id === 'accessory-camera')?.unlocked).toBe(
      false,
    );
    await t.db
      .updateTable('pins')
      .set({ verification_status: 'verified' })
      .where('id', '=', paris.pinId)
      .execute();
    expect((await items(ben, '?category=accessory')).find((i) => i.id === 'accessory-camera')?.unlocked).toBe(
      true,
    );
    expect(await progress(ben)).toMatchObject({
      countriesVisited: 3,
      continentsVisited: 2,
      verifiedPins: 1,
      customizationLevel: 'full',
    });
    const achievements = (await call('GET', '/api/avatar/achievements', ben)).json().achievements;
    expect(achievements.map((a: { id: string; earned: boolean }) => [a.id, a.earned])).toEqual([
      ['explorer', true],
      ['wanderer', false],
      ['traveler', false],
    ]);
    const unlockedIds = (await call('GET', '/api/avatar/unlocked', ben)).json().itemIds as string[];
    expect(unlockedIds).toEqual(expect.arrayContaining(['flag-fr', 'top-parka', 'accessory-camera']));

    // Another traveller's pins unlock nothing for them.
    expect(await items(other, '?category=flag&unlocked=true')).toEqual([]);
    expect((await progress(other)).countriesVisited).toBe(0);
  });

  it('narrows by subcategory and rarity, and refuses an unknown category or rarity', async () => {
    const cleo = await signedInUser();
    const hats = await items(cleo, '?category=headwear&subcategory=hat');
    expect(hats.length).toBeGreaterThan(0);
    expect(hats.every((item) => item.category === 'headwear' && item.subcategory === 'hat')).toBe(true);
    const legendary = await items(cleo, '?rarity=legendary');
    expect(legendary.length).toBeGreaterThan(0);
    expect(legendary.every((item) => item.rarity === 'legendary' && !item.unlocked)).toBe(true);
    expect(await items(cleo, '?rarity=legendary&unlocked=true')).toEqual([]);
    for (const query of ['?category=wings', '?rarity=mythic', '?unlocked=yes', '?subcategory=helmet']) {
      expect((await call('GET', `/api/avatar/items${query}`, cleo)).statusCode, query).toBe(400);
    }
  });

  it('has nothing saved at first, then keeps the parts saved last, for that traveller only', async () => {
    const dee = await paidUser();
    const other = await paidUser();
    expect(await savedAvatar(dee)).toEqual({ hasAvatar: false, parts: {}, imageUrl: null, updatedAt: null });

    const first = await save(dee, { ...STARTER, hair: 'hair-bun-auburn', top: 'top-hoodie' });
    expect(first.statusCode, first.body).toBe(200);
    const answered = AvatarConfig.parse(first.json());
    expect(answered).toMatchObject({
      hasAvatar: true,
      parts: { ...STARTER, hair: 'hair-bun-auburn', top: 'top-hoodie' },
      imageUrl: null,
    });
    expect(Date.parse(answered.updatedAt!)).not.toBeNaN();
    expect(await savedAvatar(dee)).toEqual(answered);

    // A save replaces the parts: what it leaves out is no longer worn.
    t.advance(1_000);
    const second = await save(dee, { ...STARTER, face: 'face-grin', shoes: 'shoes-sneakers' });
    expect(second.statusCode, second.body).toBe(200);
    const now = await savedAvatar(dee);
    expect(now.parts).toEqual({ ...STARTER, face: 'face-grin', shoes: 'shoes-sneakers' });
    expect(Date.parse(now.updatedAt!)).toBeGreaterThan(Date.parse(answered.updatedAt!));

    // Another traveller sees nothing of it, and their own save leaves it alone.
    expect(await savedAvatar(other)).toEqual({
      hasAvatar: false,
      parts: {},
      imageUrl: null,
      updatedAt: null,
    });
    expect((await save(other, { ...STARTER, skin: 'skin-ebony' })).statusCode).toBe(200);
    expect((await savedAvatar(other)).parts).toEqual({ ...STARTER, skin: 'skin-ebony' });
    expect((await savedAvatar(dee)).parts).toEqual(now.parts);
  });

  it('makes no avatar on the free plan', async () => {
    const eve = await signedInUser();
    const res = await save(eve, STARTER);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'FEATURE_REQUIRED',
      message: 'Upgrade to any paid plan to create avatars',
    });
    expect(refusal(await putImage(eve, png(2, 2)))).toEqual({
      status: 403,
      message: 'Upgrade to any paid plan to create avatars',
    });
    expect((await savedAvatar(eve)).hasAvatar).toBe(false);
  });

  it('refuses a part unknown, of another category, still locked or too rare for the plan', async () => {
    const fay = await paidUser('basic');
    expect((await save(fay, STARTER)).statusCode).toBe(200);
    await createPinAs(call, fay, PARIS);
    await createPinAs(call, fay, TOKYO);

    const refused = async (parts: AvatarParts) => refusal(await save(fay, { ...STARTER, ...parts }));
    expect(await refused({ hair: 'hair-mohawk' })).toEqual({
      status: 400,
      message: 'There is no avatar part "hair-mohawk"',
    });
    expect(await refused({ hair: 'top-hoodie' })).toEqual({
      status: 400,
      message: 'Hoodie is a top part, not a hair part',
    });
    expect(await refused({ face: 'face-wink' })).toEqual({
      status: 400,
      message: 'Wink is still locked. Visit 3 countries to unlock it.',
    });
    expect(await refused({ accessory: 'accessory-camera' })).toEqual({
      status: 400,
      message: 'Camera is still locked. Verify 1 pin with photo GPS to unlock it.',
    });
    // Two continents unlock the parka, a rare part; the Adventurer plan wears up to uncommon.
    expect(await refused({ top: 'top-parka' })).toEqual({
      status: 400,
      message: 'Your Adventurer plan cannot wear rare parts such as Parka. Upgrade to wear it.',
    });
    // The schema's own refusals: a figure needs a body, a skin and a face, and categories are fixed.
    const { face: _face, ...faceless } = STARTER;
    expect((await save(fay, faceless)).statusCode).toBe(400);
    expect((await call('PUT', '/api/avatar', fay, { parts: { ...STARTER, wings: 'x' } })).statusCode).toBe(
      400,
    );
    expect((await save(fay, { ...STARTER, hair: 'h'.repeat(65) })).statusCode).toBe(400);

    expect((await savedAvatar(fay)).parts).toEqual(STARTER);
    // What travel unlocked and the plan allows is worn.
    expect((await save(fay, { ...STARTER, headwear: 'headwear-sun-hat', flag: 'flag-jp' })).statusCode).toBe(
      200,
    );
    await setTier(fay, 'standard');
    expect((await save(fay, { ...STARTER, top: 'top-parka' })).statusCode).toBe(200);
  });

  it('lets parallel saves all succeed, the last of them standing', async () => {
    const gus = await paidUser();
    const hairs = [
      'hair-short-brown',
      'hair-short-black',
      'hair-long-blond',
      'hair-bun-auburn',
      'hair-curly-black',
    ];
    const answers = await Promise.all(hairs.map((hair) => save(gus, { ...STARTER, hair })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    answers.forEach((res, i) => expect(res.json().parts.hair).toBe(hairs[i]));
    const last = await savedAvatar(gus);
    expect(hairs).toContain(last.parts.hair);
    expect(last.parts).toEqual({ ...STARTER, hair: last.parts.hair });
    expect(
      await t.db.selectFrom('avatars').select('user_id').where('user_id', '=', gus.userId).execute(),
    ).toHaveLength(1);
  });

  it('stores the PNG render encoded again, links to its pixels, and deletes the render it replaces', async () => {
    const hal = await paidUser();
    const first = png(3, 2, [200, 40, 10, 255]);
    expect(refusal(await putImage(hal, first))).toEqual({ status: 404, message: 'No avatar saved' });
    expect(storedRenders(hal)).toEqual([]);

    expect((await save(hal, STARTER)).statusCode).toBe(200);
    const stored = await putImage(hal, first);
    expect(stored.statusCode, stored.body).toBe(200);
    const withImage = AvatarConfig.parse(stored.json());
    expect(withImage).toMatchObject({ hasAvatar: true, parts: STARTER });
    const image = await t.app.inject({ method: 'GET', url: withImage.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await pixelsOf(image.rawPayload)).toEqual(await pixelsOf(first));
    expect((await savedAvatar(hal)).imageUrl).toBe(withImage.imageUrl);
    expect(storedRenders(hal)).toHaveLength(1);

    // Saving the parts again keeps the render; a new render replaces the old one, whose object goes.
    expect((await save(hal, { ...STARTER, hair: 'hair-short-black' })).statusCode).toBe(200);
    expect((await savedAvatar(hal)).imageUrl).toBe(withImage.imageUrl);
    const second = png(AVATAR_IMAGE_LIMITS.maxSide, AVATAR_IMAGE_LIMITS.maxSide, [10, 120, 240, 128]);
    const replaced = AvatarConfig.parse((await putImage(hal, second)).json());
    expect(replaced.imageUrl).not.toBe(withImage.imageUrl);
    const newImage = await t.app.inject({ method: 'GET', url: replaced.imageUrl! });
    expect(await pixelsOf(newImage.rawPayload)).toEqual(await pixelsOf(second));
    expect((await t.app.inject({ method: 'GET', url: withImage.imageUrl! })).statusCode).toBe(404);
    expect(storedRenders(hal)).toHaveLength(1);

    // Renders uploaded at once: each replaces the one before it, so a single one stays stored.
    const renders = [1, 2, 3, 4, 5].map((side) => png(side, side, [side * 50, 0, 0, 255]));
    const answers = await Promise.all(renders.map((render) => putImage(hal, render)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(storedRenders(hal)).toHaveLength(1);
    const kept = await t.app.inject({ method: 'GET', url: (await savedAvatar(hal)).imageUrl! });
    const keptPixels = await pixelsOf(kept.rawPayload);
    const sentPixels = await Promise.all(renders.map(pixelsOf));
    expect(sentPixels).toContainEqual(keptPixels);

    // Another traveller's view never links to it.
    const other = await paidUser();
    expect((await savedAvatar(other)).imageUrl).toBeNull();
  });

  it('refuses a render that is no PNG, too big, damaged or of another type, storing nothing', async () => {
    const ivy = await paidUser();
    expect((await save(ivy, STARTER)).statusCode).toBe(200);
    const corrupt = png(2, 2);
    corrupt[20] = 0x07; // inside the IHDR's width: its CRC no longer matches
    // Signature and IHDR (33 bytes) of a real 64×64 PNG, then pixel data that does not inflate.
    const damaged = Buffer.concat([
      png(64, 64).subarray(0, 33),
      pngChunk('IDAT', Buffer.from('this is not deflated pixel data')),
      IEND,
    ]);
    const withoutEnd = png(2, 2).subarray(0, -IEND.length);
    const cases: [string, Buffer, string, number, string][] = [
      [
        'text',
        Buffer.from('not a png at all, just some text'),
        'image/png',
        400,
        'The avatar image must be a PNG',
      ],
      ['a cut-off header', png(2, 2).subarray(0, 20), 'image/png', 400, 'The avatar image must be a PNG'],
      ['a header whose CRC fails', corrupt, 'image/png', 400, 'The avatar image must be a PNG'],
      ['pixel data that does not inflate', damaged, 'image/png', 400, 'The avatar image must be a PNG'],
      ['no IEND', withoutEnd, 'image/png', 400, 'The avatar image must be a PNG'],
      ['zero width', png(0, 4), 'image/png', 400, 'The avatar image must be 1 to 1024 pixels wide and high'],
      [
        '1025 pixels high',
        png(4, 1025),
        'image/png',
        400,
        'The avatar image must be 1 to 1024 pixels wide and high',
      ],
      [
        'over 512 KiB',
        Buffer.concat([png(2, 2), Buffer.alloc(AVATAR_IMAGE_LIMITS.maxBytes)]),
        'image/png',
        413,
        'Request body is too large',
      ],
      ['a JPEG type', png(2, 2), 'image/jpeg', 415, 'Send the avatar image as image/png'],
      ['JSON', Buffer.from('{"image":"x"}'), 'application/json', 415, 'Send the avatar image as image/png'],
      ['plain text', Buffer.from('hello'), 'text/plain', 415, 'Send the avatar image as image/png'],
    ];
    for (const [what, body, type, status, message] of cases) {
      expect(refusal(await putImage(ivy, body, type)), what).toEqual({ status, message });
    }
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/avatar/image',
      headers: { authorization: `Bearer ${ivy.token}` },
    });
    expect(empty.statusCode).toBe(415);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/avatar/image',
      headers: { 'content-type': 'image/png' },
      payload: png(2, 2),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(storedRenders(ivy)).toEqual([]);
    expect((await savedAvatar(ivy)).imageUrl).toBeNull();
  });

  it('stores a PNG with HTML appended as a clean re-encode ending at IEND, served as image/png with nosniff', async () => {
    const max = await paidUser();
    expect((await save(max, STARTER)).statusCode).toBe(200);
    const picture = png(16, 16, [30, 160, 90, 255]);
    const html =
      '<html><body><script>fetch("/api/profile").then(r=>r.text()).then(alert)</script></body></html>';
    const polyglot = Buffer.concat([picture, Buffer.from(html)]);

    const stored = await putImage(max, polyglot);
    expect(stored.statusCode, stored.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: AvatarConfig.parse(stored.json()).imageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline/);
    // Not the bytes sent: a new PNG whose last bytes are its IEND, with nothing of the HTML in it.
    expect(served.rawPayload.equals(polyglot)).toBe(false);
    expect(served.rawPayload.subarray(-IEND.length).equals(IEND)).toBe(true);
    expect(served.rawPayload.includes('<html')).toBe(false);
    expect(served.rawPayload.includes('script')).toBe(false);
    expect(await pixelsOf(served.rawPayload)).toEqual(await pixelsOf(picture));
    expect(storedRenders(max)).toHaveLength(1);
  });

  it('refuses an animated PNG of 120 frames of 1024×1024, storing nothing', async () => {
    const nia = await paidUser();
    expect((await save(nia, STARTER)).statusCode).toBe(200);
    // 480 MiB once a browser decodes every frame, sent in well under the 512 KiB a render may weigh.
    const animation = animatedPng(AVATAR_IMAGE_LIMITS.maxSide, AVATAR_IMAGE_LIMITS.maxSide, 120);
    expect(animation.length).toBeLessThan(AVATAR_IMAGE_LIMITS.maxBytes);
    expect(refusal(await putImage(nia, animation))).toEqual({
      status: 400,
      message: 'The avatar image must be a still picture, not an animation',
    });
    // A single-frame APNG is an animation too: the rule is the animation chunks, not their count.
    expect(refusal(await putImage(nia, animatedPng(8, 8, 1))).status).toBe(400);
    expect(storedRenders(nia)).toEqual([]);
    expect((await savedAvatar(nia)).imageUrl).toBeNull();
  });

  it('refuses a decompression bomb from its header, before any pixel is inflated', async () => {
    const oto = await paidUser();
    expect((await save(oto, STARTER)).statusCode).toBe(200);
    const sizeRefusal = { status: 400, message: 'The avatar image must be 1 to 1024 pixels wide and high' };
    // A whole, valid 4096×4096 PNG: 64 MiB of pixels in about 64 KiB.
    const bomb = png(4096, 4096);
    expect(bomb.length).toBeLessThan(AVATAR_IMAGE_LIMITS.maxBytes);
    expect(refusal(await putImage(oto, bomb))).toEqual(sizeRefusal);
    // A header declaring 60000×60000 over pixel data that cannot inflate: refused for its size, not as
    // damaged, because the pixel data is never read.
    const declared = Buffer.concat([
      png(60_000, 1).subarray(0, 33),
      pngChunk('IDAT', Buffer.from('never inflated')),
      IEND,
    ]);
    declared.writeUInt32BE(60_000, 20); // the height, then the IHDR's CRC again
    declared.writeUInt32BE(crc32(declared.subarray(12, 29)), 29);
    expect(refusal(await putImage(oto, declared))).toEqual(sizeRefusal);
    expect(storedRenders(oto)).toEqual([]);
  });

  it('tells each part travel unlocks once, in catalogue order, even to checks made at once', async () => {
    const jon = await paidUser();
    // Parts available from the start were never locked: they are no news.
    const first = await checkUnlocks(jon);
    expect(first.newlyUnlocked).toEqual([]);
    expect(first.removedParts).toEqual([]);
    const startCount = avatarItems().filter((item) => item.unlock.kind === 'start').length;
    expect(first.unlockedCount).toBe(startCount);

    await createPinAs(call, jon, PARIS);
    expect(await checkUnlocks(jon)).toEqual({
      newlyUnlocked: ['headwear-sun-hat', 'accessory-sunglasses', 'flag-fr'],
      unlockedCount: startCount + 3,
      removedParts: [],
    });
    expect((await checkUnlocks(jon)).newlyUnlocked).toEqual([]);

    await createPinAs(call, jon, BERLIN);
    const together = await Promise.all(Array.from({ length: 10 }, () => checkUnlocks(jon)));
    expect(together.map((answer) => answer.newlyUnlocked).filter((ids) => ids.length > 0)).toEqual([
      ['top-flannel', 'shoes-sandals', 'headwear-beanie', 'flag-de'],
    ]);
    expect((await checkUnlocks(jon)).newlyUnlocked).toEqual([]);
    // Checking made no avatar.
    expect(await savedAvatar(jon)).toEqual({ hasAvatar: false, parts: {}, imageUrl: null, updatedAt: null });
  });

  it('with forceRecheck takes off what a cheaper plan or a deleted pin no longer allows', async () => {
    const kim = await paidUser('standard');
    await createPinAs(call, kim, PARIS);
    await createPinAs(call, kim, BERLIN);
    const tokyo = await createPinAs(call, kim, TOKYO);
    const dressed = {
      body: 'body-broad',
      skin: 'skin-honey',
      face: 'face-wink',
      top: 'top-parka',
      accessory: 'accessory-compass',
      flag: 'flag-jp',
    };
    expect((await save(kim, dressed)).statusCode).toBe(200);

    // A cheaper plan: the rare parka and compass come off, but only when asked to recheck.
    await setTier(kim, 'basic');
    expect((await checkUnlocks(kim)).removedParts).toEqual([]);
    expect((await savedAvatar(kim)).parts).toEqual(dressed);
    expect((await checkUnlocks(kim, { forceRecheck: true })).removedParts).toEqual([
      'top-parka',
      'accessory-compass',
    ]);
    expect((await savedAvatar(kim)).parts).toEqual({
      body: 'body-broad',
      skin: 'skin-honey',
      face: 'face-wink',
      flag: 'flag-jp',
    });

    // Tokyo deleted: two countries lock the wink, and Japan's flag. A face stays on: the first one worn.
    expect((await call('DELETE', `/api/pins/${tokyo.pinId}`, kim)).statusCode).toBe(204);
    const recheck = await checkUnlocks(kim, { forceRecheck: true });
    expect(recheck.removedParts).toEqual(['face-wink', 'flag-jp']);
    expect((await savedAvatar(kim)).parts).toEqual({
      body: 'body-broad',
      skin: 'skin-honey',
      face: 'face-smile',
    });
    expect((await checkUnlocks(kim, { forceRecheck: true })).removedParts).toEqual([]);

    // On the free plan nothing can be worn, and nothing is taken off: a paid plan finds the avatar again.
    await setTier(kim, 'free');
    expect((await checkUnlocks(kim, { forceRecheck: true })).removedParts).toEqual([]);
    expect((await savedAvatar(kim)).hasAvatar).toBe(true);
  });

  it('exports the saved parts with the account, and deletes the avatar and its render with it', async () => {
    const lea = await paidUser();
    expect((await save(lea, { ...STARTER, hair: 'hair-long-blond' })).statusCode).toBe(200);
    expect((await putImage(lea, png(2, 2))).statusCode).toBe(200);
    expect(storedRenders(lea)).toHaveLength(1);

    const exported = await call('GET', '/api/account/export', lea);
    expect(exported.statusCode).toBe(200);
    const avatarJson = storedZipEntries(exported.rawPayload).get('avatar.json');
    expect(JSON.parse(avatarJson!.toString('utf8'))).toMatchObject({
      parts: { ...STARTER, hair: 'hair-long-blond' },
    });

    const email = (await call('GET', '/api/profile', lea)).json().email as string;
    expect((await call('DELETE', '/api/account', lea, { email, password: TEST_PASSWORD })).statusCode).toBe(
      204,
    );
    expect(storedRenders(lea)).toEqual([]);
    expect(
      await t.db.selectFrom('avatars').select('user_id').where('user_id', '=', lea.userId).execute(),
    ).toEqual([]);
  });
});
