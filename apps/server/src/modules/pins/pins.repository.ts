import { PostgresAdapter, sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PinsTable } from '../../db/schema.js';

export type PinRow = Selectable<PinsTable>;

/** The columns a Pin shows, in the contract's order: what a list reads of each pin (PinListRow). */
const PIN_LIST_COLUMNS = [
  'id',
  'title',
  'description',
  'lat',
  'lng',
  'media_count',
  'country_code',
  'country_name',
  'visit_date',
  'verification_status',
  'verification_score',
] as const satisfies readonly (keyof PinsTable)[];

/** One pin of a list: the values of PIN_LIST_COLUMNS, in that order. */
export type PinListRow = {
  readonly [I in keyof typeof PIN_LIST_COLUMNS]: PinRow[(typeof PIN_LIST_COLUMNS)[I] & keyof PinRow];
};

declare const rowJson: unique symbol;
/** One pin of a list as the database wrote it: the JSON text of its PinListRow (parsePinListRow). */
export type PinListRowJson = string & { readonly [rowJson]: true };

export const parsePinListRow = (json: PinListRowJson) => JSON.parse(json) as PinListRow;

const INSERT_BATCH = 500;

export class PinsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<PinsTable>): Promise<PinRow> {
    await this.db.insertInto('pins').values(row).execute();
    return (await this.findOwned(row.user_id, row.id))!;
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

  async countByUser(userId: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Newest first, read in the order of the pins_user_newest index; id breaks ties between pins made in the
   * same millisecond.
   */
  async listByUser(userId: string): Promise<PinListRowJson[]> {
    const rows = await this.db
      .selectFrom('pins')
      .select(this.listRow().as('row'))
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(({ row }) => row);
  }

  /** Only pins with a visit date, oldest visit first (YYYY-MM-DD sorts as text). */
  async timelineByUser(userId: string): Promise<PinListRowJson[]> {
    const rows = await this.db
      .selectFrom('pins')
      .select(this.listRow().as('row'))
      .where('user_id', '=', userId)
      .where('visit_date', 'is not', null)
      .orderBy('visit_date', 'asc')
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map(({ row }) => row);
  }

  /**
   * A list's row as one value, the JSON array of PIN_LIST_COLUMNS written by the database. Drivers pay for
   * every value of every row (better-sqlite3 names each column of each row, pg parses each field in
   * JavaScript), and a list kept as parsed rows until it was written was copied by every garbage
   * collection meanwhile; one short text per row, parsed as it is written, is cheaper on both
   * (bench/pins-list). Both databases write a double with digits that read back to the same double, and
   * text as JSON strings, so JSON.parse gives back exactly the stored values (pins.int.test.ts).
   */
  private listRow() {
    const columns = sql.join(PIN_LIST_COLUMNS.map((column) => sql.ref(column)));
    return this.db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<PinListRowJson>`json_build_array(${columns})::text`
      : sql<PinListRowJson>`json_array(${columns})`;
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
