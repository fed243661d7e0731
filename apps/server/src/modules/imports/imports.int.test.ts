// Importing past travels through the real routes, jobs and storage, on SQLite and PostgreSQL: a history
// goes up, is read by its job into places, previewed against the traveller's pins, committed as pins
// (once, however often it is sent or imported again) and undone; bad files fail with the reason, and
// nothing of an import stays in storage once it has been read, cancelled or swept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  IMPORT_MESSAGES,
  ImportDeleteResponse,
  ImportListResponse,
  ImportSummary,
  ImportUploadUrlResponse,
  PinListResponse,
  VisitedCountResponse,
} from '@waymarks/shared';
import { createStorage, type Storage } from '../../adapters/storage/storage.js';
import {
  importFiles,
  importObjectsOf,
  importPreview,
  importStatus,
  putImportFile,
  type ImportStage,
} from '../../testing/imports.js';
import { semanticHistory, type Visit } from '../../testing/location-histories.js';
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
import { uploadFixture } from '../../testing/uploads.js';
import { storedZipEntries } from '../../testing/zip-entries.js';
import { FORMATS_READ } from './read/formats.js';

const PARIS = { lat: 48.8566, lng: 2.3522 };
const ROME = { lat: 41.9028, lng: 12.4964 };
const LISBON = { lat: 38.7223, lng: -9.1393 };
const BERLIN = { lat: 52.52, lng: 13.405 };

/** A spring of travels: Paris twice (the largest place), Rome, Lisbon. */
const SPRING: Visit[] = [
  { ...PARIS, name: 'Hôtel du Louvre', start: '2019-04-01T10:00:00Z', end: '2019-04-03T09:00:00Z' },
  { ...ROME, start: '2019-04-10T12:00:00Z', end: '2019-04-12T08:00:00Z' },
  { ...LISBON, start: '2019-05-01T12:00:00Z', end: '2019-05-01T18:00:00Z' },
  { ...PARIS, name: 'Hôtel du Louvre', start: '2019-06-20T10:00:00Z', end: '2019-06-22T10:00:00Z' },
];

/** `count` places a few km apart along a line through France: each its own place. */
function manyPlaces(count: number, day = '2018-07-01'): Visit[] {
  return Array.from({ length: count }, (_, i) => ({
    lat: 46 + i * 0.05,
    lng: 2 + i * 0.05,
    start: `${day}T${String(i % 24).padStart(2, '0')}:00:00Z`,
    end: `${day}T${String(i % 24).padStart(2, '0')}:45:00Z`,
  }));
}

