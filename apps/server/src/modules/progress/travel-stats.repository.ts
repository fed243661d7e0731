// travel_stats and travel_countries (migration 0008_progress): one row of figures per traveller and the
// countries they reach, rewritten whole from their pins and media after any change to those. Rewriting
// whole costs one pass over one traveller's own rows (an index on user_id each) and can never drift the
// way counters bumped up and down would.
import { PostgresAdapter, sql, type Selectable, type Transaction } from 'kysely';
import { countedStates, travelerVerificationScore } from '@waymarks/shared';
import type { Db } from '../../db/database.js';
import type { Database, TravelStatsTable } from '../../db/schema.js';

export type TravelStatsRow = Selectable<TravelStatsTable>;

/** A row of the leaderboard: the figures and what the page shows of the person (never the e-mail). */
export interface LeaderboardRow extends TravelStatsRow {
  name: string;
  username: string | null;
  tier: string;
  picture: string | null;
}

export interface ListedTotals {
  activeTravelers: number;
  pinsCreated: number;
  verifiedPins: number;
}

/** Columns a sort orders by, each ending in the ranking rule (RANKING_KEYS) so ties keep its order. */
export type SortColumns = readonly { column: keyof TravelStatsRow; direction: 'asc' | 'desc' }[];

const asNumber = (value: unknown): number => Number(value ?? 0);

export class TravelStatsRepository {
  constructor(private readonly db: Db) {}

