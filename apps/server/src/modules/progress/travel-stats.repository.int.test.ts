// Many travellers' figures rewritten in one batch come out exactly as each traveller's own rewrite makes
// them, on SQLite and PostgreSQL: the batch groups every read by traveller and never mixes two of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../testing/test-app.js';
import { seedTravellers } from '../../testing/travel-seed.js';
import { travelStatsOver } from '../../testing/repositories.js';

describe.each(testDialects())('rewriting travellers’ figures in a batch on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  const snapshot = async (userIds: readonly string[]) => {
    const stats = await t.db
      .selectFrom('travel_stats')
      .selectAll()
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .execute();
    const countries = await t.db
      .selectFrom('travel_countries')
      .selectAll()
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .orderBy('country_code')
      .execute();
    return { stats: stats.map(({ updated_at: _at, ...figures }) => figures), countries };
  };

  it('gives every traveller of a batch the figures their own rewrite gives them', async () => {
    // 700 travellers: more than one batch of 500, so batches meet mid-list.
    const world = await seedTravellers(t.db, {
      users: 700,
      pins: 3_500,
      heavyUserPins: 300,
      listedShare: 0.5,
      seed: 7,
    });
    const batched = await snapshot(world.userIds);
    expect(batched.stats).toHaveLength(700);
    expect(batched.stats.some((row) => row.country_count > 3)).toBe(true);
    expect(batched.countries.length).toBeGreaterThan(700);

    // Wipe the figures, then make each traveller's alone.
    await t.db.deleteFrom('travel_countries').where('user_id', 'in', world.userIds).execute();
    await t.db
      .updateTable('travel_stats')
      .set({ country_count: 0, pin_count: 0, city_count: 0, media_count: 0, first_visit: null })
      .where('user_id', 'in', world.userIds)
      .execute();
    const stats = travelStatsOver(t.db);
    for (const userId of world.userIds) await stats.refresh(userId, Date.now());
    expect(await snapshot(world.userIds)).toEqual(batched);
  }, 120_000);

  it('skips ids with no account and rewrites the rest', async () => {
    const userIds = (await t.db.selectFrom('travel_stats').select('user_id').limit(3).execute()).map(
      (row) => row.user_id,
    );
    await t.db.deleteFrom('travel_stats').where('user_id', 'in', userIds).execute();
    await travelStatsOver(t.db).refreshMany(['no-such-user', ...userIds], Date.now());
    const { stats } = await snapshot(['no-such-user', ...userIds]);
    expect(stats.map((row) => row.user_id).sort()).toEqual([...userIds].sort());
    const { n } = await t.db
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', 'in', userIds)
      .executeTakeFirstOrThrow();
    expect(stats.reduce((sum, row) => sum + row.pin_count, 0)).toBe(Number(n));
  });
});
