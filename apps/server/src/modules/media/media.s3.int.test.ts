// The upload protocol end to end on S3 storage, against a real S3 API server (s3rver), on SQLite and
// PostgreSQL: the app hands out presigned URLs, the bytes go straight to the bucket (fetch stands in for
// the browser), and the app reads, derives, lists, streams, zips and deletes bucket objects. The bucket is
// watched with a plain S3 client of its own, not through the app's adapter.
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  CompleteUploadResponse,
  DownloadUrlResponse,
  MB,
  MediaListResponse,
  UploadUrlResponse,
} from '@waymarks/shared';
import { createStorage } from '../../adapters/storage/storage.js';
import { s3AppEnv, startS3rver, type S3TestServer } from '../../adapters/storage/storage-test-servers.js';
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
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';
import { mediaKeys, readyObjectKeys } from './media-keys.js';
import { MediaRepository } from './media.repository.js';
import { MediaSweep } from './media.sweep.js';

const AREZZO = { lat: 43.4665, lng: 11.882 };
const TOKYO = { lat: 35.6586, lng: 139.7454 };

describe.each(testDialects())('media on S3 storage (s3rver) on %s', (dialect) => {
  let s3: S3TestServer;
  let t: TestApp;
  let dataDir: string;
  /** An S3 client of the test's own, to look into the bucket and put objects behind the app's back. */
  let bucket: S3Client;
  const signedInUser = accountMaker(() => t, {
    label: 's3-traveller',
    name: 'Isabella Bird',
  });
  const call = apiCaller(() => t);
  const createPin = (user: SignedInUser, at = AREZZO, title = 'Arezzo') =>
    createPinAs(call, user, { ...at, title });

  async function reserve(
    user: SignedInUser,
    pinId: string,
    bytes: Buffer,
    contentType: string,
    name: string,
  ) {
    const res = await call('POST', '/api/media/upload-url', user, {
      pinId,
      contentType,
      filename: name,
      sizeMB: bytes.length / MB,
      sizeBytes: bytes.length,
    });
    expect(res.statusCode, res.body).toBe(200);
    return UploadUrlResponse.parse(res.json());
  }

  /** What the browser does with an upload URL: one PUT straight to the bucket. */
  const putToBucket = (url: string, bytes: Buffer, contentType: string) =>
    fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });

  const complete = (user: SignedInUser, mediaId: string) =>
    call('POST', '/api/media/complete', user, { mediaId, exifData: { lastModified: 1_700_000_000_000 } });

  /** upload-url, PUT to s3rver and complete; the response of complete. */
  async function upload(user: SignedInUser, pinId: string, fixture: string, contentType: string) {
    const bytes = readFileSync(mediaFixture(fixture));
    const reserved = await reserve(user, pinId, bytes, contentType, path.basename(fixture));
    const stored = await putToBucket(reserved.uploadUrl, bytes, reserved.contentType);
    expect(stored.status, await stored.text()).toBe(200);
    return complete(user, reserved.mediaId);
  }

  /** A completed upload, with its item as the gallery lists it once its derivatives are made. */
  async function uploaded(user: SignedInUser, pinId: string, fixture: string, contentType: string) {
    const res = await upload(user, pinId, fixture, contentType);
    expect(res.statusCode, res.body).toBe(200);
    const completed = CompleteUploadResponse.parse(res.json());
    const listed = MediaListResponse.parse((await call('GET', `/api/media/pin/${pinId}`, user)).json());
    const media = listed.media.find((item) => item.mediaId === completed.mediaId)!;
    expect(media.status).toBe('ready');
    return { ...completed, media };
  }

  /** Every key in the bucket under a user's folder, sorted, as the bucket itself lists them. */
  async function bucketKeys(userId: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await bucket.send(
        new ListObjectsV2Command({
          Bucket: s3.config.bucket,
          Prefix: `media/${userId}/`,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** The objects of a ready item: its original and derivatives (its upload object has been moved). */
  const keysOf = (userId: string, mediaId: string) => readyObjectKeys(mediaKeys(userId, mediaId)).sort();

  async function asBasicUser<T>(user: SignedInUser, fn: () => Promise<T>): Promise<T> {
    await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', user.userId).execute();
    // The signed-in user is cached for up to a second: move the clock past it.
    t.advance(USER_CACHE_TTL_MS + 1);
    try {
      return await fn();
    } finally {
      await t.db.updateTable('users').set({ tier: 'free' }).where('id', '=', user.userId).execute();
      t.advance(USER_CACHE_TTL_MS + 1);
    }
  }

  let alice: SignedInUser;

  beforeAll(async () => {
    s3 = await startS3rver();
    dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-media-s3-'));
    t = await startTestApp(dialect, {
      DATA_DIR: dataDir,
      ...s3AppEnv(s3),
    });
    bucket = new S3Client({
      endpoint: s3.config.endpoint!,
      region: s3.config.region,
      credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    alice = await signedInUser();
  }, 60_000);
  afterAll(async () => {
    bucket?.destroy();
    await t?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is configured for the bucket on the s3rver endpoint', () => {
    expect(t.config.storage).toEqual(s3.config);
  });

  it("lets the page PUT to and show media from the bucket's origin in its Content-Security-Policy", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([first]) => first === name)
        ?.slice(1);
    for (const name of ['connect-src', 'img-src', 'media-src']) {
      expect(directive(name), `${name} in ${csp}`).toContain(s3.config.endpoint);
    }
    expect(directive('script-src')).toEqual(["'self'"]);
  });

  describe('a photo with GPS, PUT straight to the bucket', () => {
    let pinId: string;
    let reserved: UploadUrlResponse;
    let completed: CompleteUploadResponse;
    const photo = readFileSync(mediaFixture('photos/gps/DSCN0010.jpg'));

    beforeAll(async () => {
      pinId = (await createPin(alice)).pinId;
      reserved = await reserve(alice, pinId, photo, 'image/jpeg', 'DSCN0010.jpg');
    });

    it('gets an absolute presigned PUT URL on the s3rver origin that signs the Content-Type and length', () => {
      const url = new URL(reserved.uploadUrl);
      expect(url.origin).toBe(s3.config.endpoint);
      expect(url.pathname).toBe(`/${s3.config.bucket}/media/${alice.userId}/${reserved.mediaId}/upload`);
      expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
        expect.arrayContaining(['content-type', 'content-length', 'host']),
      );
      expect(reserved.contentType).toBe('image/jpeg');
    });

    it('the PUT lands in the bucket with its Content-Type; complete verifies it with the full score', async () => {
      const res = await putToBucket(reserved.uploadUrl, photo, reserved.contentType);
      expect(res.status).toBe(200);
      const key = new URL(reserved.uploadUrl).pathname;
      const put = s3.requests.find((r) => r.method === 'PUT' && r.url.startsWith(`${key}?`));
      expect(put?.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-length': String(photo.length),
      });

      const done = await complete(alice, reserved.mediaId);
      expect(done.statusCode, done.body).toBe(200);
      completed = CompleteUploadResponse.parse(done.json());
      expect(completed.verification).toEqual({
        status: 'verified',
        score: 100,
        hasLocationVerification: true,
      });
      expect(completed.media.exifData.camera).toBe('NIKON COOLPIX P6000');
      expect(completed.pin).toMatchObject({ mediaCount: 1, verificationStatus: 'verified' });
      // The original and both derivatives are bucket objects; nothing is written to local disk.
      expect(await bucketKeys(alice.userId)).toEqual(keysOf(alice.userId, reserved.mediaId));
      expect(existsSync(path.join(dataDir, 'media'))).toBe(false);
    });

    it('lists it in the gallery with presigned thumbnail and preview GETs that s3rver answers with WebP', async () => {
      const list = MediaListResponse.parse((await call('GET', `/api/media/pin/${pinId}`, alice)).json());
      expect(list.media.map((item) => item.mediaId)).toEqual([completed.mediaId]);
      const { thumbnailUrl, previewUrl, streamUrl } = list.media[0]!;
      expect(streamUrl).toBeNull();
      for (const url of [thumbnailUrl!, previewUrl!]) {
        expect(new URL(url).origin).toBe(s3.config.endpoint);
        expect(new URL(url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect([meta.format, meta.exif]).toEqual(['webp', undefined]);
      }
      const thumb = await sharp(Buffer.from(await (await fetch(thumbnailUrl!)).arrayBuffer())).metadata();
      expect([thumb.width, thumb.height]).toEqual([400, 400]);
    });
  });

  it('a video gets a poster, and its presigned stream URL answers a Range request with 206', async () => {
    const pin = await createPin(alice, TOKYO, 'Tokyo');
    const done = await uploaded(alice, pin.pinId, 'video/tokyo_xyz.mp4', 'video/mp4');
    expect(done.media.isVideo).toBe(true);
    expect(done.verification.hasLocationVerification).toBe(true);

    const poster = await fetch(done.media.previewUrl!);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).format).toBe('webp');

    const video = readFileSync(mediaFixture('video/tokyo_xyz.mp4'));
    expect(new URL(done.media.streamUrl!).origin).toBe(s3.config.endpoint);
    const range = await fetch(done.media.streamUrl!, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-type')).toBe('video/mp4');
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
  });

  it('on the basic plan, download-url gives the original byte for byte as an attachment, and Download All zips the bucket objects', async () => {
    const pin = await createPin(alice, AREZZO, 'Arezzo downloads');
    const first = await uploaded(alice, pin.pinId, 'photos/gps/DSCN0012.jpg', 'image/jpeg');
    await uploaded(alice, pin.pinId, 'photos/gps/DSCN0021.jpg', 'image/jpeg');
    const originals = ['DSCN0012.jpg', 'DSCN0021.jpg'].map((name) =>
      readFileSync(mediaFixture(`photos/gps/${name}`)),
    );

    await asBasicUser(alice, async () => {
      const link = await call('GET', `/api/media/${first.mediaId}/download-url`, alice);
      expect(link.statusCode, link.body).toBe(200);
      const { downloadUrl } = DownloadUrlResponse.parse(link.json());
      expect(new URL(downloadUrl).origin).toBe(s3.config.endpoint);
      const file = await fetch(downloadUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="DSCN0012.jpg"; filename*=UTF-8''DSCN0012.jpg`,
      );
      expect(Buffer.from(await file.arrayBuffer()).equals(originals[0]!)).toBe(true);

      const archiveLink = await call('GET', `/api/media/pin/${pin.pinId}/download-url`, alice);
      expect(archiveLink.statusCode, archiveLink.body).toBe(200);
      s3.requests.length = 0;
      const zip = await t.app.inject({ method: 'GET', url: archiveLink.json().downloadUrl });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.headers['content-disposition']).toContain('Arezzo downloads.zip');
      expect(zip.rawPayload.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
      // Stored (uncompressed) entries hold each original as it is in the bucket.
      for (const original of originals) expect(zip.rawPayload.includes(original)).toBe(true);
      const reads = s3.requests.filter((r) => r.method === 'GET' && r.url.includes('/original'));
      expect(reads.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('refusals leave nothing in the bucket', () => {
    let henry: SignedInUser;
    let pinId: string;
    beforeAll(async () => {
      henry = await signedInUser();
      pinId = (await createPin(henry)).pinId;
    });

    it('refuses hostile/html-named.jpg declared image/jpeg with 422 and deletes the object it PUT', async () => {
      const bytes = readFileSync(mediaFixture('hostile/html-named.jpg'));
      const reserved = await reserve(henry, pinId, bytes, 'image/jpeg', 'html-named.jpg');
      expect((await putToBucket(reserved.uploadUrl, bytes, reserved.contentType)).status).toBe(200);
      expect(await bucketKeys(henry.userId)).toEqual([mediaKeys(henry.userId, reserved.mediaId).upload]);

      const res = await complete(henry, reserved.mediaId);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('UNPROCESSABLE_MEDIA');
      expect(await bucketKeys(henry.userId)).toEqual([]);
      const list = MediaListResponse.parse((await call('GET', `/api/media/pin/${pinId}`, henry)).json());
      expect(list.media).toEqual([]);
    });

    it('refuses with 413 a PUT larger than reserved that the bucket stored anyway, and deletes it', async () => {
      // Real S3 refuses this PUT outright (Content-Length is signed); s3rver checks no V4 signature and
      // stores it, so this is the app's own size check at complete.
      const bytes = readFileSync(mediaFixture('photos/gps/DSCN0025.jpg'));
      const reserved = await reserve(henry, pinId, bytes.subarray(0, 1000), 'image/jpeg', 'a.jpg');
      expect((await putToBucket(reserved.uploadUrl, bytes, 'image/jpeg')).status).toBe(200);
      const res = await complete(henry, reserved.mediaId);
      expect(res.statusCode, res.body).toBe(413);
      expect(await bucketKeys(henry.userId)).toEqual([]);
    });

    it('answers 409 to complete before anything was PUT', async () => {
      const reserved = await reserve(henry, pinId, Buffer.alloc(100), 'image/jpeg', 'never.jpg');
      const res = await complete(henry, reserved.mediaId);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('UPLOAD_INCOMPLETE');
      expect(await bucketKeys(henry.userId)).toEqual([]);
    });
  });

  describe('deletion', () => {
    it('deleting a media item removes its original and both derivatives from the bucket', async () => {
      const erin = await signedInUser();
      const pin = await createPin(erin);
      const done = await uploaded(erin, pin.pinId, 'photos/gps/DSCN0029.jpg', 'image/jpeg');
      expect(await bucketKeys(erin.userId)).toEqual(keysOf(erin.userId, done.mediaId));
      const res = await call('DELETE', `/api/media/${done.mediaId}`, erin);
      expect(res.statusCode).toBe(200);
      expect(res.json().pin).toMatchObject({ mediaCount: 0, verificationStatus: 'unverified' });
      expect(await bucketKeys(erin.userId)).toEqual([]);
      expect((await fetch(done.media.thumbnailUrl!)).status).toBe(404);
    });

    it('deleting a pin removes every object of its media from the bucket', async () => {
      const frank = await signedInUser();
      const pin = await createPin(frank);
      const one = await uploaded(frank, pin.pinId, 'photos/gps/DSCN0038.jpg', 'image/jpeg');
      const two = await uploaded(frank, pin.pinId, 'photos/gps/DSCN0040.jpg', 'image/jpeg');
      expect(await bucketKeys(frank.userId)).toEqual(
        [...keysOf(frank.userId, one.mediaId), ...keysOf(frank.userId, two.mediaId)].sort(),
      );
      expect((await call('DELETE', `/api/pins/${pin.pinId}`, frank)).statusCode).toBe(204);
      expect(await bucketKeys(frank.userId)).toEqual([]);
    });
  });

  it('the sweep deletes an orphan object put straight into the bucket and an abandoned upload, and keeps the rest', async () => {
    const gina = await signedInUser();
    const pin = await createPin(gina);
    const kept = await uploaded(gina, pin.pinId, 'photos/gps/DSCN0042.jpg', 'image/jpeg');
    const part = readFileSync(mediaFixture('photos/gps/DSCN0042.jpg')).subarray(0, 100);
    const abandoned = await reserve(gina, pin.pinId, part, 'image/jpeg', 'gone.jpg');
    expect((await putToBucket(abandoned.uploadUrl, part, 'image/jpeg')).status).toBe(200);
    const orphan = mediaKeys(gina.userId, '00000000-0000-4000-8000-000000000000').original;
    await bucket.send(
      new PutObjectCommand({
        Bucket: s3.config.bucket,
        Key: orphan,
        Body: Buffer.from('left by a crash'),
        ContentType: 'image/jpeg',
      }),
    );
    expect(await bucketKeys(gina.userId)).toEqual(
      [...keysOf(gina.userId, kept.mediaId), orphan, mediaKeys(gina.userId, abandoned.mediaId).upload].sort(),
    );

    const sweep = new MediaSweep({
      media: new MediaRepository(t.db),
      storage: createStorage(t.config.storage, { signingSecret: t.config.authSecret }),
      now: () => Date.now() + 3 * 60 * 60 * 1000,
    });
    const report = await sweep.run({ partsOlderThanMs: 0 });
    expect(report.incompleteUploads).toBe(0);
    expect(report.orphanObjects).toBeGreaterThanOrEqual(1);
    expect(report.abandonedUploads).toBeGreaterThanOrEqual(1);
    expect(await bucketKeys(gina.userId)).toEqual(keysOf(gina.userId, kept.mediaId));
    const list = MediaListResponse.parse((await call('GET', `/api/media/pin/${pin.pinId}`, gina)).json());
    expect(list.media.map((item) => item.mediaId)).toEqual([kept.mediaId]);
  });
});