  private get isPostgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Rewrites the traveller's figures from their pins and media; nothing when the account is gone. */
  async refresh(userId: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.refreshIn(trx, userId, now);
    });
  }

  /** Turns the opt-in on or off, the figures rewritten first so a new entry is current at once. */
  async setListed(userId: string, listed: boolean, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.refreshIn(trx, userId, now))) return;
      const flag = listed ? 1 : 0;
      await trx
        .updateTable('travel_stats')
        .set({ show_on_leaderboard: flag })
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('travel_countries')
        .set({ show_on_leaderboard: flag })
        .where('user_id', '=', userId)
        .execute();
    });
  }

  find(userId: string): Promise<TravelStatsRow | undefined> {
    return this.db.selectFrom('travel_stats').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** One page of the travellers who opted in, in the given order. */
  listed(order: SortColumns, limit: number, offset: number): Promise<LeaderboardRow[]> {
    let query = this.db
      .selectFrom('travel_stats')
      .innerJoin('users', 'users.id', 'travel_stats.user_id')
      .selectAll('travel_stats')
      .select(['users.name', 'users.username', 'users.tier', 'users.picture'])
      .where('travel_stats.show_on_leaderboard', '=', 1);
    for (const { column, direction } of order) query = query.orderBy(`travel_stats.${column}`, direction);
    return query.limit(limit).offset(offset).execute();
  }

  /** The listed traveller with this id; undefined when there is none or they did not opt in. */
  findListed(userId: string): Promise<LeaderboardRow | undefined> {
    return this.db
      .selectFrom('travel_stats')
      .innerJoin('users', 'users.id', 'travel_stats.user_id')
      .selectAll('travel_stats')
      .select(['users.name', 'users.username', 'users.tier', 'users.picture'])
      .where('travel_stats.user_id', '=', userId)
      .where('travel_stats.show_on_leaderboard', '=', 1)
      .executeTakeFirst();
  }

  /**
   * Place of a listed row by the ranking rule: one more than the listed rows ahead of it. Rows ahead have
   * more countries, or as many and a higher score, or as many of both and more pins; among rows equal in
   * all three, those who joined earlier (then the smaller id) are ahead.
   */
  async rankOf(row: TravelStatsRow): Promise<number> {
    const figures = sql`(country_count, verification_score, pin_count)`;
    const own = sql`(${row.country_count}, ${row.verification_score}, ${row.pin_count})`;
    const { ahead } = await this.db
      .selectFrom('travel_stats')
      .select((eb) => eb.fn.countAll().as('ahead'))
      .where('show_on_leaderboard', '=', 1)
      .where(
        sql<boolean>`(${figures} > ${own} or (${figures} = ${own} and (signup_at, user_id) < (${row.signup_at}, ${row.user_id})))`,
      )
      .executeTakeFirstOrThrow();
    return asNumber(ahead) + 1;
  }

  async listedTotals(): Promise<ListedTotals> {
    const row = await this.db
      .selectFrom('travel_stats')
      .select((eb) => [
        eb.fn.countAll().as('travelers'),
        eb.fn.sum<number>('pin_count').as('pins'),
        eb.fn.sum<number>('verified_pin_count').as('verified'),
      ])
      .where('show_on_leaderboard', '=', 1)
      .executeTakeFirstOrThrow();
    return {
      activeTravelers: asNumber(row.travelers),
      pinsCreated: asNumber(row.pins),
      verifiedPins: asNumber(row.verified),
    };
  }

  /**
   * Which of the 195 any listed traveller reaches. A skip scan written out: each step seeks the next code
   * after the last one in the (show_on_leaderboard, country_code) index, so it reads one entry per country
   * however many travellers there are.
   */
  async listedCountries(): Promise<string[]> {
    const { rows } = await sql<{ code: string | null }>`
      with recursive codes(code) as (
        select min(country_code) from travel_countries where show_on_leaderboard = 1
        union all
        select (
          select min(t.country_code) from travel_countries t
          where t.show_on_leaderboard = 1 and t.country_code > codes.code
        ) from codes where codes.code is not null
      )
      select code from codes where code is not null
    `.execute(this.db);
    return rows.map((row) => row.code!);
  }

  /**
   * The rewrite, inside the caller's transaction. PostgreSQL first locks the user's row, so two rewrites
   * of one traveller take turns and the later one reads what the earlier committed. False when there is
   * no such account.
   */
  private async refreshIn(trx: Transaction<Database>, userId: string, now: number): Promise<boolean> {
    const user = await (
      this.isPostgres
        ? trx.selectFrom('users').select('created_at').where('id', '=', userId).forNoKeyUpdate()
        : trx.selectFrom('users').select('created_at').where('id', '=', userId)
    ).executeTakeFirst();
    if (!user) return false;

    const byCountry = await trx
      .selectFrom('pins')
      .select((eb) => [
        'country_code',
        eb.fn.countAll().as('pins'),
        eb.fn
          .sum<number>(eb.case().when('verification_status', '=', 'verified').then(1).else(0).end())
          .as('verified'),
        eb.fn.sum<number>('verification_score').as('score_sum'),
        eb.fn.min('visit_date').as('first_visit'),
        eb.fn.max('visit_date').as('last_visit'),
      ])
      .where('user_id', '=', userId)
      .groupBy('country_code')
      .execute();
    const { cities } = await trx
      .selectFrom((eb) =>
        eb
          .selectFrom('pins')
          .select(['country_code', 'city'])
          .distinct()
          .where('user_id', '=', userId)
          .where('city', '<>', '')
          .as('places'),
      )
      .select((eb) => eb.fn.countAll().as('cities'))
      .executeTakeFirstOrThrow();
    const media = await trx
      .selectFrom('media')
      .select((eb) => [
        eb.fn.countAll().as('media'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('date_source', 'is not', null), eb('date_source', '<>', 'file')]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('camera_dated'),
        eb.fn.sum<number>('has_location_verification').as('gps_verified'),
      ])
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();

    const pinCount = byCountry.reduce((sum, row) => sum + asNumber(row.pins), 0);
    const scoreSum = byCountry.reduce((sum, row) => sum + asNumber(row.score_sum), 0);
    const visits = byCountry.flatMap((row) => [row.first_visit, row.last_visit]).filter((day) => day != null);
    visits.sort();
    const counted = countedStates(byCountry.map((row) => row.country_code));
    const figures = {
      signup_at: user.created_at,
      country_count: counted.size,
      city_count: asNumber(cities),
      pin_count: pinCount,
      verified_pin_count: byCountry.reduce((sum, row) => sum + asNumber(row.verified), 0),
      verified_country_count: countedStates(
        byCountry.filter((row) => asNumber(row.verified) > 0).map((row) => row.country_code),
      ).size,
      verification_score: travelerVerificationScore(scoreSum, pinCount),
      media_count: asNumber(media.media),
      camera_dated_media_count: asNumber(media.camera_dated),
      gps_verified_media_count: asNumber(media.gps_verified),
      first_visit: visits[0] ?? null,
      last_visit: visits.at(-1) ?? null,
      updated_at: now,
    };
    const stored = await trx
      .insertInto('travel_stats')
      .values({ user_id: userId, ...figures })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(figures))
      .returning('show_on_leaderboard')
      .executeTakeFirstOrThrow();

    await trx.deleteFrom('travel_countries').where('user_id', '=', userId).execute();
    if (counted.size > 0) {
      await trx
        .insertInto('travel_countries')
        .values(
          [...counted].map((code) => ({
            user_id: userId,
            country_code: code,
            show_on_leaderboard: stored.show_on_leaderboard,
          })),
        )
        .execute();
    }
    return true;
  }
}
