// A pin's gallery in the order its photos were taken, and captions, on SQLite and PostgreSQL: real files
// through the upload routes, then the order the gallery lists them in, setting, trimming and clearing a
// caption, its limit, another user's item, and the caption in the account's export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_MESSAGES, MediaItem, MediaListResponse } from '@waymarks/shared';
import { newId } from '../../common/ids.js';
import { migrateToLatest } from '../../db/database.js';
import { storedZipEntries } from '../../testing/zip-entries.js';
import { uploadFixture } from '../../testing/uploads.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  createTestDatabase,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
  type TestDatabase,
} from '../../testing/test-app.js';
import { MediaRepository } from './media.repository.js';

const AREZZO = { lat: 43.4665, lng: 11.882, title: 'Arezzo' };
const JPEG = { contentType: 'image/jpeg' };
const MINUTE_MS = 60_000;

describe.each(testDialects())('the gallery on %s', (dialect) => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'gallery' });

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  async function gallery(user: SignedInUser, pinId: string): Promise<MediaItem[]> {
    const listed = await call('GET', `/api/media/pin/${pinId}`, user);
    expect(listed.statusCode, listed.body).toBe(200);
    return MediaListResponse.parse(listed.json()).media;
  }

  const setCaption = (user: SignedInUser, mediaId: string, caption: unknown) =>
    call('PUT', `/api/media/${mediaId}`, user, { caption });

  describe('order', () => {
    it('lists by date taken, oldest first, then the photos without a date as they were uploaded', async () => {
      const user = await newAccount();
      const { pinId } = await createPinAs(call, user, AREZZO);
      // Uploaded in an order that is neither the order taken nor its reverse.
      const upload = async (fixture: string, contentType = 'image/jpeg') => {
        const mediaId = await uploadFixture(t, call, user, pinId, fixture, { contentType });
        t.advance(MINUTE_MS);
        return mediaId;
      };
      const undatedFirst = await upload('photos/no-gps/orientation_6.jpg');
      const jolla = await upload('photos/no-gps/jolla.jpg');
      const undatedLater = await upload('photos/no-gps/no_metadata.heif', 'image/heic');
      const canon = await upload('photos/no-gps/canon_40d.jpg');

      const listed = await gallery(user, pinId);
      expect(listed.map((item) => [item.mediaId, item.exifData.dateTaken])).toEqual([
        [canon, '2008-05-30T15:56:01'],
        [jolla, '2014-09-21T16:00:56'],
        [undatedFirst, null],
        [undatedLater, null],
      ]);
    });
  });

  describe('captions', () => {
    let alice: SignedInUser;
    let bob: SignedInUser;
    let pinId: string;
    let photo: string;

    beforeAll(async () => {
      [alice, bob] = [await newAccount(), await newAccount()];
      pinId = (await createPinAs(call, alice, AREZZO)).pinId;
      photo = await uploadFixture(t, call, alice, pinId, 'photos/gps/DSCN0010.jpg', JPEG);
    });

    it('are none on a new upload', async () => {
      const [item] = await gallery(alice, pinId);
      expect(item?.caption).toBeNull();
    });

    it('are set trimmed, answered with the item, and listed by the gallery', async () => {
      const res = await setCaption(alice, photo, '  Piazza Grande at dusk\n');
      expect(res.statusCode, res.body).toBe(200);
      const item = MediaItem.parse(res.json());
      expect(item).toMatchObject({ mediaId: photo, caption: 'Piazza Grande at dusk', status: 'ready' });
      expect(item.thumbnailUrl).not.toBeNull();
      expect((await gallery(alice, pinId))[0]?.caption).toBe('Piazza Grande at dusk');
    });

    it('are removed by an empty caption, one of spaces only, or null', async () => {
      for (const none of ['', '   \n ', null]) {
        await setCaption(alice, photo, 'Something to remove');
        const res = await setCaption(alice, photo, none);
        expect(res.statusCode, res.body).toBe(200);
        expect(MediaItem.parse(res.json()).caption).toBeNull();
        expect((await gallery(alice, pinId))[0]?.caption).toBeNull();
      }
    });

    it(`take ${MEDIA_LIMITS.captionMax} characters once trimmed and refuse one more, saying so`, async () => {
      const longest = 'a'.repeat(MEDIA_LIMITS.captionMax);
      const kept = await setCaption(alice, photo, ` ${longest} `);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(MediaItem.parse(kept.json()).caption).toBe(longest);

      const refused = await setCaption(alice, photo, `${longest}b`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: { code: 'VALIDATION_ERROR', message: MEDIA_MESSAGES.captionTooLong },
      });
      expect((await gallery(alice, pinId))[0]?.caption).toBe(longest);
    });

    it("answer another user's item 404, like one that does not exist, and leave its caption", async () => {
      await setCaption(alice, photo, 'Mine');
      const theirs = await setCaption(bob, photo, 'Not yours');
      const missing = await setCaption(bob, newId(), 'Not yours');
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
      expect(missing.statusCode).toBe(404);
      expect((await gallery(alice, pinId))[0]?.caption).toBe('Mine');
    });

    it('cannot be given to an upload that is not complete', async () => {
      const reserved = await uploadFixture(t, call, alice, pinId, 'photos/gps/DSCN0012.jpg', {
        ...JPEG,
        until: 'stored',
      });
      expect((await setCaption(alice, reserved, 'Too soon')).statusCode).toBe(404);
      const row = await t.db
        .selectFrom('media')
        .select('caption')
        .where('id', '=', reserved)
        .executeTakeFirst();
      expect(row?.caption).toBeNull();
    });

    it("go into the account's export with their item", async () => {
      await setCaption(alice, photo, 'Piazza Grande at dusk');
      const link = await call('GET', '/api/account/export-url', alice);
      expect(link.statusCode, link.body).toBe(200);
      const zip = await t.app.inject({ method: 'GET', url: link.json().downloadUrl });
      const geo = JSON.parse(storedZipEntries(zip.rawPayload).get('pins.geojson')!.toString('utf8'));
      expect(geo.features[0].properties.media).toEqual([
        expect.objectContaining({ mediaId: photo, caption: 'Piazza Grande at dusk' }),
      ]);
    });
  });
});

