// Pins made before pins.city existed get their city read from their coordinates once the gazetteer has
// loaded, and their owners' figures are rewritten; on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  sharedGazetteer,
  startTestApp,
  testDialects,
  type TestApp,
} from '../../testing/test-app.js';
import { backfillPinCities } from './city-backfill.js';
import { PinsRepository } from './pins.repository.js';
import { travelStatsOver } from '../../testing/repositories.js';

describe.each(testDialects())('reading the cities of older pins on %s', (dialect) => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'older' });

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  it('fills every pin without a city, at sea with nothing, and counts the cities in its owner’s figures', async () => {
    const user = await newAccount();
    for (const place of [
      { lat: 43.4665, lng: 11.882, title: 'Arezzo' },
      { lat: 43.7696, lng: 11.2558, title: 'Florence' },
      { lat: 43.77, lng: 11.26, title: 'Florence again' },
      { lat: 20, lng: -40, title: 'Mid-Atlantic' },
    ]) {
      await createPinAs(call, user, place);
    }
    // As they were before the column existed.
    await t.db.updateTable('pins').set({ city: null }).where('user_id', '=', user.userId).execute();
    const stats = travelStatsOver(t.db);
    await stats.refresh(user.userId, Date.now());
    expect((await stats.find(user.userId))?.city_count).toBe(0);

    const filled = await backfillPinCities(new PinsRepository(t.db), sharedGazetteer(), {
      refresh: (userId) => stats.refresh(userId, Date.now()),
    });

    expect(filled).toBeGreaterThanOrEqual(4);
    const cities = await t.db
      .selectFrom('pins')
      .select(['title', 'city'])
      .where('user_id', '=', user.userId)
      .orderBy('title')
      .execute();
    expect(cities).toEqual([
      { title: 'Arezzo', city: 'Arezzo' },
      { title: 'Florence', city: 'Florence' },
      { title: 'Florence again', city: 'Florence' },
      { title: 'Mid-Atlantic', city: '' },
    ]);
    expect((await stats.find(user.userId))?.city_count).toBe(2);
    expect((await call('GET', '/api/countries', user)).json().totalCities).toBe(2);
    // Nothing left to read: a second run reads nothing.
    expect(
      await backfillPinCities(new PinsRepository(t.db), sharedGazetteer(), { refresh: async () => {} }),
    ).toBe(0);
  });
});
