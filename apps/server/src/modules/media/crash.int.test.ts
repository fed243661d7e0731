// Crash safety with the real server in a process of its own, so the kill is a real SIGKILL: uploads are
// cut off in every state, the server starts again on the same data folder and database, and once the
// start-up sweep has run, storage and the media table agree: no ready row points at a missing object, no
// object is left without a row, nothing half-sent counts, and usage is exactly what is stored.
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteUploadResponse,
  CountriesSummary,
  MB,
  MediaListResponse,
  Pin,
  PinCreateResponse,
  UploadUrlResponse,
  type MediaItem,
} from '@waymarks/shared';
import { mediaFixture } from '../../testing/media-fixtures.js';
import {
  cleanUp,
  crash,
  createEnvironment,
  ServerClient,
  sleep,
  START_TIMEOUT_MS,
  startServer,
  storedFiles,
  type Account,
  type Environment,
  type Server,
} from '../../testing/server-process.js';
import { testDialects } from '../../testing/test-app.js';
import { mediaIdOfKey, mediaKeys, objectKeys, readyObjectKeys } from './media-keys.js';
import { MediaRepository } from './media.repository.js';
import type { SweepReport } from './media.sweep.js';

const ACCOUNT: Account = { email: 'crash@example.com', password: 'Crash-test1', tier: 'pro' };
const AREZZO = { lat: 43.4665, lng: 11.882, title: 'Arezzo' };
const TOKYO = { lat: 35.6586, lng: 139.7454, title: 'Tokyo' };
const PARIS = { lat: 48.8584, lng: 2.2945, title: 'Paris' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Far above the usual run time (seconds): a loaded machine starts the server slowly. */
const TEST_TIMEOUT_MS = 120_000;

/** The report of the start-up media sweep, once it has run. */
async function sweepOf(server: Server): Promise<SweepReport> {
  const entry = await server.entry('media sweep done', { failedJob: 'media.sweep' });
  return entry.sweep as SweepReport;
}

/** The API as the signed-in traveller, on whichever server process is running now. */
class Client extends ServerClient {
  async createPin(at: typeof AREZZO): Promise<string> {
    const res = await this.call('POST', '/api/pins', at);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return PinCreateResponse.parse(res.body).pin.pinId;
  }

  async getPin(pinId: string): Promise<Pin> {
    const res = await this.call('GET', `/api/pins/${pinId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Pin.parse(res.body);
  }

  async countries(): Promise<CountriesSummary> {
    const res = await this.call('GET', '/api/countries');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CountriesSummary.parse(res.body);
  }

  /** upload-url for a fixture: the reservation and the bytes to send. */
  async reserve(pinId: string, fixture: string, contentType: string): Promise<Upload> {
    const bytes = readFileSync(mediaFixture(fixture));
    const res = await this.call('POST', '/api/media/upload-url', {
      pinId,
      contentType,
      filename: path.basename(fixture),
      sizeMB: bytes.length / MB,
      sizeBytes: bytes.length,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...UploadUrlResponse.parse(res.body), bytes };
  }

  async put(upload: Upload): Promise<number> {
    const res = await fetch(this.server.baseUrl + upload.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': upload.contentType },
      body: new Uint8Array(upload.bytes),
    });
    await res.arrayBuffer();
    return res.status;
  }

  complete(upload: Upload): Promise<{ status: number; body: unknown }> {
    return this.call('POST', '/api/media/complete', {
      mediaId: upload.mediaId,
      exifData: { lastModified: 1_700_000_000_000 },
    });
  }

  /**
   * upload-url, PUT and complete: a photo that is media; then, as the gallery does, asks again until its
   * thumbnail and preview are made.
   */
  async upload(pinId: string, fixture: string, contentType = 'image/jpeg'): Promise<Upload> {
    const upload = await this.reserve(pinId, fixture, contentType);
    expect(await this.put(upload)).toBe(200);
    const res = await this.complete(upload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(CompleteUploadResponse.parse(res.body).media.mediaId).toBe(upload.mediaId);
    expect(await this.galleryStatus(pinId, upload.mediaId)).toBe('ready');
    return upload;
  }

  /** The item's status in its pin's gallery once it is no longer processing (or after START_TIMEOUT_MS). */
  async galleryStatus(pinId: string, mediaId: string): Promise<MediaItem['status'] | undefined> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const res = await this.call('GET', `/api/media/pin/${pinId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const item = MediaListResponse.parse(res.body).media.find((one) => one.mediaId === mediaId);
      if (item?.status !== 'processing' || Date.now() > deadline) return item?.status;
      await sleep(100);
    }
  }

  /**
   * A PUT that sends half the file and then nothing, its connection held open: the server is
   * streaming it into a `.part` file when it dies. Resolves once that half is on disk.
   */
  async putHalf(environment: Environment, upload: Upload): Promise<http.ClientRequest> {
    const half = Math.floor(upload.bytes.length / 2);
    const request = http.request(this.server.baseUrl + upload.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': upload.contentType, 'content-length': upload.bytes.length },
    });
    // The server goes away mid-request: that error is the point.
    request.on('error', () => {});
    request.write(upload.bytes.subarray(0, half));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const parts = (await storedFiles(environment)).filter(
        (file) => file.key.endsWith('.part') && file.key.includes(upload.mediaId),
      );
      if (parts.some((part) => part.size === half)) return request;
      if (Date.now() > deadline) throw new Error('The half-sent upload never reached the disk');
      await sleep(50);
    }
  }
}

