// Imports cut off by a real SIGKILL, with the server in a process of its own (testing/server-process.ts):
// killed while a history is read, and while its places are made pins, the server starts again on the
// same data folder and database, its start-up imports sweep hands the import to the queue again, and the
// import finishes as if nothing had happened: its places stored once, its pins made once, its file gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ImportPreview,
  ImportSummary,
  ImportUploadUrlResponse,
  PinListResponse,
  type ImportStatus,
} from '@waymarks/shared';
import { semanticHistory, type Visit } from '../../testing/location-histories.js';
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
import { importRequestKey } from './import-commit.js';
import { importFileKeys, importKeyPrefix } from './import-keys.js';
import type { ImportSweepReport } from './imports.sweep.js';

/**
 * A traveller for each test, as one runs an import at a time: Pathfinders, whose unlimited pins let every
 * place of a large import become one.
 */
const READER: Account = { email: 'import-reader@example.com', password: 'Crash-test1', tier: 'plus' };
const COMMITTER: Account = { email: 'import-committer@example.com', password: 'Crash-test1', tier: 'plus' };

/** Far above the usual run time: a loaded machine starts the server, and reads, slowly. */
const TEST_TIMEOUT_MS = 120_000;
const MINUTE_MS = 60_000;

/**
 * Places on a grid of `rows` × 60 in a box of land (France, Spain), 0.05° apart: 4 to 5.5 km, so that no
 * two are one place (1 km) and none is a pin of the other.
 */
function grid(rows: number, south: number, west: number): { lat: number; lng: number }[] {
  return Array.from({ length: rows * 60 }, (_, i) => ({
    lat: Number((south + Math.floor(i / 60) * 0.05).toFixed(2)),
    lng: Number((west + (i % 60) * 0.05).toFixed(2)),
  }));
}

/**
 * A Google Records.json of a stay at each place: `fixes` points a minute apart within a few centimetres
 * (a stay is 20 minutes within 200 m), three hours between places: some 90 bytes a point, so a few
 * thousand places of 75 points are over 10 MB, seconds of reading.
 */
function recordsHistory(places: readonly { lat: number; lng: number }[], fixes: number): Buffer {
  const locations: string[] = [];
  let at = Date.parse('2015-03-01T08:00:00Z');
  for (const place of places) {
    for (let fix = 0; fix < fixes; fix += 1) {
      const latitudeE7 = Math.round(place.lat * 1e7) + fix;
      const longitudeE7 = Math.round(place.lng * 1e7);
      locations.push(
        `{"latitudeE7":${latitudeE7},"longitudeE7":${longitudeE7},"timestamp":"${new Date(at).toISOString()}"}`,
      );
      at += MINUTE_MS;
    }
    at += 3 * 60 * MINUTE_MS;
  }
  return Buffer.from(`{"locations":[\n${locations.join(',\n')}\n]}`);
}

/** A day's visit to each place, one place a day, all in the past (a time to come is no visit). */
function visitsTo(places: readonly { lat: number; lng: number }[]): Visit[] {
  const first = Date.parse('2010-01-01T00:00:00Z');
  return places.map((place, i) => {
    const day = first + i * 24 * 60 * MINUTE_MS;
    return {
      ...place,
      start: new Date(day + 10 * 60 * MINUTE_MS).toISOString(),
      end: new Date(day + 18 * 60 * MINUTE_MS).toISOString(),
    };
  });
}

/** Where a place is, to about 100 m: the same place read twice lands on the same one. */
const spot = (place: { lat: number; lng: number }) => `${place.lat.toFixed(3)},${place.lng.toFixed(3)}`;
const spots = (places: readonly { lat: number; lng: number }[]) => places.map(spot).sort();

/** The API as the signed-in traveller, with the import protocol. */
class Client extends ServerClient {
  /** upload-url, then the PUT of the bytes to the link, as the browser sends them. */
  async upload(fileName: string, bytes: Buffer): Promise<string> {
    const reserved = await this.call('POST', '/api/imports/upload-url', { fileName, fileSize: bytes.length });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const link = ImportUploadUrlResponse.parse(reserved.body);
    // Local storage's links are on this server.
    const res = await fetch(new URL(link.uploadUrl, this.server.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': link.contentType },
      body: new Uint8Array(bytes),
    });
    expect(res.status, await res.text()).toBe(200);
    return link.importId;
  }

