// Uploads under abuse, on SQLite and PostgreSQL: completions sent many times at once or in a flood, a
// completion after its link ran out, and reservations sent in parallel to overshoot the plan. Each answer
// is checked, and so is what was stored and counted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompleteUploadResponse, MB, UploadUrlResponse, type Pin } from '@waymarks/shared';
import { LocalStorage } from '../../adapters/storage/local.js';
import { buildApp } from '../../app.js';
import { InProcessQueue } from '../../jobs/in-process.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { mediaFixture } from '../../testing/media-fixtures.js';
import { CompletionGate } from './completion-gate.js';
import { mediaKeys } from './media-keys.js';
import { MediaRepository } from './media.repository.js';

const AREZZO = { lat: 43.4665, lng: 11.882 };
const PHOTOS = ['DSCN0010.jpg', 'DSCN0012.jpg', 'DSCN0021.jpg', 'DSCN0025.jpg'].map(
  (name) => `photos/gps/${name}`,
);

/**
 * Local storage that records each completion's first step on the stored bytes (moving the upload to its
 * original, which it does once, before reading anything), and can keep them waiting until the test lets
 * them go; and each object opened whole to be decoded (the derivatives job's one expensive step: on S3 it
 * downloads the whole object).
 */
class WatchedStorage extends LocalStorage {
  readonly moved: string[] = [];
  readonly opened: string[] = [];
  #held: Promise<void> | undefined;
  #onMove: (() => void)[] = [];

  /** Holds every completion that reaches the stored bytes from now on until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.#held = new Promise((resolve) => (release = resolve));
    return () => {
      this.#held = undefined;
      release();
    };
  }

  /** Resolves once `count` uploads have been moved in all. */
  whenMoved(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.moved.length >= count ? resolve() : this.#onMove.push(check));
      check();
    });
  }

  override async move(from: string, to: string): Promise<void> {
    this.moved.push(from);
    for (const listener of this.#onMove.splice(0)) listener();
    const held = this.#held;
    if (held) await held;
    return super.move(from, to);
  }

  override async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    this.opened.push(key);
    return super.withLocalFile(key, fn);
  }
}

/** The first `count` of these requests to be answered, in the order they were. */
function firstAnswered(
  requests: Promise<LightMyRequestResponse>[],
  count: number,
): Promise<LightMyRequestResponse[]> {
  return new Promise((resolve) => {
    const answered: LightMyRequestResponse[] = [];
    for (const request of requests) {
      void request.then((res) => {
        answered.push(res);
        if (answered.length === count) resolve([...answered]);
      });
    }
  });
}

