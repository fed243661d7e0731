// S3 out of reach for a while (decision 098), against a real S3 API server (s3rver) that the test stops
// and starts again on the same port with the same data: what each media route answers meanwhile, that an
// upload which could not complete counts for nothing, that completing again and the thumbnail job that
// failed meanwhile both finish once S3 is back, and that a Download All S3 cannot feed fails as a download.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteUploadResponse,
  DownloadUrlResponse,
  ErrorCode,
  MB,
  MediaListResponse,
  Profile,
  UploadUrlResponse,
} from '@waymarks/shared';
import { StorageUnavailableError } from '../../adapters/storage/object-storage.js';
import { s3AppEnv, startS3rver, type S3TestServer } from '../../adapters/storage/storage-test-servers.js';
import { UNAVAILABLE_MESSAGES } from '../../http/errors.js';
import { InProcessQueue } from '../../jobs/in-process.js';
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';
import type { JobHandlers } from '../../jobs/queue.js';
import { mediaFixture } from '../../testing/media-fixtures.js';
import {
  apiCaller,
  createPinAs,
  createSignedInUser,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';

const AREZZO = { lat: 43.4665, lng: 11.882, title: 'Arezzo' };
/** The wait between tries of a failed job here: eight tries span the outage with room to spare. */
const RETRY_MS = 1_500;

/**
 * The in-process queue, its thumbnail jobs held until release() (so one can be made to run while S3 is
 * down) and every failure recorded.
 */
class HeldThumbnailsQueue extends InProcessQueue {
  private released = false;
  private readonly held: (() => void)[] = [];

  constructor(readonly failures: { attempt: number; error: unknown }[] = []) {
    const record = (object: object) => {
      const { attempt, err } = object as { attempt?: number; err?: unknown };
      failures.push({ attempt: attempt ?? 0, error: err });
    };
    super({ retryDelayMs: () => RETRY_MS, log: { warn: record, error: record } });
  }

  override start(handlers: JobHandlers): void {
    super.start({
      ...handlers,
      'media.derivatives': async (payload) => {
        if (!this.released) await new Promise<void>((resolve) => this.held.push(resolve));
        return handlers['media.derivatives'](payload);
      },
    });
  }

  release(): void {
    this.released = true;
    for (const resolve of this.held.splice(0)) resolve();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())('S3 out of reach for a while, on %s', (dialect) => {
  let s3: S3TestServer;
  let queue: HeldThumbnailsQueue;
  let t: TestApp;
  let traveller: SignedInUser;
  let pinId: string;
  // Calls that do not wait for the jobs they enqueue: the held thumbnail jobs would keep them waiting.
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${traveller.token}` }, payload });

  beforeAll(async () => {
    s3 = await startS3rver();
    queue = new HeldThumbnailsQueue();
    t = await startTestApp(
      dialect,
      {
        ...s3AppEnv(s3),
      },
      { jobs: queue },
    );
    traveller = await createSignedInUser(t, { email: 'outage@example.com', name: 'Freya Stark' });
    pinId = (
      await createPinAs(
        apiCaller(() => t),
        traveller,
        AREZZO,
      )
    ).pinId;
  });

  afterAll(async () => {
    queue?.release();
    await t?.close();
    await s3?.close();
  });

  async function reserve(fixture: string) {
    const bytes = readFileSync(mediaFixture(fixture));
    const res = await call('POST', '/api/media/upload-url', {
      pinId,
      contentType: 'image/jpeg',
      filename: fixture.split('/').at(-1)!,
      sizeMB: bytes.length / MB,
      sizeBytes: bytes.length,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...UploadUrlResponse.parse(res.json()), bytes };
  }

  /** The browser's PUT, straight to the bucket. */
  const put = (upload: Awaited<ReturnType<typeof reserve>>) =>
    fetch(upload.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': upload.contentType },
      body: new Uint8Array(upload.bytes),
    });

  const complete = (mediaId: string) =>
    call('POST', '/api/media/complete', { mediaId, exifData: { lastModified: 1_700_000_000_000 } });

  const usage = async () => {
    const { usage } = Profile.parse((await call('GET', '/api/profile')).json());
    return { totalUsedMB: usage.totalUsedMB, mediaCount: usage.mediaCount };
  };

  const gallery = async () => {
    const res = await call('GET', `/api/media/pin/${pinId}`);
    expect(res.statusCode, res.body).toBe(200);
    return MediaListResponse.parse(res.json()).media;
  };

  async function untilThumbnails(mediaIds: string[]): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await t.db.selectFrom('media').select(['id', 'derivatives']).execute();
      const made = rows.filter((row) => mediaIds.includes(row.id) && row.derivatives === 'ready');
      if (made.length === mediaIds.length) return;
      if (Date.now() > deadline) throw new Error(`No thumbnails for ${mediaIds.join(', ')}`);
      await sleep(100);
    }
  }

  it('answers 503 where S3 is needed, counts nothing that did not complete, and finishes once S3 is back', async () => {
    // Before: one photo completed (its thumbnail job held), another stored in the bucket, not completed.
    const first = await reserve('photos/gps/DSCN0010.jpg');
    expect((await put(first)).status).toBe(200);
    expect((await complete(first.mediaId)).statusCode).toBe(200);
    const second = await reserve('photos/gps/DSCN0012.jpg');
    expect((await put(second)).status).toBe(200);
    const before = await usage();
    expect(before.mediaCount).toBe(1);

    await s3.stop();
    // The held thumbnail job runs now, fails, and waits for its next try.
    queue.release();
    for (let waited = 0; queue.failures.length === 0; waited += 50) {
      if (waited > 20_000) throw new Error('The thumbnail job never ran');
      await sleep(50);
    }
    expect(queue.failures[0]!.error).toBeInstanceOf(StorageUnavailableError);

    // Completing needs the stored bytes: refused for now, in the API's shape, and counted for nothing.
    const refused = await complete(second.mediaId);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual({
      error: { code: ErrorCode.serviceBusy, message: UNAVAILABLE_MESSAGES.storage },
    });
    expect(refused.headers['retry-after']).toBe('30');
    expect(await usage()).toEqual(before);

    // A link is signed here, without S3: reserving answers, and the browser's PUT is what fails.
    const third = await reserve('photos/gps/DSCN0021.jpg');
    await expect(put(third)).rejects.toThrow(TypeError);
    // The gallery's links are signed here too: it lists, the first item still without its thumbnail.
    expect((await gallery()).map((item) => [item.mediaId, item.status])).toEqual([
      [first.mediaId, 'processing'],
    ]);
    // Deleting removes the row now; objects S3 could not delete are left to the sweep.
    expect((await call('DELETE', `/api/media/${third.mediaId}`)).statusCode).toBe(200);
    expect(await usage()).toEqual(before);

    await s3.start();
    const completed = await complete(second.mediaId);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(CompleteUploadResponse.parse(completed.json()).mediaId).toBe(second.mediaId);
    // The failed job's next try, and the second photo's job, make both thumbnails.
    await untilThumbnails([first.mediaId, second.mediaId]);
    expect((await gallery()).map((item) => item.status)).toEqual(['ready', 'ready']);
    // Each counted once, the second completed twice over included.
    expect((await complete(second.mediaId)).statusCode).toBe(200);
    expect(await usage()).toEqual({
      totalUsedMB: Number(((first.bytes.length + second.bytes.length) / MB).toFixed(2)),
      mediaCount: 2,
    });
  });

  it('cuts a Download All short of its length when S3 is out of reach as the ZIP reaches an original, and serves it whole once S3 is back', async () => {
    await t.db.updateTable('users').set({ tier: 'pro' }).where('id', '=', traveller.userId).execute();
    t.advance(USER_CACHE_TTL_MS + 1);
    const link = await call('GET', `/api/media/pin/${pinId}/download-url`);
    expect(link.statusCode, link.body).toBe(200);
    const { downloadUrl } = DownloadUrlResponse.parse(link.json());
    // Over a real connection, as a browser downloads it: a reply cut short is only seen there.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const download = () => fetch(new URL(downloadUrl, origin));

    await s3.stop();
    try {
      const cut = await download();
      expect(cut.status).toBe(200);
      expect(Number(cut.headers.get('content-length'))).toBeGreaterThan(0);
      // Fewer bytes than the length it announced, then the connection closes: a failed download, not a
      // whole ZIP missing its photos.
      await expect(cut.arrayBuffer()).rejects.toThrow('terminated');
    } finally {
      await s3.start();
    }

    const whole = await download();
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(Number(whole.headers.get('content-length')));
    // The end of central directory record of a ZIP of both photos.
    expect(bytes.readUInt32LE(bytes.length - 22)).toBe(0x06054b50);
    expect(bytes.readUInt16LE(bytes.length - 12)).toBe(2);
  });
});