  async complete(importId: string): Promise<ImportSummary> {
    const res = await this.call('POST', `/api/imports/${importId}/complete`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ImportSummary.parse(res.body);
  }

  async summary(importId: string): Promise<ImportSummary> {
    const res = await this.call('GET', `/api/imports/${importId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ImportSummary.parse(res.body);
  }

  /** The import once it has left `passing` (or as it is after START_TIMEOUT_MS), as the import page asks. */
  async settled(importId: string, passing: ImportStatus): Promise<ImportSummary> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const summary = await this.summary(importId);
      if (summary.status !== passing || Date.now() > deadline) return summary;
      await sleep(200);
    }
  }

  async preview(importId: string): Promise<ImportPreview> {
    const res = await this.call('GET', `/api/imports/${importId}/preview`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ImportPreview.parse(res.body);
  }

  async commit(importId: string, placeKeys: string[]): Promise<ImportSummary> {
    const res = await this.call('POST', `/api/imports/${importId}/commit`, { placeKeys });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ImportSummary.parse(res.body);
  }

  async pins(): Promise<PinListResponse['pins']> {
    const res = await this.call('GET', '/api/pins');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return PinListResponse.parse(res.body).pins;
  }
}

describe.each(testDialects())('imports cut off by a killed server on %s', (dialect) => {
  let environment: Environment;
  let server: Server;
  const reader = new Client();
  const committer = new Client();

  beforeAll(async () => {
    environment = await createEnvironment(dialect, [READER, COMMITTER]);
    server = await startServer(environment);
    await reader.signIn(server, READER);
    await committer.signIn(server, COMMITTER);
  }, 120_000);
  afterAll(cleanUp, 60_000);

  /**
   * SIGKILLs the server, runs `whileDown` (a look at what the kill left), starts the server again on the
   * same data folder and database, and gives the report of its start-up imports sweep. The sessions
   * outlive the crash.
   */
  async function crashAndRestart(whileDown: () => Promise<void>): Promise<ImportSweepReport> {
    await crash(server);
    await whileDown();
    server = await startServer(environment);
    reader.use(server);
    committer.use(server);
    // The sweep at start reports what it found, whatever it found.
    const entry = await server.entry('imports sweep done', { failedJob: 'imports.sweep' });
    return entry.sweep as ImportSweepReport;
  }

  const importRow = (importId: string) =>
    environment.db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirstOrThrow();
  const placeRows = (importId: string) =>
    environment.db.selectFrom('import_places').selectAll().where('import_id', '=', importId).execute();
  const userIdOf = async (account: Account) =>
    (
      await environment.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow()
    ).id;

  it(
    'a read cut off by a killed server is read again after the restart, and its places are stored once',
    async () => {
      const client = reader;
      const userId = await userIdOf(READER);
      const importFiles = () => storedFiles(environment, importKeyPrefix(userId));
      const places = grid(35, 44, 0.5);
      const fixes = 75;
      const bytes = recordsHistory(places, fixes);
      const importId = await client.upload('Records.json', bytes);
      // The kill comes as soon as complete has handed the file to the reading job, well before it ends
      // on any machine this runs on; whenever it lands, the end is the same.
      expect((await client.complete(importId)).status).toBe('reading');

      let killedWhile = '';
      const report = await crashAndRestart(async () => {
        killedWhile = (await importRow(importId)).status;
        if (killedWhile !== 'reading') return;
        // Cut off before the read ended: nothing of it is stored, and the file waits to be read.
        expect(await placeRows(importId)).toEqual([]);
        expect(await importFiles()).toEqual([
          { key: importFileKeys(userId, importId, 0).file, size: bytes.length },
        ]);
      });
      expect(['reading', 'ready']).toContain(killedWhile);
      // An import the dead process was reading is handed to the queue again; nothing else is swept.
      expect(report).toEqual({
        resumed: killedWhile === 'reading' ? 1 : 0,
        abandoned: 0,
        timedOut: 0,
        forgotten: 0,
        files: 0,
      });

      const summary = await client.settled(importId, 'reading');
      expect(summary).toMatchObject({
        status: 'ready',
        format: 'google-records',
        places: places.length,
        progress: {
          bytesRead: bytes.length,
          bytesTotal: bytes.length,
          points: places.length * fixes,
          stays: places.length,
        },
      });

      // Every place built is offered exactly once, and stored exactly once.
      const preview = await client.preview(importId);
      expect(preview.places).toHaveLength(places.length);
      expect(spots(preview.places)).toEqual(spots(places));
      const stored = await placeRows(importId);
      expect(stored).toHaveLength(places.length);
      expect(spots(stored)).toEqual(spots(places));
      // Each place holds its one stay: no stay was counted twice.
      expect(stored.map((row) => row.visits)).toEqual(places.map(() => 1));
      // Once read, the file is deleted: only the places remain.
      expect(await importFiles()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a commit cut off by a killed server finishes after the restart without making a pin twice',
    async () => {
      const client = committer;
      const userId = await userIdOf(COMMITTER);
      const places = grid(35, 38, -5);
      const importId = await client.upload(
        'Semantic Location History.json',
        semanticHistory(visitsTo(places)),
      );
      expect((await client.complete(importId)).status).toBe('reading');
      expect(await client.settled(importId, 'reading')).toMatchObject({
        status: 'ready',
        places: places.length,
      });
      const placeKeys = (await client.preview(importId)).places.map((place) => place.placeKey);
      expect(placeKeys).toHaveLength(places.length);

      expect((await client.commit(importId, placeKeys)).status).toBe('committing');
      // The kill comes as soon as the job has stored its first batch of pins, mid-commit on any machine
      // this runs on; whenever it lands, the end is the same. (The moment between a batch stored and its
      // places marked, where only the request keys find the pins again, is set up exactly by
      // import-jobs.int.test.ts.)
      const importedPins = async () =>
        Number(
          (
            await environment.db
              .selectFrom('pins')
              .select((eb) => eb.fn.countAll<number>().as('pins'))
              .where('import_id', '=', importId)
              .executeTakeFirstOrThrow()
          ).pins,
        );
      const deadline = Date.now() + START_TIMEOUT_MS;
      while ((await importedPins()) === 0 && Date.now() < deadline) await new Promise(setImmediate);

      let killedWhile = '';
      const report = await crashAndRestart(async () => {
        killedWhile = (await importRow(importId)).status;
      });
      expect(['committing', 'done']).toContain(killedWhile);
      // A commit the dead process was making is handed to the queue again; nothing else is swept.
      expect(report).toEqual({
        resumed: killedWhile === 'committing' ? 1 : 0,
        abandoned: 0,
        timedOut: 0,
        forgotten: 0,
        files: 0,
      });

      const summary = await client.settled(importId, 'committing');
      expect(summary).toMatchObject({ status: 'done', places: places.length });
      // Each place is one pin: those the cut-off run made are found by their keys, not matched as pins
      // that were there before, and none is made again.
      expect(summary.created + summary.matched).toBe(places.length);
      expect(summary.matched).toBe(0);
      const pins = await client.pins();
      expect(pins).toHaveLength(places.length);
      expect(summary.created).toBe(pins.length);

      const rows = await environment.db
        .selectFrom('pins')
        .select(['id', 'lat', 'lng', 'request_key'])
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toHaveLength(places.length);
      // No two pins share a place's request key or its coordinates: each place's key is there once.
      expect(rows.map((row) => row.request_key).sort()).toEqual(
        placeKeys.map((placeKey) => importRequestKey(importId, placeKey)).sort(),
      );
      expect(new Set(rows.map((row) => `${row.lat},${row.lng}`)).size).toBe(rows.length);
      expect(spots(rows)).toEqual(spots(places));
      // Every kept place names the pin it made.
      const marked = await placeRows(importId);
      expect(marked.every((row) => row.pin_made === 1 && row.pin_id !== null)).toBe(true);
      expect(new Set(marked.map((row) => row.pin_id))).toEqual(new Set(rows.map((row) => row.id)));
    },
    TEST_TIMEOUT_MS,
  );
});
