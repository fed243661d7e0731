// An upload link outlives what it was made for: the upload may be deleted (alone, with its pin or with the
// account) or finished while the link is still valid. Local storage refuses such a PUT; an S3 link cannot
// be revoked, so what it writes never reaches a checked original, is removed at once with its upload, and
// is swept if written later; its declared size stays counted until the sweep has cleared it after the link
// ran out. Through the real routes, on SQLite and PostgreSQL, local disk and s3rver.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MB, MEDIA_LIMITS, Profile, UploadUrlResponse } from '@waymarks/shared';
import { createStorage, type Storage } from '../../adapters/storage/storage.js';
import { s3AppEnv, startS3rver, type S3TestServer } from '../../adapters/storage/storage-test-servers.js';
import { mediaFixture } from '../../testing/media-fixtures.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  TEST_PASSWORD,
  type Dialect,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { mediaKeys, readyObjectKeys } from './media-keys.js';
import { MediaRepository } from './media.repository.js';
import { MediaSweep } from './media.sweep.js';

const AREZZO = { lat: 43.4665, lng: 11.882, title: 'Arezzo' };
const photo = readFileSync(mediaFixture('photos/gps/DSCN0010.jpg'));
/** Bytes of the photo's length that are not the photo: what an attacker sends through a used link. */
const other = Buffer.alloc(photo.length, 0x41);

