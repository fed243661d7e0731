// The same file twice is not stored twice (docs/decisions/084), through the real routes on SQLite and
// PostgreSQL, with local storage and with S3 (s3rver): bytes a traveller keeps already are refused at
// reservation when the browser gives their SHA-256, and at completion by the server's own hash whatever the
// browser said; the refused copy leaves nothing stored. Refused and deleted items, and other travellers'
// files, do not count.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteUploadResponse,
  ErrorCode,
  MB,
  MediaListResponse,
  Pin,
  UploadUrlResponse,
} from '@waymarks/shared';
import { s3AppEnv, startS3rver, type S3TestServer } from '../../adapters/storage/storage-test-servers.js';
import { mediaFixture } from '../../testing/media-fixtures.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type Dialect,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';

const LISBON = { lat: 38.7223, lng: -9.1393, title: 'Lisbon' };
const PORTO = { lat: 41.1579, lng: -8.6291, title: 'Porto' };
const PHOTO = readFileSync(mediaFixture('photos/gps/DSCN0010.jpg'));
const OTHER_PHOTO = readFileSync(mediaFixture('photos/gps/DSCN0012.jpg'));
/** Its bytes and metadata read; its pixels do not, so the derivatives job refuses it after completion. */
const DAMAGED_PHOTO = readFileSync(mediaFixture('hostile/corrupted_data.jpg'));
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const ALREADY_IN_LISBON = { code: ErrorCode.alreadyUploaded, message: 'Already in Lisbon' };

type Storage = 'local' | 's3';
const CASES = testDialects().flatMap((dialect) =>
  (['local', 's3'] as const).map((storage): [Storage, Dialect] => [storage, dialect]),
);

