// The import's jobs when things go wrong, on SQLite and PostgreSQL: a commit cut off half-way finishes
// without doubling a pin, a read cancelled under it stops and keeps nothing, and the sweep resumes
// imports whose job was lost and keeps no uploaded file past its day. And the whole import on S3 storage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinListResponse, type TierId } from '@waymarks/shared';
import { createStorage, type Storage } from '../../adapters/storage/storage.js';
import { startS3rver, type S3TestServer } from '../../adapters/storage/storage-test-servers.js';
import {
  importFiles,
  importObjectsOf,
  importPreview,
  importStatus,
  semanticHistory,
  type Visit,
} from '../../testing/imports.js';
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
import { ImportCommit, importRequestKey } from './import-commit.js';
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
   * pins (`stored`, the largest places first), before marking their places; and the job to run again.
   */
  async function cutOffCommit(user: SignedInUser, stored: number) {
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
      rows.slice(0, stored).map((place) => ({
        id: crypto.randomUUID(),
        user_id: user.userId,
        title: place.title,
        description: '',
        lat: place.lat,
        lng: place.lng,
        country_code: place.country_code,
        country_name: place.country_name,
        city: place.city,
        visit_date: place.first_visit,
        request_key: importRequestKey(importId, place.place_key),
        import_id: importId,
        created_at: Date.now(),
        updated_at: Date.now(),
      })),
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
    const importId = await importFiles(
      t,
      call,
      user,
      [{ name: 'trip.json', bytes: semanticHistory(VISITS) }],
      'stored',
    );
    const imports = new ImportsRepository(t.db);
    // Completed by hand, so that no job reads it before this test's own reading does.
    for (const n of [0]) {
      const keys = importFileKeys(user.userId, importId, n);
      await storage.move(keys.upload, keys.file);
    }
    expect(await imports.move(importId, 'uploading', 'reading', Date.now())).toBe(true);
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
    const importId = await importFiles(
      t,
      call,
      user,
      [{ name: 'trip.json', bytes: semanticHistory(VISITS) }],
      'stored',
    );
    const imports = new ImportsRepository(t.db);
    await storage.delete([importFileKeys(user.userId, importId, 0).upload]);
    await imports.move(importId, 'uploading', 'reading', Date.now());
    await reading(imports).read(importId);
    expect(await importStatus(call, user, importId)).toMatchObject({
      status: 'failed',
      error: { code: 'file-missing', message: FILE_MISSING_MESSAGE },
    });
  });

  it('resumes imports whose job was lost, fails those not read within a day, and deletes their files', async () => {
    const user = await traveller();
    const imports = new ImportsRepository(t.db);
    const lost = await importFiles(
      t,
      call,
      user,
      [{ name: 'lost.json', bytes: semanticHistory(VISITS) }],
      'stored',
    );
    const keys = importFileKeys(user.userId, lost, 0);
    await storage.move(keys.upload, keys.file);
    await imports.move(lost, 'uploading', 'reading', Date.now());

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
    expect(await storedKeys(user)).toEqual([keys.file]);
    await reading(imports).read(lost);
    expect((await importStatus(call, user, lost)).status).toBe('ready');
    expect(await storedKeys(user)).toEqual([]);

    // A file that was never completed is deleted once its links ran out, and its import with it.
    const abandoned = await importFiles(
      t,
      call,
      user,
      [{ name: 'b.json', bytes: semanticHistory(VISITS) }],
      'stored',
    );
    expect(await storedKeys(user)).toHaveLength(1);
    const later = await sweep(Date.now() + 8 * HOUR);
    expect(later.abandoned).toBe(1);
    expect(await storedKeys(user)).toEqual([]);
    expect((await call('GET', `/api/imports/${abandoned}`, user)).statusCode).toBe(404);

    // An import still not read a day on fails, saying so, and its file goes.
    const stuck = await importFiles(
      t,
      call,
      user,
      [{ name: 'c.json', bytes: semanticHistory(VISITS) }],
      'stored',
    );
    const stuckKeys = importFileKeys(user.userId, stuck, 0);
    await storage.move(stuckKeys.upload, stuckKeys.file);
    await imports.move(stuck, 'uploading', 'reading', Date.now());
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
      STORAGE: 's3',
      S3_ENDPOINT: s3.config.endpoint!,
      S3_REGION: s3.config.region,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
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