describe.each(testDialects())('uploads under abuse on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let storage: WatchedStorage;
  let gate: CompletionGate;
  const signedInUser = accountMaker(() => t, { label: 'abuser', name: 'Gertrude Bell' });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-abuse-'));
    const base = await startTestApp(dialect, { DATA_DIR: dataDir });
    if (base.config.storage.kind !== 'local') throw new Error('This suite needs local storage');
    storage = new WatchedStorage(base.config.storage.dir, { signingSecret: base.config.authSecret });
    // Room for one completion at a time and one waiting: small enough to fill in a test.
    gate = new CompletionGate({ running: 1, waiting: 1, retryAfterSeconds: 7 });
    const failed = (object: object, message: string) => console.error(`job: ${message}`, object);
    const jobs = new InProcessQueue({ log: { warn: failed, error: failed } });
    // The same database and configuration, with the watched storage, the small gate and a queue to wait for.
    const app = await buildApp({
      config: base.config,
      db: base.db,
      logger: false,
      sleep: async () => {},
      storage,
      completions: gate,
      jobs,
    });
    await app.ready();
    t = {
      ...base,
      app,
      jobsDone: () => jobs.idle(),
      close: async () => {
        await app.close();
        await base.close();
      },
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const complete = (user: SignedInUser, mediaId: string) =>
    call('POST', '/api/media/complete', user, { mediaId, exifData: { lastModified: 1_700_000_000_000 } });

  /** upload-url and PUT, not completed: the upload's mediaId. */
  async function stored(user: SignedInUser, pinId: string, fixture: string): Promise<string> {
    const bytes = readFileSync(mediaFixture(fixture));
    const reserved = await call('POST', '/api/media/upload-url', user, {
      pinId,
      contentType: 'image/jpeg',
      filename: path.basename(fixture),
      sizeMB: bytes.length / MB,
      sizeBytes: bytes.length,
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const { uploadUrl, mediaId } = UploadUrlResponse.parse(reserved.json());
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadUrl,
      payload: bytes,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.statusCode, put.body).toBe(200);
    return mediaId;
  }
  const mediaRows = (userId: string) =>
    t.db.selectFrom('media').selectAll().where('user_id', '=', userId).execute();
  const mediaCountOf = async (user: SignedInUser, pinId: string) =>
    ((await call('GET', `/api/pins/${pinId}`, user)).json() as { mediaCount: number }).mediaCount;

  /** The user's stored objects, as `<mediaId>/<name>`. */
  async function storedFiles(userId: string): Promise<string[]> {
    const dir = path.join(dataDir, 'media', 'media', userId);
    try {
      return (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .sort();
    } catch {
      return [];
    }
  }

  describe('complete', () => {
    it('sent 40 times at once for one upload, processes it once and gives every call the same answer', async () => {
      const user = await signedInUser();
      const pin = await createPinAs(call, user, { ...AREZZO, title: 'Arezzo' });
      const mediaId = await stored(user, pin.pinId, PHOTOS[0]!);
      const [movedBefore, openedBefore] = [storage.moved.length, storage.opened.length];

      const answers = await Promise.all(Array.from({ length: 40 }, () => complete(user, mediaId)));

      expect(answers.map((res) => res.statusCode)).toEqual(Array(40).fill(200));
      const summaries = new Set(
        answers.map((res) => {
          const done = CompleteUploadResponse.parse(res.json());
          return JSON.stringify([done.mediaId, done.verification, done.media.sizeBytes, done.pin.mediaCount]);
        }),
      );
      expect(summaries.size).toBe(1);
      const keys = mediaKeys(user.userId, mediaId);
      expect(storage.moved.slice(movedBefore)).toEqual([keys.upload]);
      // And its derivatives were made once, by one job.
      expect(storage.opened.slice(openedBefore)).toEqual([keys.original]);
      expect((await mediaRows(user.userId)).map((row) => row.status)).toEqual(['ready']);
      expect(await storedFiles(user.userId)).toEqual(
        [`${mediaId}/original`, `${mediaId}/preview.webp`, `${mediaId}/thumb.webp`].sort(),
      );
      expect(await mediaCountOf(user, pin.pinId)).toBe(1);
    });

    it('refuses what does not fit the line with 503 and Retry-After, storing nothing, and takes it later', async () => {
      const user = await signedInUser();
      const pin = await createPinAs(call, user, { ...AREZZO, title: 'Arezzo' });
      const ids: string[] = [];
      for (const photo of PHOTOS) ids.push(await stored(user, pin.pinId, photo));
      const movedBefore = storage.moved.length;

      const release = storage.hold();
      const first = complete(user, ids[0]!);
      await storage.whenMoved(movedBefore + 1);
      // One runs (held), one more may wait: of the next three, two are answered at once.
      const burst = ids.slice(1).map((mediaId) => complete(user, mediaId));
      const refused = await firstAnswered(burst, 2);
      for (const res of refused) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('7');
        expect(res.json()).toEqual({
          error: {
            code: 'SERVICE_BUSY',
            message: 'Many uploads are being processed right now. Please try again in a moment.',
          },
        });
      }
      // Still only the first one has reached its bytes: nothing of the refused ones was processed.
      expect(storage.moved.length).toBe(movedBefore + 1);
      release();

      const answers = await Promise.all([first, ...burst]);
      expect(answers.map((res) => res.statusCode).sort((a, b) => a - b)).toEqual([200, 200, 503, 503]);
      expect(answers[0]!.statusCode).toBe(200);
      const refusedIds = ids.filter((_, index) => answers[index]!.statusCode === 503);
      expect(refusedIds).toHaveLength(2);
      const rows = new Map((await mediaRows(user.userId)).map((row) => [row.id, row]));
      for (const mediaId of refusedIds) {
        expect(rows.get(mediaId)).toMatchObject({ status: 'pending', size_bytes: 0 });
        expect((await storedFiles(user.userId)).filter((file) => file.startsWith(mediaId))).toEqual([
          `${mediaId}/upload`,
        ]);
      }
      expect(await mediaCountOf(user, pin.pinId)).toBe(2);

      // Once the line has room, the refused ones go through.
      for (const mediaId of refusedIds) expect((await complete(user, mediaId)).statusCode).toBe(200);
      expect(await mediaCountOf(user, pin.pinId)).toBe(4);
    });

    it('after the upload link has expired, is refused, deletes the upload and counts nothing', async () => {
      const user = await signedInUser();
      const pin = await createPinAs(call, user, { ...AREZZO, title: 'Arezzo' });
      const mediaId = await stored(user, pin.pinId, PHOTOS[1]!);
      // The link runs out before complete is called (as an hour passing would).
      await t.db
        .updateTable('media')
        .set({ expires_at: Date.now() - 1 })
        .where('id', '=', mediaId)
        .execute();
      const movedBefore = storage.moved.length;

      const res = await complete(user, mediaId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'UPLOAD_URL_EXPIRED',
          message: 'This upload was not finished in time. Please upload the file again.',
        },
      });
      expect(storage.moved.length).toBe(movedBefore);
      expect(await mediaRows(user.userId)).toEqual([]);
      expect(await storedFiles(user.userId)).toEqual([]);
      expect(await mediaCountOf(user, pin.pinId)).toBe(0);
      expect(await new MediaRepository(t.db).usage(user.userId, Date.now())).toEqual({
        readyBytes: 0,
        reservedBytes: 0,
        mediaCount: 0,
      });
      // Asked again, it is gone.
      expect((await complete(user, mediaId)).statusCode).toBe(404);
    });
  });

  describe('upload-url sent in parallel', () => {
    const reserve = (user: SignedInUser, pinId: string, name: string, sizeMB: number) =>
      call('POST', '/api/media/upload-url', user, {
        pinId,
        contentType: 'image/jpeg',
        filename: name,
        sizeMB,
        sizeBytes: sizeMB * MB,
      });

    it('reserves exactly the per-place limit on the free plan: 10 of 25', async () => {
      const user = await signedInUser();
      const pin = await createPinAs(call, user, { ...AREZZO, title: 'Arezzo' });
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) => reserve(user, pin.pinId, `${i}.jpg`, 1)),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('MEDIA_LIMIT_REACHED');
      }
      expect(await mediaRows(user.userId)).toHaveLength(10);
    });

    it('reserves exactly what fits the storage allowance of 1 GB: three files of 300 MB of twelve', async () => {
      const user = await signedInUser();
      const pins: Pin[] = [];
      for (let i = 0; i < 4; i += 1) {
        pins.push(await createPinAs(call, user, { ...AREZZO, title: `Arezzo ${i}` }));
      }
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => reserve(user, pins[i % 4]!.pinId, `${i}.mp4`, 300)),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('STORAGE_LIMIT_REACHED');
      }
      const usage = await new MediaRepository(t.db).usage(user.userId, Date.now());
      expect(usage.reservedBytes).toBe(900 * MB);
    });
  });
});
