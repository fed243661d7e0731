// The upload protocol end to end through the real routes and local storage, on SQLite and PostgreSQL:
// upload-url → PUT → complete with real photos and videos, the gallery, downloads, deletion, the limits of
// the tiers, and every hostile file refused with nothing stored.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  CompleteUploadResponse,
  MB,
  MEDIA_MESSAGES,
  MediaListResponse,
  Pin,
  UploadUrlResponse,
} from '@waymarks/shared';
import { mediaFixture } from '../../testing/media-fixtures.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { mediaKeys } from './media-keys.js';
import { MediaRepository } from './media.repository.js';
import { MediaSweep } from './media.sweep.js';
import { createStorage } from '../../adapters/storage/storage.js';
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';

const AREZZO = { lat: 43.4665, lng: 11.882 };
const TOKYO = { lat: 35.6586, lng: 139.7454 };

describe.each(testDialects())('media on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  const signedInUser = accountMaker(() => t, { label: 'traveller', name: 'Freya Stark' });
  const call = apiCaller(() => t);
  const createPin = (user: SignedInUser, at = AREZZO, title = 'Arezzo') =>
    createPinAs(call, user, { ...at, title });

  async function reserve(
    user: SignedInUser,
    pinId: string,
    bytes: Buffer,
    contentType: string,
    filename: string,
  ) {
    return call('POST', '/api/media/upload-url', user, {
      pinId,
      contentType,
      filename,
      sizeMB: bytes.length / MB,
      sizeBytes: bytes.length,
    });
  }

  const put = (url: string, bytes: Buffer, contentType: string) =>
    t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': contentType } });

  /** upload-url, PUT and complete; the response of complete. */
  async function upload(user: SignedInUser, pinId: string, fixture: string, contentType: string) {
    const bytes = readFileSync(mediaFixture(fixture));
    const reserved = await reserve(user, pinId, bytes, contentType, path.basename(fixture));
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { uploadUrl, mediaId, contentType: putType } = UploadUrlResponse.parse(reserved.json());
    const stored = await put(uploadUrl, bytes, putType);
    expect(stored.statusCode, stored.body).toBe(200);
    return call('POST', '/api/media/complete', user, {
      mediaId,
      exifData: { lastModified: 1_700_000_000_000 },
    });
  }

  /** Every stored object under a user's folder, as relative paths. */
  async function storedFiles(userId: string): Promise<string[]> {
    const dir = path.join(dataDir, 'media', 'media', userId);
    try {
      return (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
    } catch {
      return [];
    }
  }

  /** The item as the pin's gallery lists it now (the derivatives job has run: calls wait for jobs). */
  async function galleryItem(user: SignedInUser, pinId: string, mediaId: string) {
    const listed = await call('GET', `/api/media/pin/${pinId}`, user);
    expect(listed.statusCode, listed.body).toBe(200);
    const item = MediaListResponse.parse(listed.json()).media.find((one) => one.mediaId === mediaId);
    if (!item) throw new Error(`${mediaId} is not in the gallery`);
    return item;
  }

  const mediaRows = (userId: string) =>
    t.db.selectFrom('media').selectAll().where('user_id', '=', userId).execute();
  const getPin = async (user: SignedInUser, pinId: string) =>
    Pin.parse((await call('GET', `/api/pins/${pinId}`, user)).json());

  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-media-'));
    t = await startTestApp(dialect, { DATA_DIR: dataDir });
    [alice, bob] = [await signedInUser(), await signedInUser()];
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('a photo with GPS, uploaded to the pin where it was taken', () => {
    let pinId: string;
    let completed: CompleteUploadResponse;

    beforeAll(async () => {
      pinId = (await createPin(alice)).pinId;
      const res = await upload(alice, pinId, 'photos/gps/DSCN0010.jpg', 'image/jpeg');
      expect(res.statusCode, res.body).toBe(200);
      completed = CompleteUploadResponse.parse(res.json());
    });

    it('is verified with the full score, and the metadata read on the server is stored', () => {
      expect(completed.verification).toEqual({
        status: 'verified',
        score: 100,
        hasLocationVerification: true,
      });
      const { exifData } = completed.media;
      expect(exifData.location?.lat).toBeCloseTo(43.4674, 3);
      expect(exifData.location?.lng).toBeCloseTo(11.8851, 3);
      expect(exifData.dateTaken).toMatch(/^2008-10-22T16:/);
      expect(exifData.camera).toBe('NIKON COOLPIX P6000');
      expect(completed.media.contentType).toBe('image/jpeg');
    });

    it('makes the pin verified with a media count of one', async () => {
      const pin = await getPin(alice, pinId);
      expect(pin).toMatchObject({ mediaCount: 1, verificationStatus: 'verified', verificationScore: 100 });
      const verification = (await call('GET', `/api/pins/${pinId}/verification`, alice)).json();
      expect(verification).toMatchObject({ verificationStatus: 'verified', verificationScore: 100 });
    });

    it('lists it in the gallery with a 400×400 WebP thumbnail that carries no metadata', async () => {
      const list = MediaListResponse.parse((await call('GET', `/api/media/pin/${pinId}`, alice)).json());
      expect(list.media.map((item) => item.mediaId)).toEqual([completed.mediaId]);
      const item = list.media[0]!;
      expect(item.sizeBytes).toBe(readFileSync(mediaFixture('photos/gps/DSCN0010.jpg')).length);
      const thumb = await t.app.inject({ method: 'GET', url: item.thumbnailUrl! });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([400, 400, undefined]);
    });

    it('counts its size toward the country', async () => {
      const countries = (await call('GET', '/api/countries', alice)).json();
      const italy = countries.countries.find((c: { countryCode: string }) => c.countryCode === 'IT');
      expect(italy.mediaCount).toBe(1);
      expect(italy.totalSizeMB).toBeGreaterThan(0);
    });

    it("answers 404 to another user for the pin's list, the download link, completion and deletion", async () => {
      expect((await call('GET', `/api/media/pin/${pinId}`, bob)).statusCode).toBe(404);
      expect((await call('GET', `/api/media/${completed.mediaId}/download-url`, bob)).statusCode).toBe(404);
      expect(
        (await call('POST', '/api/media/complete', bob, { mediaId: completed.mediaId })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/media/${completed.mediaId}`, bob)).statusCode).toBe(404);
      const other = await reserve(bob, pinId, Buffer.alloc(10), 'image/jpeg', 'x.jpg');
      expect(other.statusCode).toBe(404);
    });

    it('completing twice answers the same result without adding a second item', async () => {
      const again = await call('POST', '/api/media/complete', alice, { mediaId: completed.mediaId });
      expect(again.statusCode).toBe(200);
      expect(CompleteUploadResponse.parse(again.json()).mediaId).toBe(completed.mediaId);
      expect((await getPin(alice, pinId)).mediaCount).toBe(1);
    });
  });

  describe('downloads', () => {
    it('refuse a free plan with the plan it needs, then give the original byte for byte on basic', async () => {
      const pin = await createPin(alice, AREZZO, 'Arezzo downloads');
      const done = CompleteUploadResponse.parse(
        (await upload(alice, pin.pinId, 'photos/gps/DSCN0012.jpg', 'image/jpeg')).json(),
      );
      const refused = await call('GET', `/api/media/${done.mediaId}/download-url`, alice);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'FEATURE_REQUIRED',
        message: 'Downloading photos and videos needs the Adventurer plan or higher.',
      });

      await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', alice.userId).execute();
      // The signed-in user is cached for up to a second: move the clock past it.
      t.advance(USER_CACHE_TTL_MS + 1);
      try {
        const link = await call('GET', `/api/media/${done.mediaId}/download-url`, alice);
        expect(link.statusCode, link.body).toBe(200);
        const file = await t.app.inject({ method: 'GET', url: link.json().downloadUrl });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(readFileSync(mediaFixture('photos/gps/DSCN0012.jpg')))).toBe(true);
        expect(file.headers['content-disposition']).toContain('attachment');
        expect(file.headers['content-disposition']).toContain('DSCN0012.jpg');

        const archiveLink = await call('GET', `/api/media/pin/${pin.pinId}/download-url`, alice);
        expect(archiveLink.statusCode).toBe(200);
        const zip = await t.app.inject({ method: 'GET', url: archiveLink.json().downloadUrl });
        expect(zip.statusCode).toBe(200);
        expect(zip.headers['content-type']).toBe('application/zip');
        expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
        // A stored (uncompressed) entry holds the original bytes as they are.
        expect(zip.rawPayload.includes(readFileSync(mediaFixture('photos/gps/DSCN0012.jpg')))).toBe(true);
        expect(zip.rawPayload.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');

        const tampered = archiveLink.json().downloadUrl.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
        expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
      } finally {
        await t.db.updateTable('users').set({ tier: 'free' }).where('id', '=', alice.userId).execute();
        t.advance(USER_CACHE_TTL_MS + 1);
      }
    });
  });

  describe('videos and phone photos', () => {
    it('reads a video’s place and date, makes a poster, and plays with seeking', async () => {
      const pin = await createPin(alice, TOKYO, 'Tokyo');
      const res = await upload(alice, pin.pinId, 'video/tokyo_xyz.mp4', 'video/mp4');
      expect(res.statusCode, res.body).toBe(200);
      const done = CompleteUploadResponse.parse(res.json());
      expect(done.media.isVideo).toBe(true);
      expect(done.verification.hasLocationVerification).toBe(true);
      expect(done.media.exifData.dateTaken).toMatch(/^2023-04-02T09:15:00/);
      // It plays at once; its poster is made by the derivatives job after the answer.
      expect(done.media).toMatchObject({ status: 'processing', thumbnailUrl: null, previewUrl: null });
      const item = await galleryItem(alice, pin.pinId, done.mediaId);
      expect(item.status).toBe('ready');
      const poster = await t.app.inject({ method: 'GET', url: item.thumbnailUrl! });
      expect(poster.headers['content-type']).toBe('image/webp');
      const range = await t.app.inject({
        method: 'GET',
        url: item.streamUrl!,
        headers: { range: 'bytes=0-99' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.length).toBe(100);
    });

    it('takes an iPhone HEIC, with a WebP preview any browser can show', async () => {
      const pin = await createPin(alice, { lat: 39.0513, lng: -94.2888 }, 'Kansas City');
      const res = await upload(alice, pin.pinId, 'photos/gps/iphone11_kansas_city.heic', '');
      expect(res.statusCode, res.body).toBe(200);
      const done = CompleteUploadResponse.parse(res.json());
      expect(done.media.contentType).toMatch(/^image\/hei[cf]$/);
      const item = await galleryItem(alice, pin.pinId, done.mediaId);
      expect(item).toMatchObject({ status: 'ready', width: expect.any(Number), height: expect.any(Number) });
      const preview = await t.app.inject({ method: 'GET', url: item.previewUrl! });
      expect(preview.headers['content-type']).toBe('image/webp');
    });
  });

  /** 'empty.jpg is empty.': a refusal is one sentence whose subject is the file, by its name. */
  const sentenceAbout = (name: string) =>
    new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (is|has) .+\\.$`);

  describe('refusals leave nothing stored and usage unchanged', () => {
    let henry: SignedInUser;
    let pinId: string;
    beforeAll(async () => {
      henry = await signedInUser();
      pinId = (await createPin(henry)).pinId;
    });

    // Not a photo or video at all: the bytes say so, and complete refuses them.
    const notMedia = [
      ['html-named.jpg', 'image/jpeg'],
      ['script.svg', 'image/jpeg'],
      ['executable-named.mp4', 'video/mp4'],
    ] as const;

    it.each(notMedia)('refuses hostile/%s at completion with a clear message', async (name, type) => {
      const before = await storedFiles(henry.userId);
      const res = await upload(henry, pinId, `hostile/${name}`, type);
      expect(res.statusCode, res.body).toBe(422);
      // A sentence about the file, by its name.
      expect(res.json().error.message).toMatch(sentenceAbout(name));
      expect(await storedFiles(henry.userId)).toEqual(before);
      expect((await mediaRows(henry.userId)).filter((row) => row.pin_id === pinId)).toEqual([]);
      expect((await getPin(henry, pinId)).mediaCount).toBe(0);
    });

    // A photo by its bytes and metadata, whose pixels cannot be read: the derivatives job refuses it.
    const unreadablePixels = [
      ['truncated.jpg', 'image/jpeg'],
      ['corrupted_data.jpg', 'image/jpeg'],
      ['pixel-flood-40000x40000.png', 'image/png'],
    ] as const;

    it.each(unreadablePixels)(
      'refuses hostile/%s once its pixels are read: nothing kept, nothing counted, the reason shown until removed',
      async (name, type) => {
        const before = await storedFiles(henry.userId);
        const usageBefore = (await call('GET', '/api/profile', henry)).json().usage;
        const res = await upload(henry, pinId, `hostile/${name}`, type);
        expect(res.statusCode, res.body).toBe(200);
        const { mediaId, media } = CompleteUploadResponse.parse(res.json());
        expect(media.status).toBe('processing');

        const item = await galleryItem(henry, pinId, mediaId);
        expect(item).toMatchObject({
          status: 'refused',
          thumbnailUrl: null,
          previewUrl: null,
          streamUrl: null,
        });
        expect(item.refusal).toMatch(sentenceAbout(name));
        expect(await storedFiles(henry.userId)).toEqual(before);
        expect((await getPin(henry, pinId)).mediaCount).toBe(0);
        expect((await call('GET', '/api/profile', henry)).json().usage).toEqual(usageBefore);
        const download = await call('GET', `/api/media/${mediaId}/download-url`, henry);
        expect(download.statusCode).toBe(404);

        const removed = await call('DELETE', `/api/media/${mediaId}`, henry);
        expect(removed.statusCode, removed.body).toBe(200);
        expect((await mediaRows(henry.userId)).filter((row) => row.pin_id === pinId)).toEqual([]);
      },
    );

    it('refuses an empty file before anything is stored', async () => {
      const res = await call('POST', '/api/media/upload-url', henry, {
        pinId: pinId,
        contentType: 'image/jpeg',
        filename: 'empty.jpg',
        sizeMB: 0,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MEDIA_MESSAGES.emptyFile);
    });

    it('refuses a declared type that does not match the bytes', async () => {
      const res = await upload(henry, pinId, 'photos/gps/DSCN0021.jpg', 'video/mp4');
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe('DSCN0021.jpg is a JPEG image, not the video it claims to be.');
      expect(await storedFiles(henry.userId)).toEqual([]);
    });

    it('refuses types that are not photos or videos at upload-url', async () => {
      const res = await reserve(henry, pinId, Buffer.alloc(100), 'text/html', 'page.html');
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('stops a PUT larger than declared and stores nothing', async () => {
      const bytes = readFileSync(mediaFixture('photos/gps/DSCN0025.jpg'));
      const reserved = UploadUrlResponse.parse(
        (await reserve(henry, pinId, bytes.subarray(0, 1000), 'image/jpeg', 'a.jpg')).json(),
      );
      const res = await put(reserved.uploadUrl, bytes, 'image/jpeg');
      expect(res.statusCode).toBe(413);
      expect(await storedFiles(henry.userId)).toEqual([]);
      const complete = await call('POST', '/api/media/complete', henry, { mediaId: reserved.mediaId });
      expect(complete.statusCode).toBe(409);
    });

    it('refuses an expired or tampered upload URL', async () => {
      const bytes = readFileSync(mediaFixture('photos/gps/DSCN0027.jpg'));
      const reserved = UploadUrlResponse.parse(
        (await reserve(henry, pinId, bytes, 'image/jpeg', 'b.jpg')).json(),
      );
      const tampered = reserved.uploadUrl.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await put(tampered, bytes, 'image/jpeg')).statusCode).toBe(403);
      t.advance(2 * 60 * 60 * 1000);
      try {
        const res = await put(reserved.uploadUrl, bytes, 'image/jpeg');
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('UPLOAD_URL_EXPIRED');
      } finally {
        t.advance(-2 * 60 * 60 * 1000);
      }
      expect(await storedFiles(henry.userId)).toEqual([]);
    });
  });

  describe('tier limits', () => {
    it('stops the 11th upload to one pin on the free plan, counting uploads in flight', async () => {
      const carol = await signedInUser();
      const pin = await createPin(carol);
      for (let i = 0; i < 10; i += 1) {
        expect(
          (await reserve(carol, pin.pinId, Buffer.alloc(1000), 'image/jpeg', `${i}.jpg`)).statusCode,
        ).toBe(200);
      }
      const refused = await reserve(carol, pin.pinId, Buffer.alloc(1000), 'image/jpeg', '10.jpg');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'MEDIA_LIMIT_REACHED',
        message: 'Your Wanderer plan allows 10 photos and videos per place. Upgrade to add more.',
      });
    });

    it('after a move to a smaller plan keeps what is there and refuses only more, saying why', async () => {
      const erin = await signedInUser();
      await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', erin.userId).execute();
      t.advance(USER_CACHE_TTL_MS + 1);
      const [crowded, roomy] = [await createPin(erin), await createPin(erin, TOKYO, 'Tokyo')];
      for (let i = 0; i < 12; i += 1) {
        expect(
          (await reserve(erin, crowded.pinId, Buffer.alloc(1000), 'image/jpeg', `${i}.jpg`)).statusCode,
        ).toBe(200);
      }
      const big = await call('POST', '/api/media/upload-url', erin, {
        pinId: roomy.pinId,
        contentType: 'video/mp4',
        filename: 'long.mp4',
        sizeMB: 1536,
      });
      expect(big.statusCode).toBe(200);

      await t.db.updateTable('users').set({ tier: 'free' }).where('id', '=', erin.userId).execute();
      t.advance(USER_CACHE_TTL_MS + 1);
      const perPlace = await reserve(erin, crowded.pinId, Buffer.alloc(1000), 'image/jpeg', 'more.jpg');
      expect(perPlace.statusCode).toBe(403);
      expect(perPlace.json().error).toEqual({
        code: 'MEDIA_LIMIT_REACHED',
        message:
          'This place has 12 photos and videos and your Wanderer plan allows 10 per place. ' +
          'All of them are kept; upgrade to add more.',
      });
      const storage = await reserve(erin, roomy.pinId, Buffer.alloc(1000), 'image/jpeg', 'more.jpg');
      expect(storage.statusCode).toBe(403);
      expect(storage.json().error.code).toBe('STORAGE_LIMIT_REACHED');
      expect(storage.json().error.message).toMatch(
        /^You store 1\.5 GB and your Wanderer plan includes 1 GB\. Everything stored is kept;/,
      );
      // Nothing was taken away.
      expect((await call('GET', `/api/media/pin/${crowded.pinId}`, erin)).statusCode).toBe(200);
      const { n } = await t.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', erin.userId)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(13);
    });

    it('stops an upload past the storage allowance of 1 GB × 1024 MB, and allows the exact edge', async () => {
      const dave = await signedInUser();
      const [one, two] = [await createPin(dave), await createPin(dave, TOKYO, 'Tokyo')];
      const edge = await call('POST', '/api/media/upload-url', dave, {
        pinId: one.pinId,
        contentType: 'video/mp4',
        filename: 'long.mp4',
        sizeMB: 1023,
      });
      expect(edge.statusCode).toBe(200);
      const fits = await call('POST', '/api/media/upload-url', dave, {
        pinId: two.pinId,
        contentType: 'image/jpeg',
        filename: 'last.jpg',
        sizeMB: 1,
      });
      expect(fits.statusCode).toBe(200);
      const over = await call('POST', '/api/media/upload-url', dave, {
        pinId: two.pinId,
        contentType: 'image/jpeg',
        filename: 'over.jpg',
        sizeBytes: 1,
        sizeMB: 1 / MB,
      });
      expect(over.statusCode).toBe(403);
      expect(over.json().error.code).toBe('STORAGE_LIMIT_REACHED');
      // Cancelling an upload in flight frees what it held.
      expect((await call('DELETE', `/api/media/${fits.json().mediaId}`, dave)).statusCode).toBe(200);
      expect(
        (
          await call('POST', '/api/media/upload-url', dave, {
            pinId: two.pinId,
            contentType: 'image/jpeg',
            filename: 'again.jpg',
            sizeMB: 1,
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('deletion', () => {
    it('removes one item with its files, lowers the count and the verification, and frees its storage', async () => {
      const erin = await signedInUser();
      const pin = await createPin(erin);
      const done = CompleteUploadResponse.parse(
        (await upload(erin, pin.pinId, 'photos/gps/DSCN0029.jpg', 'image/jpeg')).json(),
      );
      expect((await storedFiles(erin.userId)).sort()).toEqual(
        [`${done.mediaId}/original`, `${done.mediaId}/preview.webp`, `${done.mediaId}/thumb.webp`].sort(),
      );
      const res = await call('DELETE', `/api/media/${done.mediaId}`, erin);
      expect(res.statusCode).toBe(200);
      expect(res.json().pin).toMatchObject({
        mediaCount: 0,
        verificationStatus: 'unverified',
        verificationScore: 0,
      });
      expect(await storedFiles(erin.userId)).toEqual([]);
      expect(await mediaRows(erin.userId)).toEqual([]);
      const list = MediaListResponse.parse((await call('GET', `/api/media/pin/${pin.pinId}`, erin)).json());
      expect(list.media).toEqual([]);
    });

    it('deleting a pin removes its media and every stored file', async () => {
      const frank = await signedInUser();
      const pin = await createPin(frank);
      await upload(frank, pin.pinId, 'photos/gps/DSCN0038.jpg', 'image/jpeg');
      await upload(frank, pin.pinId, 'photos/gps/DSCN0040.jpg', 'image/jpeg');
      expect((await storedFiles(frank.userId)).length).toBe(6);
      expect((await call('DELETE', `/api/pins/${pin.pinId}`, frank)).statusCode).toBe(204);
      expect(await storedFiles(frank.userId)).toEqual([]);
      expect(await mediaRows(frank.userId)).toEqual([]);
    });
  });

  describe('the sweep', () => {
    it('removes objects no row owns and uploads abandoned long ago, and keeps everything else', async () => {
      const gina = await signedInUser();
      const pin = await createPin(gina);
      const kept = CompleteUploadResponse.parse(
        (await upload(gina, pin.pinId, 'photos/gps/DSCN0042.jpg', 'image/jpeg')).json(),
      );
      const abandoned = UploadUrlResponse.parse(
        (await reserve(gina, pin.pinId, Buffer.alloc(100), 'image/jpeg', 'gone.jpg')).json(),
      );
      await put(
        abandoned.uploadUrl,
        readFileSync(mediaFixture('photos/gps/DSCN0042.jpg')).subarray(0, 100),
        'image/jpeg',
      );
      const storage = createStorage(t.config.storage, { signingSecret: t.config.authSecret });
      const orphan = mediaKeys(gina.userId, '00000000-0000-4000-8000-000000000000');
      await storage.put(orphan.original, Buffer.from('left by a crash'), 'image/jpeg');

      const sweep = new MediaSweep({
        media: new MediaRepository(t.db),
        storage,
        now: () => Date.now() + 3 * 60 * 60 * 1000,
      });
      const report = await sweep.run({ partsOlderThanMs: 0 });
      expect(report.orphanObjects).toBeGreaterThanOrEqual(1);
      expect(report.abandonedUploads).toBeGreaterThanOrEqual(1);
      const files = await storedFiles(gina.userId);
      expect(files.filter((file) => file.startsWith(kept.mediaId)).length).toBe(3);
      expect(files.filter((file) => !file.startsWith(kept.mediaId))).toEqual([]);
      expect((await mediaRows(gina.userId)).map((row) => row.id)).toEqual([kept.mediaId]);
    });
  });
});