interface Upload extends UploadUrlResponse {
  bytes: Buffer;
}

const mediaRows = (environment: Environment) => environment.db.selectFrom('media').selectAll().execute();

/**
 * Waits until no ready row waits for its thumbnail and preview: the jobs of a process that died are
 * enqueued again when the next one starts.
 */
async function derivativesMade(environment: Environment): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const waiting = (await mediaRows(environment)).filter(
      (row) => row.status === 'ready' && row.derivatives !== 'ready',
    );
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`Derivatives never made: ${waiting.map((row) => row.id)}`);
    await sleep(100);
  }
}

/**
 * What must hold after any crash once the sweep has run, read from the database, the disk and the API:
 * every ready row has its three objects; every object belongs to a ready row or to an upload whose link
 * is still valid; no `.part` file is left; counts and usage are those of the ready media, and the bytes
 * counted are the bytes stored.
 */
async function expectConsistent(
  environment: Environment,
  client: Client,
  userId: string,
  pinIds: string[],
): Promise<void> {
  await derivativesMade(environment);
  const rows = await mediaRows(environment);
  const files = await storedFiles(environment);
  const sizes = new Map(files.map((file) => [file.key, file.size]));
  const ready = rows.filter((row) => row.status === 'ready');

  expect(files.filter((file) => file.key.endsWith('.part'))).toEqual([]);
  for (const row of ready) {
    const keys = mediaKeys(row.user_id, row.id);
    expect(row.storage_key).toBe(keys.original);
    for (const key of readyObjectKeys(keys)) expect(sizes.has(key), `${key} is stored`).toBe(true);
    // Its upload object was moved to the original by complete: none is left for a ready item.
    expect(sizes.has(keys.upload), `${keys.upload} is moved`).toBe(false);
  }
  const now = Date.now();
  for (const file of files) {
    const mediaId = mediaIdOfKey(file.key);
    expect(mediaId, `${file.key} is a media object`).toBeDefined();
    const row = rows.find((candidate) => candidate.id === mediaId);
    expect(row, `${file.key} has a media row`).toBeDefined();
    expect(row!.status === 'ready' || row!.expires_at > now, `${file.key} belongs to a live row`).toBe(true);
  }

  // Usage equals what is stored: each ready row's size is its original's size on disk, and the usage the
  // storage allowance is checked against counts exactly those bytes.
  for (const row of ready) expect(row.size_bytes).toBe(sizes.get(row.storage_key));
  const storedBytes = (pinId?: string) =>
    ready
      .filter((row) => pinId === undefined || row.pin_id === pinId)
      .reduce((sum, row) => sum + sizes.get(row.storage_key)!, 0);
  expect(ready.reduce((sum, row) => sum + row.size_bytes, 0)).toBe(storedBytes());
  const usage = await new MediaRepository(environment.db).usage(userId, now);
  expect(usage).toMatchObject({ readyBytes: storedBytes(), mediaCount: ready.length });

  const summary = await client.countries();
  expect(summary.totalMedia).toBe(ready.length);
  for (const pinId of pinIds) {
    const pin = await client.getPin(pinId);
    const pinReady = ready.filter((row) => row.pin_id === pinId);
    expect(pin.mediaCount, `media of ${pin.title}`).toBe(pinReady.length);
    // One pin per country here, so the country's stored size is the pin's.
    const country = summary.countries.find((entry) => entry.countryCode === pin.countryCode);
    expect(country?.mediaCount).toBe(pinReady.length);
    expect(country?.totalSizeMB).toBe(Number((storedBytes(pinId) / MB).toFixed(2)));
  }
}

