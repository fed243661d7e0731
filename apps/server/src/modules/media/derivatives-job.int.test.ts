// The derivatives job against the real routes and local storage, on SQLite and PostgreSQL, with the job
// held back so that what happens before it runs can be seen: complete answers first, the gallery shows
// the item processing, and an item deleted before its job leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompleteUploadResponse, MediaListResponse } from '@waymarks/shared';
import { InProcessQueue } from '../../jobs/in-process.js';
import type { JobHandlers } from '../../jobs/queue.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { uploadFixture } from '../../testing/uploads.js';

/** The in-process queue, with every derivatives job waiting until the test lets it run. */
class HeldDerivatives extends InProcessQueue {
  readonly made: string[] = [];
  private gate: Promise<void> = Promise.resolve();

  constructor() {
    const failed = (object: object, message: string) => console.error(`job: ${message}`, object);
    super({ log: { warn: failed, error: failed } });
  }

  /** Holds the derivatives jobs that start from now on; the function returned lets them run. */
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return release;
  }

  override start(handlers: JobHandlers): void {
    super.start({
      ...handlers,
      'media.derivatives': async (payload) => {
        await this.gate;
        await handlers['media.derivatives'](payload);
        this.made.push(payload.mediaId);
      },
    });
  }
}

describe.each(testDialects())('the derivatives job on %s', (dialect) => {
  const jobs = new HeldDerivatives();
  let t: TestApp;
  let dataDir: string;
  const newAccount = accountMaker(() => t, { label: 'derivatives' });
  const call = apiCaller(() => t);
  /** Straight to the routes: apiCaller would wait for the held job. */
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, user: SignedInUser, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload ? { payload } : {}),
    });

  async function storedFiles(userId: string): Promise<string[]> {
    const dir = path.join(dataDir, 'media', 'media', userId);
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  }

  const gallery = async (user: SignedInUser, pinId: string) => {
    const res = await inject('GET', `/api/media/pin/${pinId}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return MediaListResponse.parse(res.json()).media;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-derivatives-'));
    t = await startTestApp(dialect, { DATA_DIR: dataDir }, { jobs });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers complete before the thumbnails are made, lists the item processing, then ready once the job ran', async () => {
    const user = await newAccount();
    const pin = await createPinAs(call, user, { lat: 35.6586, lng: 139.7454, title: 'Tokyo' });
    const mediaId = await uploadFixture(t, call, user, pin.pinId, 'video/tokyo_xyz.mp4', {
      contentType: 'video/mp4',
      until: 'stored',
    });
    const release = jobs.hold();

    const res = await inject('POST', '/api/media/complete', user, { mediaId });
    expect(res.statusCode, res.body).toBe(200);
    const done = CompleteUploadResponse.parse(res.json());
    // Counted and verified at once; its poster is still to be made, and it plays from its original.
    expect(done.pin.mediaCount).toBe(1);
    expect(done.verification.hasLocationVerification).toBe(true);
    expect(done.media).toMatchObject({
      status: 'processing',
      thumbnailUrl: null,
      previewUrl: null,
      refusal: null,
    });
    expect(done.media.streamUrl).toEqual(expect.any(String));
    expect(jobs.made).toEqual([]);
    expect(await storedFiles(user.userId)).toEqual([`${mediaId}/original`]);
    const [listed] = await gallery(user, pin.pinId);
    expect(listed).toMatchObject({ mediaId, status: 'processing', thumbnailUrl: null, width: null });

    release();
    await t.jobsDone();
    expect(jobs.made).toEqual([mediaId]);
    expect(await storedFiles(user.userId)).toEqual(
      [`${mediaId}/original`, `${mediaId}/preview.webp`, `${mediaId}/thumb.webp`].sort(),
    );
    const [ready] = await gallery(user, pin.pinId);
    expect(ready).toMatchObject({ mediaId, status: 'ready', width: expect.any(Number) });
    const poster = await t.app.inject({ method: 'GET', url: ready!.thumbnailUrl! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
  });

  it('leaves nothing behind for a photo deleted before its job ran, and the job makes nothing', async () => {
    const user = await newAccount();
    const pin = await createPinAs(call, user, { lat: 43.4665, lng: 11.882, title: 'Arezzo' });
    const mediaId = await uploadFixture(t, call, user, pin.pinId, 'photos/gps/DSCN0010.jpg', {
      contentType: 'image/jpeg',
      until: 'stored',
    });
    const release = jobs.hold();
    expect((await inject('POST', '/api/media/complete', user, { mediaId })).statusCode).toBe(200);
    const removed = await inject('DELETE', `/api/media/${mediaId}`, user);
    expect(removed.statusCode, removed.body).toBe(200);

    release();
    await t.jobsDone();
    expect(await storedFiles(user.userId)).toEqual([]);
    expect(await t.db.selectFrom('media').select('id').where('user_id', '=', user.userId).execute()).toEqual(
      [],
    );
    expect(await gallery(user, pin.pinId)).toEqual([]);
  });
  it('makes again, after a restart, the derivatives of every item still waiting for them', async () => {
    const user = await newAccount();
    const pin = await createPinAs(call, user, { lat: 43.4665, lng: 11.882, title: 'Arezzo' });
    const ids: string[] = [];
    for (const photo of ['DSCN0012.jpg', 'DSCN0021.jpg', 'DSCN0025.jpg']) {
      ids.push(
        await uploadFixture(t, call, user, pin.pinId, `photos/gps/${photo}`, { contentType: 'image/jpeg' }),
      );
    }
    // As a stop between complete and the jobs leaves them: waiting, their thumbnails never written.
    await t.db.updateTable('media').set({ derivatives: 'pending' }).where('id', 'in', ids).execute();
    for (const id of ids) {
      for (const name of ['thumb.webp', 'preview.webp'])
        rmSync(path.join(dataDir, 'media', 'media', user.userId, id, name));
    }
    expect((await gallery(user, pin.pinId)).map((item) => item.status)).toEqual([
      'processing',
      'processing',
      'processing',
    ]);

    await jobs.enqueue('media.derivatives-resume', {});
    await t.jobsDone();
    expect((await gallery(user, pin.pinId)).map((item) => item.status)).toEqual(['ready', 'ready', 'ready']);
    expect((await storedFiles(user.userId)).filter((file) => file.endsWith('.webp'))).toHaveLength(6);
  });
});
