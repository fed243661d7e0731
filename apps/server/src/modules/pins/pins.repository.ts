import { PostgresAdapter, sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type {
  ImportedPins,
  PinCountryCount,
  PinPosition,
  SharedPinColumns,
  PinPlaceCount,
  TravellerPins,
} from '../../common/pins.js';
import type { CountryTally } from '../../common/travel-figures.js';
import { PIN_FIELD_LIST } from '../../common/pin.presenter.js';
import type { Db } from '../../db/database.js';
import type { PinsTable } from '../../db/schema.js';

export type PinRow = Selectable<PinsTable>;

/** What a list shows of each pin: the presenter's fields, each with its column, in the contract's order. */
export const PIN_LIST_FIELDS = PIN_FIELD_LIST;

const INSERT_BATCH = 500;

export class PinsRepository implements TravellerPins, ImportedPins {
  constructor(private readonly db: Db) {}

  /**
   * Stores a new pin and answers it. A row with a request key the traveller already created a pin with
   * stores nothing and answers that pin instead: the unique index decides, so two copies of one request
   * racing on two instances make one pin (the second waits for the first's insert, then finds it).
   */
  async insert(row: Insertable<PinsTable>): Promise<PinRow> {
    if (!row.request_key) {
      await this.db.insertInto('pins').values(row).execute();
      return (await this.findOwned(row.user_id, row.id))!;
    }
    await this.db
      .insertInto('pins')
      .values(row)
      .onConflict((conflict) => conflict.columns(['user_id', 'request_key']).doNothing())
      .execute();
    return (await this.findByRequestKey(row.user_id, row.request_key))!;
  }

  /** The traveller's pin created with this Idempotency-Key, if there is one. */
  findByRequestKey(userId: string, requestKey: string): Promise<PinRow | undefined> {
    return this.db
      .selectFrom('pins')
      .selectAll()
      .where('user_id', '=', userId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  }

  /**
   * Many pins at once, in one transaction, a few hundred to a statement (SQLite takes at most 32,766
   * parameters in one, PostgreSQL 65,535): how the benchmarks seed a traveller's 10,000 pins.
   */
  async insertMany(rows: readonly Insertable<PinsTable>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await trx
          .insertInto('pins')
          .values(rows.slice(start, start + INSERT_BATCH))
          .execute();
      }
    });
  }

  async insertOnce(rows: readonly Insertable<PinsTable>[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH);
      const keys = batch.map((row) => row.request_key).filter((key) => typeof key === 'string');
      if (keys.length !== batch.length) throw new Error('insertOnce needs a request key on every row');
      await this.db
        .insertInto('pins')
        .values(batch)
        .onConflict((conflict) => conflict.columns(['user_id', 'request_key']).doNothing())
        .execute();
      const found = await this.db
        .selectFrom('pins')
        .select(['id', 'request_key'])
        .where('user_id', '=', batch[0]!.user_id)
        .where('request_key', 'in', keys)
        .execute();
      for (const row of found) ids.set(row.request_key!, row.id);
    }
    return ids;
  }

  async positionsOf(userId: string): Promise<PinPosition[]> {
    return this.db
      .selectFrom('pins')
      .select(['id as pinId', 'lat', 'lng', 'country_code as countryCode', 'import_id as importId'])
      .where('user_id', '=', userId)
      .execute();
  }

  async pinsWithMediaByImport(userId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('pins')
      .select((eb) => ['import_id', eb.fn.countAll<number>().as('pins')])
      .where('user_id', '=', userId)
      .where('import_id', 'is not', null)
      .where('media_count', '>', 0)
      .groupBy('import_id')
      .execute();
    return new Map(rows.map((row) => [row.import_id!, Number(row.pins)]));
  }

  async madeByImport(userId: string, importId: string): Promise<{ id: string; mediaCount: number }[]> {
    const rows = await this.db
      .selectFrom('pins')
      .select(['id', 'media_count'])
      .where('user_id', '=', userId)
      .where('import_id', '=', importId)
      .execute();
    return rows.map((row) => ({ id: row.id, mediaCount: Number(row.media_count) }));
  }

  async deleteImportedWithoutMedia(userId: string, importId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('pins')
      .where('user_id', '=', userId)
      .where('import_id', '=', importId)
      .where('media_count', '=', 0)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async countByUser(userId: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * The user's pins as the JSON of the list's items, comma-separated without the brackets ('' for none):
   * newest first (id breaks ties between pins made in the same millisecond), or for the timeline only the
   * dated ones, oldest visit first (YYYY-MM-DD sorts as text).
   *
   * The database writes the JSON. A driver pays for every value of every row it hands over (better-sqlite3
   * makes a string or number of each, pg parses each field in JavaScript), and the list then had to be
   * built, checked and stringified again; one text for the whole list costs the server little more than
   * its bytes (bench/pins-list). Both databases write text as JSON strings and doubles with the digits
   * that read back to the same double; SQLite may write 0 as 0.0 and 1e-7 as 1.0e-07, the same numbers
   * (pins.list.int.test.ts holds every value to the presenter's).
   */
  async listJson(userId: string, timeline: boolean): Promise<string> {
    const order = timeline
      ? sql`pins.visit_date asc, pins.created_at asc`
      : sql`pins.created_at desc, pins.id desc`;
    const dated = timeline ? sql`and pins.visit_date is not null` : sql``;
    // PostgreSQL writes each pin with row_to_json (compact, the keys as named) and sorts inside the
    // aggregate. SQLite reads an ordered subquery as a co-routine, in its order, because a subquery with
    // ORDER BY is never flattened into an aggregate; an ORDER BY inside group_concat would sort the
    // finished texts instead, at three times the cost.
    const { rows } = await (
      this.isPostgres
        ? sql<{ pins: string | null }>`
          select string_agg(row_to_json(item)::text, ',' order by ${order}) as pins
          from pins, lateral (select ${postgresPinFields()}) as item
          where pins.user_id = ${userId} ${dated}`
        : sql<{ pins: string | null }>`
          select group_concat(pin, ',') as pins from (
            select ${sqlitePinJson()} as pin
            from pins where pins.user_id = ${userId} ${dated} order by ${order}
          )`
    ).execute(this.db);
    return rows[0]?.pins ?? '';
  }

  /**
   * The number the database keeps for the user's pins (migration 0010), changed by every write to them;
   * 0 for a user who never had a pin.
   */
  async listVersion(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('pin_list_versions')
      .select('version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /** Removes the user's number (see listVersion), e.g. once their account and its pins are gone. */
  async forgetListVersion(userId: string, within: Db = this.db): Promise<void> {
    await within.deleteFrom('pin_list_versions').where('user_id', '=', userId).execute();
  }

  /** Every pin of the user, oldest first, as they were made. */
  allOf(userId: string): Promise<PinRow[]> {
    return this.db
      .selectFrom('pins')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  sharedColumnsOf(userId: string): Promise<SharedPinColumns[]> {
    return this.db
      .selectFrom('pins')
      .select([
        'id',
        'title',
        'lat',
        'lng',
        'country_code',
        'country_name',
        'city',
        'visit_date',
        'share_photos',
        'share_hidden',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * The users' pins tallied per country code, what their travel figures are computed from
   * (common/travel-figures.ts); `within` is the caller's transaction.
   */
  async countryTallies(userIds: readonly string[], within: Db = this.db): Promise<CountryTally[]> {
    if (userIds.length === 0) return [];
    const rows = await within
      .selectFrom('pins')
      .select((eb) => [
        'user_id',
        'country_code',
        eb.fn.countAll().as('pins'),
        eb.fn
          .sum<number>(eb.case().when('verification_status', '=', 'verified').then(1).else(0).end())
          .as('verified'),
        eb.fn.sum<number>('verification_score').as('score_sum'),
        eb.fn.min('visit_date').as('first_visit'),
        eb.fn.max('visit_date').as('last_visit'),
      ])
      .where('user_id', 'in', userIds)
      .groupBy(['user_id', 'country_code'])
      .execute();
    // Counts and sums come back as bigint strings or numbers depending on the driver.
    return rows.map((row) => ({
      userId: row.user_id,
      countryCode: row.country_code,
      pins: Number(row.pins),
      verifiedPins: Number(row.verified ?? 0),
      scoreSum: Number(row.score_sum ?? 0),
      firstVisit: row.first_visit ?? null,
      lastVisit: row.last_visit ?? null,
    }));
  }

  /**
   * How many distinct places each user's pins reach, by city and country (SPEC.md §9 city-name priority:
   * the gazetteer's town, else its region, stored on each pin as `city`); pins with no place ('' at sea) do
   * not count, nor do users without one.
   */
  async cityCounts(userIds: readonly string[], within: Db = this.db): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await within
      .selectFrom((eb) =>
        eb
          .selectFrom('pins')
          .select(['user_id', 'country_code', 'city'])
          .distinct()
          .where('user_id', 'in', userIds)
          .where('city', '<>', '')
          .as('places'),
      )
      .select((eb) => ['user_id', eb.fn.countAll().as('cities')])
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.cities)]));
  }

  /** The user's pins per real country code ('XX' at sea is no country): how many, and their media. */
  async countryCounts(userId: string): Promise<PinCountryCount[]> {
    const rows = await this.db
      .selectFrom('pins')
      .select((eb) => [
        'country_code',
        eb.fn.max('country_name').as('country_name'),
        eb.fn.countAll().as('pins'),
        eb.fn.sum<number>('media_count').as('media'),
      ])
      .where('user_id', '=', userId)
      .where('country_code', '<>', 'XX')
      .groupBy('country_code')
      .execute();
    return rows.map((row) => ({
      countryCode: row.country_code,
      countryName: row.country_name,
      pinCount: Number(row.pins),
      mediaCount: Number(row.media ?? 0),
    }));
  }

  /** The user's pins per place (city and country), with the latest visit and their media; '' at sea is none. */
  async placeCounts(userId: string): Promise<PinPlaceCount[]> {
    const rows = await this.db
      .selectFrom('pins')
      .select((eb) => [
        'city',
        'country_code',
        eb.fn.max('country_name').as('country_name'),
        eb.fn.max('visit_date').as('visit_date'),
        eb.fn.sum<number>('media_count').as('media'),
      ])
      .where('user_id', '=', userId)
      .where('city', '<>', '')
      .groupBy(['country_code', 'city'])
      .execute();
    return rows.map((row) => ({
      city: row.city!,
      countryCode: row.country_code,
      countryName: row.country_name,
      visitDate: row.visit_date,
      mediaCount: Number(row.media ?? 0),
    }));
  }

  /** The user's dated pins, newest visit first, those of one day in the order they were made. */
  datedPins(userId: string): Promise<Pick<PinRow, 'visit_date' | 'title' | 'media_count'>[]> {
    return this.db
      .selectFrom('pins')
      .select(['visit_date', 'title', 'media_count'])
      .where('user_id', '=', userId)
      .where('visit_date', 'is not', null)
      .orderBy('visit_date', 'desc')
      .orderBy('created_at', 'asc')
      .execute();
  }

  private get isPostgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Up to `limit` pins of any traveller stored without a city (made before pins.city existed). */
  withoutCity(limit: number): Promise<Pick<PinRow, 'id' | 'user_id' | 'lat' | 'lng'>[]> {
    return this.db
      .selectFrom('pins')
      .select(['id', 'user_id', 'lat', 'lng'])
      .where('city', 'is', null)
      .limit(limit)
      .execute();
  }

  /** Writes the city read from a pin's coordinates ('' where there is none, at sea). */
  async setCity(pinId: string, city: string): Promise<void> {
    await this.db.updateTable('pins').set({ city }).where('id', '=', pinId).execute();
  }

  /** The pin when it exists and belongs to the user; undefined otherwise (the caller answers 404 either way). */
  findOwned(userId: string, pinId: string): Promise<PinRow | undefined> {
    return this.db
      .selectFrom('pins')
      .selectAll()
      .where('id', '=', pinId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async updateOwned(
    userId: string,
    pinId: string,
    changes: Updateable<PinsTable>,
  ): Promise<PinRow | undefined> {
    const result = await this.db
      .updateTable('pins')
      .set(changes)
      .where('id', '=', pinId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return this.findOwned(userId, pinId);
  }

  async deleteOwned(userId: string, pinId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('pins')
      .where('id', '=', pinId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** SQLite: json_object of the list's fields. */
function sqlitePinJson() {
  return sql`json_object(${sql.join(
    PIN_LIST_FIELDS.map(([key, column]) => sql`${sql.lit(key)}, ${sql.ref(column)}`),
  )})`;
}

/** PostgreSQL: the list's columns named by the contract's keys, for row_to_json. */
function postgresPinFields() {
  return sql.join(
    PIN_LIST_FIELDS.map(([key, column]) => sql`${sql.ref(`pins.${column}`)} as ${sql.id(key)}`),
  );
}