describe.each(testDialects())('crash safety of uploads on %s', (dialect) => {
  let environment: Environment;
  let server: Server;
  const client = new Client();
  let userId: string;
  let arezzo: string;
  let tokyo: string;
  let paris: string;

  beforeAll(async () => {
    environment = await createEnvironment(dialect, [ACCOUNT]);
    server = await startServer(environment);
    expect(await sweepOf(server)).toEqual({
      incompleteUploads: 0,
      abandonedUploads: 0,
      expiredReservations: 0,
      orphanObjects: 0,
    });
    await client.signIn(server, ACCOUNT);
    userId = (await environment.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    arezzo = await client.createPin(AREZZO);
    tokyo = await client.createPin(TOKYO);
    paris = await client.createPin(PARIS);
  }, 120_000);
  afterAll(cleanUp, 60_000);

  /**
   * SIGKILLs the server, runs `whileDown` (what else happened before the restart), starts the server
   * again on the same data folder and database, and gives the report of its start-up sweep. The session
   * outlives the crash: the client goes on with the same token.
   */
  async function crashAndRestart(whileDown?: () => Promise<void>): Promise<SweepReport> {
    await crash(server);
    await whileDown?.();
    server = await startServer(environment);
    client.use(server);
    return sweepOf(server);
  }

  const storedKeys = async () => new Set((await storedFiles(environment)).map((file) => file.key));
  const keysOf = (upload: Upload) => objectKeys(mediaKeys(userId, upload.mediaId));

  it(
    'leaves storage and media rows consistent after a SIGKILL in the middle of uploads, and nothing half-sent counts',
    async () => {
      const done = await Promise.all([
        client.upload(arezzo, 'photos/gps/DSCN0010.jpg'),
        client.upload(arezzo, 'photos/gps/DSCN0012.jpg'),
        client.upload(tokyo, 'photos/gps/DSCN0021.jpg'),
      ]);

      // Uploads in every state at once when the server dies.
      const [reservedOnly, halfSent, putNotCompleted, completing] = await Promise.all([
        client.reserve(arezzo, 'photos/gps/DSCN0025.jpg', 'image/jpeg'),
        client.reserve(tokyo, 'photos/gps/DSCN0027.jpg', 'image/jpeg'),
        client.reserve(arezzo, 'photos/gps/DSCN0029.jpg', 'image/jpeg'),
        client.reserve(tokyo, 'photos/gps/iphone11_kansas_city.heic', 'image/heic'),
      ]);
      expect(await client.put(putNotCompleted)).toBe(200);
      expect(await client.put(completing)).toBe(200);
      const halfRequest = await client.putHalf(environment, halfSent);
      // The kill comes as soon as the server says it has begun to complete a HEIC photo: it dies while
      // the completion runs, or, if that was quicker, while the photo's thumbnails (well over a second of
      // decoding) are being made.
      const processing = client.server.logged('upload completing');
      const completeInFlight = client.complete(completing).then(
        (res) => (res.status === 200 ? ('answered' as const) : ('refused' as const)),
        () => 'cut off' as const,
      );
      await processing;

      const report = await crashAndRestart(async () => {
        halfRequest.destroy();
        expect(['cut off', 'answered']).toContain(await completeInFlight);
        // The crash left the half-sent upload's part file behind: there is something for the sweep to do.
        expect((await storedFiles(environment)).some((file) => file.key.endsWith('.part'))).toBe(true);
      });
      // The half-sent part at least (a thumbnail being written when the kill came would be another).
      expect(report.incompleteUploads).toBeGreaterThanOrEqual(1);
      // Every upload cut off still has a valid link (an hour), and no row was deleted: nothing else to remove.
      expect(report).toMatchObject({ abandonedUploads: 0, orphanObjects: 0 });

      await expectConsistent(environment, client, userId, [arezzo, tokyo, paris]);
      const rows = new Map((await mediaRows(environment)).map((row) => [row.id, row]));
      for (const upload of done) expect(rows.get(upload.mediaId)?.status).toBe('ready');
      for (const upload of [reservedOnly, halfSent, putNotCompleted]) {
        expect(rows.get(upload.mediaId), upload.mediaId).toMatchObject({ status: 'pending', size_bytes: 0 });
      }
      // Cut off, it is still an upload; answered, it is media with its thumbnails made after the restart.
      const completed = rows.get(completing.mediaId)!.status === 'ready';
      expect(rows.get(completing.mediaId)!.status).toBe(completed ? 'ready' : 'pending');
      const stored = await storedKeys();
      // Half a file is never an object, and no trace of it remains.
      expect([...stored].filter((key) => key.includes(halfSent.mediaId))).toEqual([]);
      expect([...stored].filter((key) => key.includes(reservedOnly.mediaId))).toEqual([]);
      // A finished PUT survives the crash, waiting for complete.
      expect(stored.has(mediaKeys(userId, putNotCompleted.mediaId).upload)).toBe(true);
      // The one being completed was moved to its original, or not yet: either way it is kept whole.
      const inFlight = mediaKeys(userId, completing.mediaId);
      expect(stored.has(inFlight.upload) !== stored.has(inFlight.original)).toBe(true);
      expect((await client.getPin(arezzo)).mediaCount).toBe(2);
      expect((await client.getPin(tokyo)).mediaCount).toBe(completed ? 2 : 1);

      // The service is healthy again: every cut-off upload can be finished, and new ones go through.
      for (const upload of [putNotCompleted, completing]) {
        const res = await client.complete(upload);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      for (const upload of [reservedOnly, halfSent]) {
        expect(await client.put(upload)).toBe(200);
        const res = await client.complete(upload);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await client.upload(tokyo, 'photos/gps/DSCN0038.jpg');

      await expectConsistent(environment, client, userId, [arezzo, tokyo, paris]);
      expect((await mediaRows(environment)).filter((row) => row.status === 'ready')).toHaveLength(8);
      expect((await client.getPin(arezzo)).mediaCount).toBe(4);
      expect((await client.getPin(tokyo)).mediaCount).toBe(4);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'removes uploads abandoned long past their link’s expiry, rows and objects, and keeps ready media',
    async () => {
      const readyBefore = (await mediaRows(environment)).filter((row) => row.status === 'ready');
      const [reservedOnly, stored, halfSent] = await Promise.all([
        client.reserve(arezzo, 'photos/gps/DSCN0040.jpg', 'image/jpeg'),
        client.reserve(arezzo, 'photos/gps/DSCN0042.jpg', 'image/jpeg'),
        client.reserve(tokyo, 'photos/gps/DSCN0025.jpg', 'image/jpeg'),
      ]);
      expect(await client.put(stored)).toBe(200);
      const halfRequest = await client.putHalf(environment, halfSent);

      const report = await crashAndRestart(async () => {
        halfRequest.destroy();
        // Two days pass while the server is down: every link ran out long ago, ready media's included.
        await environment.db
          .updateTable('media')
          .set({ expires_at: Date.now() - 2 * DAY_MS })
          .execute();
      });
      expect(report).toEqual({
        incompleteUploads: 1,
        abandonedUploads: 3,
        expiredReservations: 0,
        orphanObjects: 0,
      });

      const rows = await mediaRows(environment);
      expect(rows.map((row) => row.id).sort()).toEqual(readyBefore.map((row) => row.id).sort());
      expect(rows.every((row) => row.status === 'ready')).toBe(true);
      const keys = await storedKeys();
      for (const upload of [reservedOnly, stored, halfSent]) {
        expect([...keys].filter((key) => key.includes(upload.mediaId))).toEqual([]);
      }
      await expectConsistent(environment, client, userId, [arezzo, tokyo, paris]);
      expect((await client.getPin(arezzo)).mediaCount).toBe(4);
      expect((await client.getPin(tokyo)).mediaCount).toBe(4);

      // The service goes on: a new upload goes through.
      await client.upload(arezzo, 'photos/gps/DSCN0040.jpg');
      await expectConsistent(environment, client, userId, [arezzo, tokyo, paris]);
      expect((await client.getPin(arezzo)).mediaCount).toBe(5);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'removes the objects of media whose rows were deleted just before a crash',
    async () => {
      const [gone, pendingGone] = await Promise.all([
        client.upload(paris, 'photos/gps/DSCN0042.jpg'),
        client.reserve(paris, 'photos/gps/DSCN0021.jpg', 'image/jpeg'),
      ]);
      expect(await client.put(pendingGone)).toBe(200);
      const rowsBefore = await mediaRows(environment);

      const report = await crashAndRestart(async () => {
        // Deleting a pin removes its media rows (with the pin, in one statement) before its objects:
        // this is the state a crash between the two leaves behind.
        await environment.db.deleteFrom('pins').where('id', '=', paris).execute();
        expect(await mediaRows(environment)).toHaveLength(rowsBefore.length - 2);
      });
      // The ready photo's original, thumbnail and preview, and the finished PUT's upload object.
      expect(report).toEqual({
        incompleteUploads: 0,
        abandonedUploads: 0,
        expiredReservations: 0,
        orphanObjects: 4,
      });

      const keys = await storedKeys();
      for (const key of [...keysOf(gone), ...keysOf(pendingGone)]) expect(keys.has(key), key).toBe(false);
      await expectConsistent(environment, client, userId, [arezzo, tokyo]);
      expect((await client.countries()).totalPins).toBe(2);
    },
    TEST_TIMEOUT_MS,
  );
  it(
    'makes the thumbnails of media completed just before a crash once the server is back',
    async () => {
      // A photo of its own: the traveller keeps DSCN0027.jpg already, and the same file is not kept twice.
      const upload = await client.upload(arezzo, 'photos/no-gps/orientation_6.jpg');
      const keys = mediaKeys(userId, upload.mediaId);
      const report = await crashAndRestart(async () => {
        // The state a crash between complete and its derivatives job leaves: media without thumbnails.
        await environment.db
          .updateTable('media')
          .set({ derivatives: 'pending', width: null, height: null })
          .where('id', '=', upload.mediaId)
          .execute();
        for (const key of [keys.thumbnail, keys.preview])
          rmSync(path.join(environment.dataDir, 'media', key));
      });
      expect(report.orphanObjects).toBe(0);

      expect(await client.galleryStatus(arezzo, upload.mediaId)).toBe('ready');
      const stored = new Set((await storedFiles(environment)).map((file) => file.key));
      expect(stored.has(keys.thumbnail) && stored.has(keys.preview)).toBe(true);
      const row = (await mediaRows(environment)).find((one) => one.id === upload.mediaId)!;
      expect(row).toMatchObject({
        derivatives: 'ready',
        width: expect.any(Number),
        height: expect.any(Number),
      });
      await expectConsistent(environment, client, userId, [arezzo, tokyo]);
    },
    TEST_TIMEOUT_MS,
  );
});