/** One app on one database and one kind of storage, with the API steps the tests take. */
function suite(dialect: Dialect, kind: 'local' | 's3', subnet: string) {
  let t: TestApp;
  let s3: S3TestServer | undefined;
  let dataDir: string;
  let storage: Storage;
  const signedInUser = accountMaker(() => t, { label: `links-${kind}` });
  const call = apiCaller(() => t);
  /** The app's clock, which `advance` moves. */
  let offset = 0;
  const now = () => Date.now() + offset;
  const advance = (ms: number) => {
    t.advance(ms);
    offset += ms;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-upload-links-'));
    let env: Record<string, string> = { DATA_DIR: dataDir };
    if (kind === 's3') {
      s3 = await startS3rver();
      env = {
        ...env,
        ...s3AppEnv(s3),
      };
    }
    t = await startTestApp(dialect, env);
    storage = createStorage(t.config.storage, { signingSecret: t.config.authSecret });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const askLink = (user: SignedInUser, pinId: string, bytes: number) =>
    call('POST', '/api/media/upload-url', user, {
      pinId,
      contentType: 'image/jpeg',
      filename: 'DSCN0010.jpg',
      sizeMB: bytes / MB,
      sizeBytes: bytes,
    });

  async function reserve(
    user: SignedInUser,
    pinId: string,
    bytes = photo.length,
  ): Promise<UploadUrlResponse> {
    const res = await askLink(user, pinId, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return UploadUrlResponse.parse(res.json());
  }

  /** The browser's PUT: to this app for local storage (a relative URL), straight to the bucket for S3. */
  async function put(url: string, bytes: Buffer): Promise<{ status: number; body: string }> {
    if (url.startsWith('/')) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        payload: bytes,
        headers: { 'content-type': 'image/jpeg' },
      });
      return { status: res.statusCode, body: res.body };
    }
    const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: bytes });
    return { status: res.status, body: await res.text() };
  }

  const complete = (user: SignedInUser, mediaId: string) =>
    call('POST', '/api/media/complete', user, { mediaId });

  /** Every stored object of the user, as the app's storage lists it. */
  async function storedKeys(user: SignedInUser): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of storage.list(`media/${user.userId}/`)) keys.push(object.key);
    return keys.sort();
  }

  async function bytesOf(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  /** What the profile says the user has stored, and what the allowance is checked against. */
  async function usage(user: SignedInUser) {
    const profile = Profile.parse((await call('GET', '/api/profile', user)).json());
    const counted = await new MediaRepository(t.db).usage(user.userId, now());
    return {
      totalUsedMB: profile.usage.totalUsedMB,
      mediaCount: profile.usage.mediaCount,
      countedBytes: counted.readyBytes + counted.reservedBytes,
    };
  }

  const sweepNow = () =>
    new MediaSweep({ media: new MediaRepository(t.db), storage, now }).run({ partsOlderThanMs: 0 });

  /** A new session for the user, as one signs in again once the clock has passed the old one's end. */
  async function signInAgain(user: SignedInUser, email: string): Promise<SignedInUser> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: `${subnet}.250`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json().accessToken as string, userId: user.userId };
  }

  async function deleteAccount(user: SignedInUser): Promise<void> {
    const email = (await call('GET', '/api/profile', user)).json().email as string;
    const res = await call('DELETE', '/api/account', user, { email, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
  }

  return {
    get t() {
      return t;
    },
    signedInUser,
    call,
    advance,
    askLink,
    reserve,
    put,
    complete,
    storedKeys,
    bytesOf,
    usage,
    sweepNow,
    signInAgain,
    deleteAccount,
    createPin: (user: SignedInUser) => createPinAs(call, user, AREZZO),
  };
}

const nothingCounted = { totalUsedMB: 0, mediaCount: 0, countedBytes: 0 };

describe.each(testDialects())('an upload link after its upload ended, on %s', (dialect) => {
  describe('local storage', () => {
    const s = suite(dialect, 'local', '10.51.0');

    it('refuses with 403 a PUT through the link of a deleted pending upload, and stores nothing', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.call('DELETE', `/api/media/${reserved.mediaId}`, user)).statusCode).toBe(200);

      const res = await s.put(reserved.uploadUrl, photo);
      expect(res.status, res.body).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('UPLOAD_URL_INVALID');
      expect(await s.storedKeys(user)).toEqual([]);
      expect(await s.usage(user)).toEqual(nothingCounted);
    });

    it('refuses the PUT of a deleted upload before reading any of its body', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.call('DELETE', `/api/media/${reserved.mediaId}`, user)).statusCode).toBe(200);

      // A body that never comes: only a refusal made before reading it can answer.
      const body = new PassThrough();
      const answer = await s.t.app.inject({
        method: 'PUT',
        url: reserved.uploadUrl,
        payload: body,
        headers: { 'content-type': 'image/jpeg', 'content-length': String(photo.length) },
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.headers.connection).toBe('close');
      body.destroy();
      expect(await s.storedKeys(user)).toEqual([]);
    }, 10_000);

    it('refuses a PUT through the link of an upload whose pin was deleted', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.call('DELETE', `/api/pins/${pin.pinId}`, user)).statusCode).toBe(204);

      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(403);
      expect(await s.storedKeys(user)).toEqual([]);
    });

    it('refuses a PUT through the link of a finished upload, and the checked original stays byte for byte', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(200);
      expect((await s.complete(user, reserved.mediaId)).statusCode).toBe(200);

      expect((await s.put(reserved.uploadUrl, other)).status).toBe(403);
      const keys = mediaKeys(user.userId, reserved.mediaId);
      expect(await s.storedKeys(user)).toEqual(readyObjectKeys(keys).sort());
      expect((await s.bytesOf(keys.original)).equals(photo)).toBe(true);
    });

    it('refuses a PUT through the link of a finished upload that was then deleted', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(200);
      expect((await s.complete(user, reserved.mediaId)).statusCode).toBe(200);
      expect((await s.call('DELETE', `/api/media/${reserved.mediaId}`, user)).statusCode).toBe(200);

      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(403);
      expect(await s.storedKeys(user)).toEqual([]);
      expect(await s.usage(user)).toEqual(nothingCounted);
    });

    it('refuses a PUT through the link of an upload whose account was deleted', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      await s.deleteAccount(user);

      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(403);
      expect(await s.storedKeys(user)).toEqual([]);
    });

    it('removes the file of an upload deleted while its bytes were arriving, and answers 403', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      const body = new PassThrough();
      const answer = s.t.app.inject({
        method: 'PUT',
        url: reserved.uploadUrl,
        payload: body,
        headers: { 'content-type': 'image/jpeg', 'content-length': String(photo.length) },
      });
      body.write(photo.subarray(0, 1000));
      // The PUT has passed its first check and is writing its part file when the upload is deleted.
      const { dir } = s.t.config.storage as { dir: string };
      const part = path.join(dir, 'media', user.userId, reserved.mediaId, 'upload.upload.part');
      for (let waited = 0; !existsSync(part); waited += 10) {
        if (waited > 5000) throw new Error('the PUT never began writing');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect((await s.call('DELETE', `/api/media/${reserved.mediaId}`, user)).statusCode).toBe(200);
      body.end(photo.subarray(1000));

      expect((await answer).statusCode).toBe(403);
      expect(await s.storedKeys(user)).toEqual([]);
      expect(existsSync(part)).toBe(false);
      expect(await s.usage(user)).toEqual(nothingCounted);
    });
  });

  describe('S3 storage (s3rver), where a presigned link cannot be revoked', () => {
    const s = suite(dialect, 's3', '10.52.0');

    it('deleting a pending upload removes the object its link stored at once, and its declared size stays reserved', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(200);
      expect(await s.storedKeys(user)).toEqual([mediaKeys(user.userId, reserved.mediaId).upload]);

      expect((await s.call('DELETE', `/api/media/${reserved.mediaId}`, user)).statusCode).toBe(200);
      expect(await s.storedKeys(user)).toEqual([]);
      // The link can still write: its size counts until it has run out and been swept (last test).
      expect(await s.usage(user)).toEqual({ ...nothingCounted, countedBytes: photo.length });
    });

    it('what a link stores after its upload was deleted can never be completed, is counted once by its reservation, and the sweep removes it', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.call('DELETE', `/api/media/${reserved.mediaId}`, user)).statusCode).toBe(200);

      // S3 takes the PUT: the bucket knows nothing of the upload's end.
      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(200);
      expect((await s.complete(user, reserved.mediaId)).statusCode).toBe(404);
      expect(await s.usage(user)).toEqual({ ...nothingCounted, countedBytes: photo.length });
      await s.sweepNow();
      expect(await s.storedKeys(user)).toEqual([]);
    });

    it('a PUT through the link of a finished upload cannot replace the checked original, and the sweep removes what it stored', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(200);
      expect((await s.complete(user, reserved.mediaId)).statusCode).toBe(200);
      const keys = mediaKeys(user.userId, reserved.mediaId);
      const counted = await s.usage(user);
      expect(counted).toMatchObject({ mediaCount: 1, countedBytes: photo.length });

      expect((await s.put(reserved.uploadUrl, other)).status).toBe(200);
      // Completing again answers the first result; nothing moves the new bytes over the original.
      expect((await s.complete(user, reserved.mediaId)).statusCode).toBe(200);
      expect((await s.bytesOf(keys.original)).equals(photo)).toBe(true);
      expect(await s.usage(user)).toEqual(counted);

      await s.sweepNow();
      expect(await s.storedKeys(user)).toEqual(readyObjectKeys(keys).sort());
      expect((await s.bytesOf(keys.original)).equals(photo)).toBe(true);
    });

    it('deleting the account removes the object its pending upload stored', async () => {
      const user = await s.signedInUser();
      const pin = await s.createPin(user);
      const reserved = await s.reserve(user, pin.pinId);
      expect((await s.put(reserved.uploadUrl, photo)).status).toBe(200);

      await s.deleteAccount(user);
      expect(await s.storedKeys(user)).toEqual([]);
    });

    // Last in this app: it moves the app's clock past every link made so far.
    it('a deleted upload’s declared 600 MB count against the allowance until its link ran out and the sweep removed what it wrote', async () => {
      const user = await s.signedInUser();
      const gone = await s.signedInUser();
      const pin = await s.createPin(user);
      const gonePin = await s.createPin(gone);
      const large = await s.reserve(user, pin.pinId, 600 * MB);
      const small = await s.reserve(user, pin.pinId);
      const ofGone = await s.reserve(gone, gonePin.pinId);
      for (const { mediaId } of [large, small]) {
        expect((await s.call('DELETE', `/api/media/${mediaId}`, user)).statusCode).toBe(200);
      }
      await s.deleteAccount(gone);
      const reserved = { ...nothingCounted, countedBytes: 600 * MB + photo.length };
      expect(await s.usage(user)).toEqual(reserved);

      // The free plan's 1 GB cannot take another 600 MB while the deleted upload's link can still write.
      const refused = await s.askLink(user, pin.pinId, 600 * MB);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.code).toBe(ErrorCode.storageLimitReached);

      // What a link stores after its upload was deleted is what it reserved: never counted a second time.
      const smallKey = mediaKeys(user.userId, small.mediaId).upload;
      const goneKey = mediaKeys(gone.userId, ofGone.mediaId).upload;
      expect((await s.put(small.uploadUrl, photo)).status).toBe(200);
      expect((await s.put(ofGone.uploadUrl, photo)).status).toBe(200);
      expect(await s.storedKeys(user)).toEqual([smallKey]);
      expect(await s.storedKeys(gone)).toEqual([goneKey]);
      expect(await s.usage(user)).toEqual(reserved);

      // While the links are valid the sweep keeps their reservations (it removes what they stored, which
      // no pending upload wants, and they may write again).
      const before = await s.sweepNow();
      expect(before.expiredReservations).toBe(0);
      expect(await s.usage(user)).toEqual(reserved);
      expect((await s.put(small.uploadUrl, photo)).status).toBe(200);
      expect((await s.put(ofGone.uploadUrl, photo)).status).toBe(200);

      // The links have run out, and so has the hour a PUT begun just before may still take.
      const email = (await s.call('GET', '/api/profile', user)).json().email as string;
      s.advance(MEDIA_LIMITS.uploadUrlSeconds * 1000 + 60 * 60 * 1000 + 1000);
      const later = await s.signInAgain(user, email);
      expect(await s.usage(later)).toEqual(reserved);
      const after = await s.sweepNow();
      expect(after.expiredReservations).toBeGreaterThanOrEqual(3);
      expect(await s.storedKeys(user)).toEqual([]);
      expect(await s.storedKeys(gone)).toEqual([]);
      expect(await s.usage(later)).toEqual(nothingCounted);
      expect((await s.askLink(later, pin.pinId, 600 * MB)).statusCode).toBe(200);
    });
  });
});
