// The pins list is written once and served from memory while the traveller's pins stay as they were
// (pin-list-cache.ts). The database keeps the number that says so (migration 0010): here every kind of
// write changes it, on each database, and GET /api/pins shows every change at the next request, including
// one made behind this server's back, as another instance of the service would make it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
  TEST_PASSWORD,
} from '../../testing/test-app.js';
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';
import { PinsRepository } from './pins.repository.js';

describe.each(testDialects())('the kept pins list on %s', (dialect) => {
  let t: TestApp;
  let repository: PinsRepository;
  const signedInUser = accountMaker(() => t, { label: 'keeper' });
  const call = apiCaller(() => t);

  const titles = async (user: SignedInUser) => {
    const res = await call('GET', '/api/pins', user);
    expect(res.statusCode).toBe(200);
    return (res.json() as { pins: { title: string; mediaCount: number }[] }).pins;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    repository = new PinsRepository(t.db);
  });
  afterAll(async () => t?.close());

  it('changes the number of a traveller’s pins with every insert, update and delete, and only theirs', async () => {
    const ada = await signedInUser();
    const ben = await signedInUser();
    expect(await repository.listVersion(ada.userId)).toBe(0);

    const pin = await createPinAs(call, ada, { lat: 48.85, lng: 2.35, title: 'Paris' });
    const afterInsert = await repository.listVersion(ada.userId);
    expect(afterInsert).toBeGreaterThan(0);

    await t.db.updateTable('pins').set({ media_count: 3 }).where('id', '=', pin.pinId).execute();
    const afterUpdate = await repository.listVersion(ada.userId);
    expect(afterUpdate).toBeGreaterThan(afterInsert);

    await t.db.deleteFrom('pins').where('id', '=', pin.pinId).execute();
    expect(await repository.listVersion(ada.userId)).toBeGreaterThan(afterUpdate);
    expect(await repository.listVersion(ben.userId)).toBe(0);
  });

  it('counts a statement that writes many pins, and pins deleted with their account', async () => {
    const cleo = await signedInUser();
    await createPinAs(call, cleo, { lat: 41.9, lng: 12.5, title: 'Rome' });
    await createPinAs(call, cleo, { lat: 45.44, lng: 12.33, title: 'Venice' });
    const before = await repository.listVersion(cleo.userId);
    await t.db.updateTable('pins').set({ description: 'Italy' }).where('user_id', '=', cleo.userId).execute();
    expect(await repository.listVersion(cleo.userId)).toBeGreaterThan(before);

    const { email } = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', cleo.userId)
      .executeTakeFirstOrThrow();
    const res = await call('DELETE', '/api/account', cleo, { email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(204);
    // Nothing is left of the account, the number included.
    expect(await repository.listVersion(cleo.userId)).toBe(0);
  });

  it('shows every change at the next request: a new pin, an edit, a count written elsewhere, a deletion', async () => {
    const dora = await signedInUser();
    expect(await titles(dora)).toEqual([]);
    const lisbon = await createPinAs(call, dora, { lat: 38.72, lng: -9.14, title: 'Lisbon' });
    expect((await titles(dora)).map((pin) => pin.title)).toEqual(['Lisbon']);
    // Asked again unchanged: the same answer, byte for byte.
    const first = await call('GET', '/api/pins', dora);
    const again = await call('GET', '/api/pins', dora);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    t.advance(1); // the newest first, however fast it comes
    await createPinAs(call, dora, { lat: 41.15, lng: -8.61, title: 'Porto' });
    expect((await titles(dora)).map((pin) => pin.title)).toEqual(['Porto', 'Lisbon']);

    const edit = await call('PUT', `/api/pins/${lisbon.pinId}`, dora, { title: 'Lisboa' });
    expect(edit.statusCode).toBe(200);
    expect((await titles(dora)).map((pin) => pin.title)).toEqual(['Porto', 'Lisboa']);

    // Written straight to the database, as another instance of the service (or the media pipeline) would.
    await t.db.updateTable('pins').set({ media_count: 4 }).where('id', '=', lisbon.pinId).execute();
    expect((await titles(dora)).find((pin) => pin.title === 'Lisboa')?.mediaCount).toBe(4);

    expect((await call('DELETE', `/api/pins/${lisbon.pinId}`, dora)).statusCode).toBe(204);
    expect((await titles(dora)).map((pin) => pin.title)).toEqual(['Porto']);
  });

  it('keeps the list and the timeline apart, and never hands one traveller’s list to another', async () => {
    const eli = await signedInUser();
    const fay = await signedInUser();
    // The timeline needs the timelineView feature (basic and above).
    await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', eli.userId).execute();
    t.advance(USER_CACHE_TTL_MS + 1);
    // A millisecond between pins, so that the newest comes first however fast the two are made.
    await createPinAs(call, eli, { lat: 52.52, lng: 13.4, title: 'Berlin', visitDate: '2024-05-01' });
    t.advance(1);
    await createPinAs(call, eli, { lat: 50.11, lng: 8.68, title: 'Frankfurt' });
    // Both travellers' numbers stand at the same value: only the key tells their lists apart.
    await createPinAs(call, fay, { lat: 59.33, lng: 18.07, title: 'Stockholm' });
    t.advance(1);
    await createPinAs(call, fay, { lat: 60.17, lng: 24.94, title: 'Helsinki' });

    expect((await titles(eli)).map((pin) => pin.title)).toEqual(['Frankfurt', 'Berlin']);
    expect((await titles(fay)).map((pin) => pin.title)).toEqual(['Helsinki', 'Stockholm']);
    const timeline = await call('GET', '/api/pins?timeline=true', eli);
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json().pins.map((pin: { title: string }) => pin.title)).toEqual(['Berlin']);
    expect((await titles(eli)).map((pin) => pin.title)).toEqual(['Frankfurt', 'Berlin']);
  });
});
