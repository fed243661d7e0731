// The import's jobs when things go wrong, on SQLite and PostgreSQL: a commit cut off half-way finishes
// without doubling a pin, a read cancelled under it stops and keeps nothing, and the sweep resumes
// imports whose job was lost and keeps no uploaded file past its day. And the whole import on S3 storage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinListResponse, type TierId } from '@waymarks/shared';
import { createStorage, type Storage } from '../../adapters/storage/storage.js';
import { s3AppEnv, startS3rver, type S3TestServer } from '../../adapters/storage/storage-test-servers.js';
import { importFiles, importObjectsOf, importPreview, importStatus } from '../../testing/imports.js';
import { semanticHistory, type Visit } from '../../testing/location-histories.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  sharedGazetteer,
  startTestApp,
  testDialects,
  type Dialect,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { PinsRepository } from '../pins/pins.repository.js';
import { ImportCommit, pinOfPlace } from './import-commit.js';
import { importFileKeys } from './import-keys.js';
import { FILE_MISSING_MESSAGE, ImportReading } from './import-reading.js';
import { ImportsRepository, type ReadProgress } from './imports.repository.js';
import { FILE_KEPT_MS, ImportsSweep } from './imports.sweep.js';

/** Twenty places a few km apart, a day each. */
const VISITS: Visit[] = Array.from({ length: 20 }, (_, i) => ({
  lat: 46 + i * 0.05,
  lng: 2 + i * 0.05,
  start: `2018-07-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
  end: `2018-07-${String(i + 1).padStart(2, '0')}T18:00:00Z`,
}));

const HOUR = 60 * 60 * 1000;

describe.each(testDialects())('import jobs (%s)', (dialect: Dialect) => {
  let t: TestApp;
  let storage: Storage;
  const traveller = accountMaker(() => t, { label: `import-jobs-${dialect}` });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    storage = createStorage(t.config.storage, { signingSecret: t.config.authSecret });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const pinsOf = async (user: SignedInUser) =>
    PinListResponse.parse((await call('GET', '/api/pins', user)).json()).pins;
  const preview = (user: SignedInUser, importId: string) => importPreview(call, user, importId);
  const storedKeys = (user: SignedInUser) => importObjectsOf(storage, user.userId);
  /** The VISITS history, its file up but not completed. */
  const stored = (user: SignedInUser, name = 'trip.json') =>
    importFiles(t, call, user, [{ name, bytes: semanticHistory(VISITS) }], 'stored');

  /**
   * The VISITS history up and marked for reading by hand, as complete leaves it, but with no job enqueued:
   * as a process that died with its in-memory queue leaves it, and for a test's own reading.
   */
  async function awaitingRead(user: SignedInUser, name = 'trip.json'): Promise<string> {
    const importId = await stored(user, name);
    const keys = importFileKeys(user.userId, importId, 0);
    await storage.move(keys.upload, keys.file);
    expect(await new ImportsRepository(t.db).move(importId, 'uploading', 'reading', Date.now())).toBe(true);
    return importId;
  }

  const reading = (imports: ImportsRepository, now = Date.now) =>
    new ImportReading({
      imports,
      pins: new PinsRepository(t.db),
      storage,
      gazetteer: sharedGazetteer(),
      now,
      onCleanupError: (error) => {
        throw error;
      },
    });

  /**
   * An import of VISITS left as the commit job leaves it when its process dies after storing a batch of
   * pins (`storedPins`, the largest places first), before marking their places; and the job to run again.
   */
  async function cutOffCommit(user: SignedInUser, storedPins: number) {
    const importId = await importFiles(t, call, user, [
      { name: 'trip.json', bytes: semanticHistory(VISITS) },
    ]);
    const { places } = await preview(user, importId);
    const imports = new ImportsRepository(t.db);
    const pins = new PinsRepository(t.db);
    const placeKeys = places.map((place) => place.placeKey);
    expect(await imports.startCommit(importId, placeKeys, Date.now())).toBe(true);
    const rows = await imports.places(importId);
    await pins.insertOnce(
      rows.slice(0, storedPins).map((place) => pinOfPlace(user.userId, importId, place, Date.now())),
    );
    const refreshed: string[] = [];
    const job = (tier: TierId) =>
      new ImportCommit({
        imports,
        pins,
        tierOf: async () => tier,
        now: Date.now,
        progress: { refresh: async (userId) => void refreshed.push(userId) },
      });
    return { importId, imports, refreshed, job };
  }

  it('finishes a commit cut off half-way without doubling a pin, counting what it made', async () => {
    const user = await traveller();
    const { importId, refreshed, job } = await cutOffCommit(user, 7);
    await job('plus').commit(importId);
    // Run again, as a retried job would be: nothing changes.
    await job('plus').commit(importId);

    expect(await importStatus(call, user, importId)).toMatchObject({
      status: 'done',
      created: 20,
      matched: 0,
    });
    const made = await pinsOf(user);
    expect(made).toHaveLength(20);
    expect(new Set(made.map((pin) => `${pin.lat},${pin.lng}`)).size).toBe(20);
    expect(refreshed).toEqual([user.userId]);
  });

  it('keeps the pins a cut-off commit made when the plan was lowered since, and makes only what fits', async () => {
    const user = await traveller();
    await createPinAs(call, user, { lat: -33.8688, lng: 151.2093, title: 'Sydney' });
    // 7 of the 20 places stored before the cut; the free plan (10 pins) then leaves room for 2 more.
    const { importId, imports, job } = await cutOffCommit(user, 7);
    await job('free').commit(importId);

    expect(await importStatus(call, user, importId)).toMatchObject({ status: 'done', created: 9, places: 9 });
    expect(await pinsOf(user)).toHaveLength(10);
    const kept = await imports.places(importId);
    expect(kept).toHaveLength(9);
    expect(kept.every((place) => place.pin_made === 1 && place.pin_id !== null)).toBe(true);
  });

  it('stops a read whose import was cancelled under it, and keeps nothing of it', async () => {
    const user = await traveller();
    // Completed by hand, so that no job reads it before this test's own reading does.
    const importId = await awaitingRead(user);
    // The traveller cancels while the first progress is written.
    class CancelledWhileRead extends ImportsRepository {
      override async recordProgress(id: string, progress: ReadProgress, at: number): Promise<boolean> {
        await t.db.deleteFrom('imports').where('id', '=', id).execute();
        return super.recordProgress(id, progress, at);
      }
    }
    let clock = Date.now();
    await reading(new CancelledWhileRead(t.db), () => (clock += 5_000)).read(importId);
    expect(
      await t.db.selectFrom('import_places').select('place_key').where('import_id', '=', importId).execute(),
    ).toEqual([]);
    expect((await call('GET', `/api/imports/${importId}`, user)).statusCode).toBe(404);
  });

  it('fails an import whose file was lost before it was read, saying so', async () => {
    const user = await traveller();
    const importId = await awaitingRead(user);
    await storage.delete([importFileKeys(user.userId, importId, 0).file]);
    await reading(new ImportsRepository(t.db)).read(importId);
    expect(await importStatus(call, user, importId)).toMatchObject({
      status: 'failed',
      error: { code: 'file-missing', message: FILE_MISSING_MESSAGE },
    });
  });

  it('resumes imports whose job was lost, fails those not read within a day, and deletes their files', async () => {
    const user = await traveller();
    const imports = new ImportsRepository(t.db);
    const lost = await awaitingRead(user, 'lost.json');

    const enqueued: string[] = [];
    const sweep = (now: number) =>
      new ImportsSweep({
        imports,
        storage,
        jobs: { enqueue: async (name, payload) => void enqueued.push(`${name} ${JSON.stringify(payload)}`) },
        now: () => now,
      }).run();
    const report = await sweep(Date.now());
    expect(enqueued).toContain(`imports.read ${JSON.stringify({ importId: lost })}`);
    expect(report.resumed).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(user)).toEqual([importFileKeys(user.userId, lost, 0).file]);
    await reading(imports).read(lost);
    expect((await importStatus(call, user, lost)).status).toBe('ready');
    expect(await storedKeys(user)).toEqual([]);

    // A file that was never completed is deleted once its links ran out, and its import with it.
    const abandoned = await stored(user, 'b.json');
    expect(await storedKeys(user)).toHaveLength(1);
    const later = await sweep(Date.now() + 8 * HOUR);
    expect(later.abandoned).toBe(1);
    expect(await storedKeys(user)).toEqual([]);
    expect((await call('GET', `/api/imports/${abandoned}`, user)).statusCode).toBe(404);

    // An import still not read a day on fails, saying so, and its file goes.
    const stuck = await awaitingRead(user, 'c.json');
    const dayOn = await sweep(Date.now() + FILE_KEPT_MS + HOUR);
    expect(dayOn.timedOut).toBe(1);
    expect(await importStatus(call, user, stuck)).toMatchObject({
      status: 'failed',
      error: { code: 'timed-out' },
    });
    expect(await storedKeys(user)).toEqual([]);
  });
});

describe('imports on S3 storage', () => {
  let t: TestApp;
  let s3: S3TestServer;
  const traveller = accountMaker(() => t, { label: 'imports-s3' });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    s3 = await startS3rver();
    t = await startTestApp('sqlite', {
      ...s3AppEnv(s3),
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('goes up by a presigned PUT, is read from the bucket, and leaves nothing in it', async () => {
    const user = await traveller();
    const importId = await importFiles(t, call, user, [
      { name: 'trip.json', bytes: semanticHistory(VISITS) },
    ]);
    expect(await importStatus(call, user, importId)).toMatchObject({ status: 'ready', places: 20 });
    const storage = createStorage(t.config.storage, { signingSecret: t.config.authSecret });
    const left: string[] = [];
    for await (const object of storage.list('imports/')) left.push(object.key);
    expect(left).toEqual([]);
  });
});