describe.each(CASES)('the same file twice, %s storage on %s', (storage, dialect) => {
  let t: TestApp;
  let dataDir: string;
  let s3: S3TestServer | undefined;
  let bucket: S3Client | undefined;
  const newTraveller = accountMaker(() => t, { label: `same-file-${storage}`, name: 'Freya Stark' });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-same-file-'));
    let env: Record<string, string> = { DATA_DIR: dataDir };
    if (storage === 's3') {
      s3 = await startS3rver();
      env = {
        ...env,
        ...s3AppEnv(s3),
      };
      bucket = new S3Client({
        endpoint: s3.config.endpoint,
        region: s3.config.region,
        credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    }
    t = await startTestApp(dialect, env);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    bucket?.destroy();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A traveller with a Lisbon and a Porto pin. */
  async function travellerWithPlaces() {
    const user = await newTraveller();
    const lisbon = await createPinAs(call, user, LISBON);
    const porto = await createPinAs(call, user, PORTO);
    return { user, lisbon: lisbon.pinId, porto: porto.pinId };
  }

  const reserve = (
    user: SignedInUser,
    pinId: string,
    bytes: Buffer,
    options: { contentHash?: string; filename?: string } = {},
  ) =>
    call('POST', '/api/media/upload-url', user, {
      pinId,
      contentType: 'image/jpeg',
      filename: options.filename ?? 'IMG_1.jpg',
      sizeMB: bytes.length / MB,
      sizeBytes: bytes.length,
      ...(options.contentHash ? { contentHash: options.contentHash } : {}),
    });

  /** What the browser does with the upload URL: one PUT, to this app or straight to the bucket. */
  async function put(url: string, bytes: Buffer, contentType: string): Promise<number> {
    if (storage === 's3') {
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: bytes,
      });
      return res.status;
    }
    const res = await t.app.inject({
      method: 'PUT',
      url,
      payload: bytes,
      headers: { 'content-type': contentType },
    });
    return res.statusCode;
  }

  /** Reserved (the browser's hash given or not) and PUT: the mediaId, waiting for complete. */
  async function sendUp(
    user: SignedInUser,
    pinId: string,
    bytes: Buffer,
    options: { contentHash?: string } = {},
  ): Promise<string> {
    const reserved = await reserve(user, pinId, bytes, options);
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { uploadUrl, mediaId, contentType } = UploadUrlResponse.parse(reserved.json());
    expect(await put(uploadUrl, bytes, contentType)).toBe(200);
    return mediaId;
  }

  const complete = (user: SignedInUser, mediaId: string) =>
    call('POST', '/api/media/complete', user, { mediaId });

  /** A file kept: sent up and completed; its mediaId. */
  async function kept(user: SignedInUser, pinId: string, bytes: Buffer): Promise<string> {
    const done = await complete(user, await sendUp(user, pinId, bytes, { contentHash: sha256(bytes) }));
    expect(done.statusCode, done.body).toBe(200);
    return CompleteUploadResponse.parse(done.json()).mediaId;
  }

  const mediaRows = (userId: string) =>
    t.db.selectFrom('media').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const mediaCountOf = async (user: SignedInUser, pinId: string) =>
    Pin.parse((await call('GET', `/api/pins/${pinId}`, user)).json()).mediaCount;

  /** The folders of every stored object of the traveller's, one per media item. */
  async function storedItems(userId: string): Promise<string[]> {
    let keys: string[];
    if (bucket && s3) {
      const page = await bucket.send(
        new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: `media/${userId}/` }),
      );
      keys = (page.Contents ?? []).map((object) => object.Key!.slice(`media/${userId}/`.length));
    } else {
      const dir = path.join(dataDir, 'media', 'media', userId);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      keys = entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
    }
    return [...new Set(keys.map((key) => key.split(/[/\\]/)[0]!))].sort();
  }

  it('refuses to reserve bytes the traveller keeps already, naming their place, for one place or another', async () => {
    const { user, lisbon, porto } = await travellerWithPlaces();
    const first = await kept(user, lisbon, PHOTO);

    for (const pinId of [lisbon, porto]) {
      const again = await reserve(user, pinId, PHOTO, { contentHash: sha256(PHOTO) });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({ error: ALREADY_IN_LISBON });
    }
    expect((await mediaRows(user.userId)).map((row) => row.id)).toEqual([first]);
    expect(await mediaCountOf(user, porto)).toBe(0);
  });

  it('refuses the same bytes at completion when the browser gave no hash, and deletes what was sent', async () => {
    const { user, lisbon, porto } = await travellerWithPlaces();
    const first = await kept(user, lisbon, PHOTO);

    for (const pinId of [lisbon, porto]) {
      const copy = await sendUp(user, pinId, PHOTO);
      const done = await complete(user, copy);
      expect(done.statusCode, done.body).toBe(409);
      expect(done.json()).toEqual({ error: ALREADY_IN_LISBON });
    }
    expect((await mediaRows(user.userId)).map((row) => row.id)).toEqual([first]);
    expect(await storedItems(user.userId)).toEqual([first]);
    expect(await mediaCountOf(user, lisbon)).toBe(1);
    expect(await mediaCountOf(user, porto)).toBe(0);
  });

  it('keeps one of two uploads of the same bytes completed at once; the other is refused and deleted', async () => {
    const { user, lisbon, porto } = await travellerWithPlaces();
    // Both reserved before either is kept: a reservation names no pending upload as the same.
    const [toLisbon, toPorto] = [
      await sendUp(user, lisbon, PHOTO, { contentHash: sha256(PHOTO) }),
      await sendUp(user, porto, PHOTO, { contentHash: sha256(PHOTO) }),
    ];

    const answers = await Promise.all([complete(user, toLisbon), complete(user, toPorto)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const keptId = [toLisbon, toPorto][winner]!;
    const place = winner === 0 ? 'Lisbon' : 'Porto';
    expect(answers[1 - winner]!.json()).toEqual({
      error: { code: ErrorCode.alreadyUploaded, message: `Already in ${place}` },
    });
    expect((await mediaRows(user.userId)).map((row) => row.id)).toEqual([keptId]);
    expect(await storedItems(user.userId)).toEqual([keptId]);
    expect((await mediaCountOf(user, lisbon)) + (await mediaCountOf(user, porto))).toBe(1);
  });

  it('trusts its own hash, not the browser’s: a wrong one neither lets a copy in nor is stored', async () => {
    const { user, lisbon, porto } = await travellerWithPlaces();
    await kept(user, lisbon, PHOTO);

    const copy = await sendUp(user, porto, PHOTO, { contentHash: sha256('some other photo') });
    const refused = await complete(user, copy);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ error: ALREADY_IN_LISBON });

    const other = await sendUp(user, porto, OTHER_PHOTO, { contentHash: sha256('some other photo') });
    expect((await complete(user, other)).statusCode).toBe(200);
    const stored = (await mediaRows(user.userId)).map((row) => row.content_hash);
    expect(stored).toEqual([sha256(PHOTO), sha256(OTHER_PHOTO)]);
  });

  it('lets bytes go up again once their item was refused or deleted', async () => {
    const { user, lisbon, porto } = await travellerWithPlaces();
    const damaged = await kept(user, lisbon, DAMAGED_PHOTO);
    const listed = MediaListResponse.parse((await call('GET', `/api/media/pin/${lisbon}`, user)).json());
    expect(listed.media.find((item) => item.mediaId === damaged)?.status).toBe('refused');
    const deleted = await kept(user, lisbon, PHOTO);
    expect((await call('DELETE', `/api/media/${deleted}`, user)).statusCode).toBe(200);

    for (const bytes of [DAMAGED_PHOTO, PHOTO]) {
      const again = await reserve(user, porto, bytes, { contentHash: sha256(bytes) });
      expect(again.statusCode, again.body).toBe(200);
      const { uploadUrl, mediaId, contentType } = UploadUrlResponse.parse(again.json());
      expect(await put(uploadUrl, bytes, contentType)).toBe(200);
      expect((await complete(user, mediaId)).statusCode).toBe(200);
    }
    expect(await mediaCountOf(user, porto)).toBe(1);
  });

  it('does not count another traveller’s file with the same bytes, at reservation or completion', async () => {
    const alice = await travellerWithPlaces();
    const bob = await travellerWithPlaces();
    await kept(alice.user, alice.lisbon, PHOTO);

    const bobs = await reserve(bob.user, bob.lisbon, PHOTO, { contentHash: sha256(PHOTO) });
    expect(bobs.statusCode, bobs.body).toBe(200);
    const { uploadUrl, mediaId, contentType } = UploadUrlResponse.parse(bobs.json());
    expect(await put(uploadUrl, PHOTO, contentType)).toBe(200);
    expect((await complete(bob.user, mediaId)).statusCode).toBe(200);
    expect(await mediaCountOf(alice.user, alice.lisbon)).toBe(1);
    expect(await mediaCountOf(bob.user, bob.lisbon)).toBe(1);
  });
});
