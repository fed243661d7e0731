// travel_stats and travel_countries (migration 0008_progress): one row of figures per traveller and the
// countries they reach, rewritten whole from their pins and media after any change to those. Rewriting
// whole costs one pass over one traveller's own rows (an index on user_id each) and can never drift the
// way counters bumped up and down would.
import { PostgresAdapter, sql, type Selectable, type Transaction } from 'kysely';
import type { TravellerMedia } from '../../common/media.js';
import type { TravellerPins } from '../../common/pins.js';
import { travelFigures } from '../../common/travel-figures.js';
import type { Db } from '../../db/database.js';
import type { Database, TravelStatsTable } from '../../db/schema.js';

export type TravelStatsRow = Selectable<TravelStatsTable>;

/** A row of the leaderboard: the figures and what the page shows of the person (never the e-mail). */
export interface LeaderboardRow extends TravelStatsRow {
  name: string;
  username: string | null;
  tier: string;
  picture: string | null;
  /** Storage key of their saved avatar's PNG render; null without an avatar or before its render. */
  avatar_image_key: string | null;
}

export interface ListedTotals {
  activeTravelers: number;
  pinsCreated: number;
  verifiedPins: number;
}

/** Columns a sort orders by, each ending in the ranking rule (RANKING_KEYS) so ties keep its order. */
export type SortColumns = readonly { column: keyof TravelStatsRow; direction: 'asc' | 'desc' }[];

const asNumber = (value: unknown): number => Number(value ?? 0);

/** The reads the figures are rewritten from, each by the repository that owns the table. */
export interface FigureSources {
  pins: Pick<TravellerPins, 'countryTallies' | 'cityCounts'>;
  media: Pick<TravellerMedia, 'tallies'>;
}

export class TravelStatsRepository {
  constructor(
    private readonly db: Db,
    private readonly owners: FigureSources,
  ) {}

  private get isPostgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Rewrites the traveller's figures from their pins and media; nothing when the account is gone. */
  async refresh(userId: string, now: number): Promise<void> {
    await this.refreshMany([userId], now);
  }

  /**
   * Rewrites the figures of many travellers at once (seeding, an operator's recount): the same reads as a
   * single refresh, grouped by traveller, a batch of REFRESH_BATCH to a transaction.
   */
  async refreshMany(userIds: readonly string[], now: number): Promise<void> {
    for (let from = 0; from < userIds.length; from += REFRESH_BATCH) {
      const batch = userIds.slice(from, from + REFRESH_BATCH);
      await this.db.transaction().execute(async (trx) => {
        await this.refreshIn(trx, batch, now);
      });
    }
  }

  /** Turns the opt-in on or off, the figures rewritten first so a new entry is current at once. */
  async setListed(userId: string, listed: boolean, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if ((await this.refreshIn(trx, [userId], now)).length === 0) return;
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
    let query = this.leaderboardRows().where('travel_stats.show_on_leaderboard', '=', 1);
    for (const { column, direction } of order) query = query.orderBy(`travel_stats.${column}`, direction);
    return query.limit(limit).offset(offset).execute();
  }

  /** The listed traveller with this id; undefined when there is none or they did not opt in. */
  findListed(userId: string): Promise<LeaderboardRow | undefined> {
    return this.leaderboardRows()
      .where('travel_stats.user_id', '=', userId)
      .where('travel_stats.show_on_leaderboard', '=', 1)
      .executeTakeFirst();
  }

  /**
   * The figures with the person's name, plan and pictures, before any filter. The avatar is a left join on
   * its primary key, one lookup per row in the same statement; a traveller without one reads a null key.
   */
  private leaderboardRows() {
    return this.db
      .selectFrom('travel_stats')
      .innerJoin('users', 'users.id', 'travel_stats.user_id')
      .leftJoin('avatars', 'avatars.user_id', 'travel_stats.user_id')
      .selectAll('travel_stats')
      .select([
        'users.name',
        'users.username',
        'users.tier',
        'users.picture',
        'avatars.image_key as avatar_image_key',
      ]);
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
   * The rewrite, inside the caller's transaction. PostgreSQL first locks the users' rows (in id order, so
   * two overlapping batches cannot deadlock): two rewrites of one traveller take turns and the later one
   * reads what the earlier committed. Answers the ids that still have an account.
   */
  private async refreshIn(
    trx: Transaction<Database>,
    userIds: readonly string[],
    now: number,
  ): Promise<string[]> {
    const usersQuery = trx
      .selectFrom('users')
      .select(['id', 'created_at'])
      .where('id', 'in', userIds)
      .orderBy('id');
    const users = await (this.isPostgres ? usersQuery.forNoKeyUpdate() : usersQuery).execute();
    if (users.length === 0) return [];
    const ids = users.map((user) => user.id);

    // One after another: the statements share the transaction's connection.
    const tallies = await this.owners.pins.countryTallies(ids, trx);
    const cities = await this.owners.pins.cityCounts(ids, trx);
    const media = await this.owners.media.tallies(ids, trx);
    const talliesOf = groupBy(tallies, (row) => row.userId);
    const rows = users.map((user) => {
      const figures = travelFigures(talliesOf.get(user.id) ?? []);
      const mediaRow = media.get(user.id);
      return {
        user_id: user.id,
        signup_at: user.created_at,
        country_count: figures.countries.size,
        city_count: cities.get(user.id) ?? 0,
        pin_count: figures.pinCount,
        verified_pin_count: figures.verifiedPinCount,
        verified_country_count: figures.verifiedCountries.size,
        verification_score: figures.verificationScore,
        media_count: mediaRow?.media ?? 0,
        camera_dated_media_count: mediaRow?.cameraDated ?? 0,
        gps_verified_media_count: mediaRow?.gpsVerified ?? 0,
        first_visit: figures.firstVisit,
        last_visit: figures.lastVisit,
        updated_at: now,
        counted: figures.countries,
      };
    });

    const stored = await trx
      .insertInto('travel_stats')
      .values(rows.map(({ counted: _counted, ...figures }) => figures))
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) =>
            Object.fromEntries(FIGURE_COLUMNS.map((column) => [column, eb.ref(`excluded.${column}`)])),
          ),
      )
      .returning(['user_id', 'show_on_leaderboard'])
      .execute();
    const listed = new Map(stored.map((row) => [row.user_id, row.show_on_leaderboard]));

    await trx.deleteFrom('travel_countries').where('user_id', 'in', ids).execute();
    const countryRows = rows.flatMap((row) =>
      [...row.counted].map((code) => ({
        user_id: row.user_id,
        country_code: code,
        show_on_leaderboard: listed.get(row.user_id) ?? 0,
      })),
    );
    for (let from = 0; from < countryRows.length; from += REFRESH_BATCH) {
      await trx
        .insertInto('travel_countries')
        .values(countryRows.slice(from, from + REFRESH_BATCH))
        .execute();
    }
    return ids;
  }
}

/** Travellers rewritten in one transaction: a few statements of at most this many ids each. */
const REFRESH_BATCH = 500;

/** Every column of travel_stats a rewrite sets (all but the key and the opt-in). */
const FIGURE_COLUMNS = [
  'signup_at',
  'country_count',
  'city_count',
  'pin_count',
  'verified_pin_count',
  'verified_country_count',
  'verification_score',
  'media_count',
  'camera_dated_media_count',
  'gps_verified_media_count',
  'first_visit',
  'last_visit',
  'updated_at',
] as const satisfies readonly (keyof TravelStatsRow)[];

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