describe.each(testDialects())('the gallery order of the media repository on %s', (dialect) => {
  let database: TestDatabase;
  let repository: MediaRepository;
  const userId = newId();
  const pinId = newId();
  const AT = 1_700_000_000_000;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    repository = new MediaRepository(database.db);
    await database.db
      .insertInto('users')
      .values({
        id: userId,
        email: 'ordered@example.com',
        name: 'Gertrude Bell',
        username: null,
        username_key: null,
        password_hash: null,
        picture: null,
        email_verified: 1,
        tier: 'pro',
        google_sub: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await database.db
      .insertInto('pins')
      .values({
        id: pinId,
        user_id: userId,
        title: 'Aleppo',
        lat: 36.2,
        lng: 37.16,
        country_code: 'SY',
        country_name: 'Syria',
        visit_date: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
  });
  afterAll(() => database?.drop());

  /** A ready row named `filename`, taken at `takenAt`, uploaded `minutes` after AT. */
  async function stored(filename: string, takenAt: string | null, minutes: number, status = 'ready') {
    await database.db
      .insertInto('media')
      .values({
        id: newId(),
        user_id: userId,
        pin_id: pinId,
        storage_key: `media/${userId}/${filename}`,
        status,
        filename,
        content_type: 'image/jpeg',
        kind: 'image',
        declared_bytes: 1000,
        taken_at: takenAt,
        created_at: AT,
        expires_at: AT,
        uploaded_at: AT + minutes * MINUTE_MS,
      })
      .execute();
  }

  it('compares the wall-clock time shown, not the offset; equal times and undated rows go by upload', async () => {
    await stored('undated-late.jpg', null, 1);
    await stored('tokyo-evening.jpg', '2024-05-12T19:00:00+09:00', 2);
    await stored('lisbon-noon.jpg', '2024-05-12T12:00:00+01:00', 3);
    await stored('same-minute-later.jpg', '2024-05-12T12:00:00', 5);
    await stored('undated-early.jpg', null, 0);
    await stored('video-morning.mp4', '2024-05-12T08:30:00Z', 6);
    await stored('refused-older.jpg', '2019-01-01T00:00:00', 7, 'refused');
    await stored('pending-oldest.jpg', '2001-01-01T00:00:00', 8, 'pending');

    const listed = await repository.listGallery(pinId);
    expect(listed.map((row) => row.filename)).toEqual([
      'refused-older.jpg',
      'video-morning.mp4',
      'lisbon-noon.jpg',
      'same-minute-later.jpg',
      'tokyo-evening.jpg',
      'undated-early.jpg',
      'undated-late.jpg',
    ]);
  });
});