describe.each(testDialects())('imports (%s)', (dialect: Dialect) => {
  let t: TestApp;
  let storage: Storage;
  const traveller = accountMaker(() => t, { label: `imports-${dialect}` });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    storage = createStorage(t.config.storage, { signingSecret: t.config.authSecret });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const preview = (user: SignedInUser, importId: string) => importPreview(call, user, importId);
  const commit = (user: SignedInUser, importId: string, placeKeys: string[]) =>
    call('POST', `/api/imports/${importId}/commit`, user, { placeKeys });
  const pinsOf = async (user: SignedInUser) =>
    PinListResponse.parse((await call('GET', '/api/pins', user)).json()).pins;
  const countriesOf = async (user: SignedInUser) =>
    VisitedCountResponse.parse((await call('GET', '/api/countries/visited-count', user)).json()).count;
  const storedKeys = (user: SignedInUser) => importObjectsOf(storage, user.userId);
  /** The spring's history imported as one file, up to `until`. */
  const importSpring = (user: SignedInUser, until?: ImportStage, name = 'Semantic.json') =>
    importFiles(t, call, user, [{ name, bytes: semanticHistory(SPRING) }], until);
  const upgrade = (user: SignedInUser, tier: string) =>
    t.db.updateTable('users').set({ tier }).where('id', '=', user.userId).execute();

  it('reads a history into places, largest first, with their countries and years, and keeps no file', async () => {
    const user = await traveller();
    const importId = await importSpring(user);

    const status = await importStatus(call, user, importId);
    expect(status).toMatchObject({
      status: 'ready',
      format: 'google-semantic',
      fileNames: ['Semantic.json'],
      places: 3,
    });
    expect(status.progress.bytesRead).toBe(status.progress.bytesTotal);
    expect(status.progress.stays).toBe(4);

    const shown = await preview(user, importId);
    expect(shown.places.map((place) => [place.title, place.countryCode, place.visits])).toEqual([
      ['Hôtel du Louvre', 'FR', 2],
      ['Rome', 'IT', 1],
      ['Lisbon', 'PT', 1],
    ]);
    expect(shown.places[0]).toMatchObject({ firstVisit: '2019-04-01', lastVisit: '2019-06-22' });
    expect(shown.countries.map((country) => [country.countryCode, country.isNew])).toEqual([
      ['FR', true],
      ['IT', true],
      ['PT', true],
    ]);
    expect([shown.from, shown.to]).toEqual(['2019-04-01', '2019-06-22']);
    // Nothing counts before the commit.
    expect(await pinsOf(user)).toEqual([]);
    expect(await countriesOf(user)).toBe(0);
    expect(await storedKeys(user)).toEqual([]);
  });

  it('commits the chosen places as pins dated by their first visit, and the figures follow at once', async () => {
    const user = await traveller();
    const importId = await importSpring(user);
    const { places } = await preview(user, importId);
    const chosen = places.filter((place) => place.countryCode !== 'PT').map((place) => place.placeKey);

    const committed = await commit(user, importId, chosen);
    expect(committed.statusCode, committed.body).toBe(200);
    const done = await importStatus(call, user, importId);
    expect(done).toMatchObject({ status: 'done', places: 2, created: 2, matched: 0, pinsWithPhotos: 0 });
    expect(done.committedAt).not.toBeNull();

    const pins = await pinsOf(user);
    expect(pins.map((pin) => [pin.title, pin.countryCode, pin.visitDate]).sort()).toEqual([
      ['Hôtel du Louvre', 'FR', '2019-04-01'],
      ['Rome', 'IT', '2019-04-10'],
    ]);
    expect(await countriesOf(user)).toBe(2);

    // Sent again, and again while it is done: nothing more is made.
    expect((await commit(user, importId, chosen)).statusCode).toBe(200);
    expect(await pinsOf(user)).toHaveLength(2);
  });

  it('matches places to the pins already there, so the same or an overlapping history adds no pin twice', async () => {
    const user = await traveller();
    const own = await createPinAs(call, user, { ...ROME, title: 'Roma' });
    const first = await importSpring(user, 'read', 'spring.json');
    const firstPreview = await preview(user, first);
    expect(firstPreview.places.find((place) => place.countryCode === 'IT')?.pinId).toBe(own.pinId);
    expect(firstPreview.countries.find((country) => country.countryCode === 'IT')?.isNew).toBe(false);
    await commit(
      user,
      first,
      firstPreview.places.map((place) => place.placeKey),
    );
    expect(await importStatus(call, user, first)).toMatchObject({ created: 2, matched: 1 });

    // The same spring again, with Berlin besides: only Berlin is new.
    const again = [...SPRING, { ...BERLIN, start: '2020-01-01T10:00:00Z', end: '2020-01-02T10:00:00Z' }];
    const second = await importFiles(t, call, user, [{ name: 'again.json', bytes: semanticHistory(again) }]);
    const secondPreview = await preview(user, second);
    expect(secondPreview.places.filter((place) => !place.pinId).map((place) => place.countryCode)).toEqual([
      'DE',
    ]);
    await commit(
      user,
      second,
      secondPreview.places.map((place) => place.placeKey),
    );
    expect(await importStatus(call, user, second)).toMatchObject({ created: 1, matched: 3 });
    expect(await pinsOf(user)).toHaveLength(4);
  });

  it('holds a commit to the plan’s pin limit, and makes what fits', async () => {
    const user = await traveller();
    const importId = await importFiles(t, call, user, [
      { name: 'trip.json', bytes: semanticHistory(manyPlaces(12)) },
    ]);
    const { places } = await preview(user, importId);
    expect(places).toHaveLength(12);

    const refused = await commit(
      user,
      importId,
      places.map((place) => place.placeKey),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(ErrorCode.pinLimitReached);
    expect(await pinsOf(user)).toEqual([]);
    expect((await importStatus(call, user, importId)).status).toBe('ready');

    expect(
      (
        await commit(
          user,
          importId,
          places.slice(0, 10).map((place) => place.placeKey),
        )
      ).statusCode,
    ).toBe(200);
    expect(await pinsOf(user)).toHaveLength(10);
  });

  it('refuses places the import does not hold, and a preview before the file is read', async () => {
    const user = await traveller();
    const reserved = await importSpring(user, 'stored', 'a.json');
    const early = await call('GET', `/api/imports/${reserved}/preview`, user);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe(ErrorCode.importNotReady);
    await call('POST', `/api/imports/${reserved}/complete`, user);
    const unknown = await commit(user, reserved, ['1.0000,1.0000']);
    expect(unknown.statusCode).toBe(400);
    expect((await importStatus(call, user, reserved)).status).toBe('ready');
  });

  it('undoes an import: its pins go, but for those given photos since, unless the traveller says so', async () => {
    const user = await traveller();
    await upgrade(user, 'basic');
    const importId = await importSpring(user);
    const { places } = await preview(user, importId);
    await commit(
      user,
      importId,
      places.map((place) => place.placeKey),
    );
    const pins = await pinsOf(user);
    const rome = pins.find((pin) => pin.countryCode === 'IT')!;
    await uploadFixture(t, call, user, rome.pinId, 'photos/gps/DSCN0010.jpg', { contentType: 'image/jpeg' });
    expect((await importStatus(call, user, importId)).pinsWithPhotos).toBe(1);

    const undone = await call('DELETE', `/api/imports/${importId}`, user);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(ImportDeleteResponse.parse(undone.json())).toEqual({
      importId,
      outcome: 'undone',
      removedPins: 2,
      keptPins: 1,
    });
    expect((await pinsOf(user)).map((pin) => pin.pinId)).toEqual([rome.pinId]);
    expect(await countriesOf(user)).toBe(1);
    expect((await importStatus(call, user, importId)).status).toBe('undone');
    // Undoing again changes nothing.
    expect(
      ImportDeleteResponse.parse((await call('DELETE', `/api/imports/${importId}`, user)).json()),
    ).toMatchObject({
      removedPins: 0,
    });
  });

  it('deletes the pins given photos too when the traveller asks', async () => {
    const user = await traveller();
    await upgrade(user, 'basic');
    const importId = await importSpring(user);
    const { places } = await preview(user, importId);
    await commit(
      user,
      importId,
      places.map((place) => place.placeKey),
    );
    const [pin] = await pinsOf(user);
    await uploadFixture(t, call, user, pin!.pinId, 'photos/gps/DSCN0010.jpg', { contentType: 'image/jpeg' });

    const undone = await call('DELETE', `/api/imports/${importId}?photos=delete`, user);
    expect(undone.json()).toMatchObject({ outcome: 'undone', removedPins: 3, keptPins: 0 });
    expect(await pinsOf(user)).toEqual([]);
    const media: string[] = [];
    for await (const object of storage.list(`media/${user.userId}/`)) media.push(object.key);
    expect(media).toEqual([]);
  });

  it('cancels an import before it is committed: it is gone, with its file', async () => {
    const user = await traveller();
    const importId = await importSpring(user, 'stored', 'a.json');
    expect(await storedKeys(user)).toHaveLength(1);
    const cancelled = await call('DELETE', `/api/imports/${importId}`, user);
    expect(cancelled.json()).toMatchObject({ outcome: 'cancelled' });
    expect((await call('GET', `/api/imports/${importId}`, user)).statusCode).toBe(404);
    expect(await storedKeys(user)).toEqual([]);
  });

  it('refuses a link’s PUT once its import is cancelled', async () => {
    const user = await traveller();
    const res = await call('POST', '/api/imports/upload-url', user, { fileName: 'a.json', fileSize: 100 });
    const link = ImportUploadUrlResponse.parse(res.json());
    await call('DELETE', `/api/imports/${link.importId}`, user);
    const put = await putImportFile(t, link.uploadUrl, link.contentType, Buffer.alloc(100, 0x20));
    expect(put.status).toBe(403);
    expect(await storedKeys(user)).toEqual([]);
  });

  it('fails a file that is no location history with a message naming what was found, and deletes it', async () => {
    const user = await traveller();
    const importId = await importFiles(t, call, user, [
      { name: 'notes.txt', bytes: Buffer.from('Dear diary, Paris was lovely.\n') },
    ]);
    const failed = await importStatus(call, user, importId);
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe('unknown-format');
    expect(failed.error?.message).toContain('neither JSON nor XML');
    expect(failed.error?.message).toContain(FORMATS_READ);
    expect(await storedKeys(user)).toEqual([]);
    // A failed import is no longer under way: another may start.
    expect(
      (await call('POST', '/api/imports/upload-url', user, { fileName: 'b.json', fileSize: 10 })).statusCode,
    ).toBe(200);
  });

  it('fails a truncated file whole: no place of it is offered', async () => {
    const user = await traveller();
    const whole = semanticHistory(SPRING);
    const importId = await importFiles(t, call, user, [
      { name: 'cut.json', bytes: whole.subarray(0, whole.length - 40) },
    ]);
    const failed = await importStatus(call, user, importId);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'truncated' } });
    expect((await call('GET', `/api/imports/${importId}/preview`, user)).statusCode).toBe(409);
  });

  it('names the file at fault when one of several cannot be read, and keeps none of them', async () => {
    const user = await traveller();
    const whole = semanticHistory(SPRING);
    const importId = await importFiles(t, call, user, [
      { name: 'april.json', bytes: whole },
      { name: 'may.json', bytes: whole.subarray(0, whole.length - 40) },
    ]);
    const failed = await importStatus(call, user, importId);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'truncated' } });
    expect(failed.error?.message).toMatch(/^In may\.json: The file stops before its end/);
    expect(await storedKeys(user)).toEqual([]);
  });

  it('reads several files chosen at once as one import', async () => {
    const user = await traveller();
    const importId = await importFiles(t, call, user, [
      { name: 'spring.json', bytes: semanticHistory(SPRING.slice(0, 2)) },
      { name: 'summer.json', bytes: semanticHistory(SPRING.slice(2)) },
    ]);
    const status = await importStatus(call, user, importId);
    expect(status).toMatchObject({ status: 'ready', fileNames: ['spring.json', 'summer.json'], places: 3 });
    expect((await preview(user, importId)).places[0]).toMatchObject({ visits: 2, countryCode: 'FR' });
    // Once its files have gone up, an import takes no more.
    const late = await call('POST', '/api/imports/upload-url', user, {
      fileName: 'june.json',
      fileSize: 10,
      importId,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(IMPORT_MESSAGES.noMoreFiles);
  });

  it('runs one import of a traveller’s at a time', async () => {
    const user = await traveller();
    const first = await importSpring(user, 'stored', 'a.json');
    const second = await call('POST', '/api/imports/upload-url', user, { fileName: 'b.json', fileSize: 10 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe(ErrorCode.importBusy);
    await call('POST', `/api/imports/${first}/complete`, user);
    expect(
      (await call('POST', '/api/imports/upload-url', user, { fileName: 'b.json', fileSize: 10 })).statusCode,
    ).toBe(200);
  });

  it('starts one import of two asked for at the same moment', async () => {
    const user = await traveller();
    const asked = await Promise.all(
      [1, 2, 3].map((n) =>
        call('POST', '/api/imports/upload-url', user, { fileName: `${n}.json`, fileSize: 10 }),
      ),
    );
    expect(asked.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const list = ImportListResponse.parse((await call('GET', '/api/imports', user)).json());
    expect(list.imports).toHaveLength(1);
  });

  it('lets an import whose links ran out make way for a new one', async () => {
    const user = await traveller();
    const stale = await importSpring(user, 'stored', 'a.json');
    // Its links ran out (an import's last six hours; the session's would end sooner).
    await t.db
      .updateTable('imports')
      .set({ expires_at: t.now() - 1 })
      .where('id', '=', stale)
      .execute();
    const fresh = await call('POST', '/api/imports/upload-url', user, { fileName: 'b.json', fileSize: 10 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await call('GET', `/api/imports/${stale}`, user)).statusCode).toBe(404);
    expect(await storedKeys(user)).toEqual([]);
  });

  it('refuses a file larger than the plan’s storage before it goes up', async () => {
    const user = await traveller();
    const res = await call('POST', '/api/imports/upload-url', user, {
      fileName: 'big.json',
      fileSize: 2 * 1024 ** 3,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toContain('more than the 1 GB');
  });

  it('refuses to complete before the file is up, and lists the traveller’s imports newest first', async () => {
    const user = await traveller();
    const reserved = await importSpring(user, 'reserved', 'a.json');
    const early = await call('POST', `/api/imports/${reserved}/complete`, user);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe(ErrorCode.uploadIncomplete);
    await call('DELETE', `/api/imports/${reserved}`, user);
    const done = await importSpring(user, 'read', 'b.json');
    const list = ImportListResponse.parse((await call('GET', '/api/imports', user)).json());
    expect(list.imports.map((entry) => entry.importId)).toEqual([done]);
    expect(ImportSummary.parse(list.imports[0])).toMatchObject({ status: 'ready' });
  });

  it('exports the imports with their kept places, and deleting the account leaves no import behind', async () => {
    const user = await traveller();
    const done = await importSpring(user);
    const { places } = await preview(user, done);
    await commit(user, done, [places[0]!.placeKey]);
    await importSpring(user, 'stored', 'waiting.json');

    const archive = await call('GET', '/api/account/export', user);
    expect(archive.statusCode).toBe(200);
    const exported = JSON.parse(storedZipEntries(archive.rawPayload).get('imports.json')!.toString('utf8'));
    expect(exported).toHaveLength(2);
    expect(exported[0]).toMatchObject({
      status: 'done',
      format: 'google-semantic',
      fileNames: ['Semantic.json'],
    });
    // Only the place kept remains of the done import.
    expect(exported[0].places).toEqual([
      expect.objectContaining({
        title: 'Hôtel du Louvre',
        countryCode: 'FR',
        visits: 2,
        firstVisit: '2019-04-01',
      }),
    ]);
    expect(exported[0].places[0].pinId).toBe((await pinsOf(user))[0]!.pinId);

    expect(await storedKeys(user)).toHaveLength(1);
    const { email } = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await storedKeys(user)).toEqual([]);
    const left = await t.db.selectFrom('imports').select('id').where('user_id', '=', user.userId).execute();
    expect(left).toEqual([]);
  });

  it('answers another traveller’s import like a missing one on every route', async () => {
    const owner = await traveller();
    const stranger = await traveller();
    const importId = await importFiles(t, call, owner, [{ name: 'a.json', bytes: semanticHistory(SPRING) }]);
    for (const [method, url, body] of [
      ['GET', `/api/imports/${importId}`],
      ['GET', `/api/imports/${importId}/preview`],
      ['POST', `/api/imports/${importId}/complete`],
      ['POST', `/api/imports/${importId}/commit`, { placeKeys: [] }],
      ['DELETE', `/api/imports/${importId}`],
    ] as const) {
      expect((await call(method, url, stranger, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await importStatus(call, owner, importId)).status).toBe('ready');
  });
});
