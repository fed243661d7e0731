import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PinsTable } from '../../db/schema.js';

export type PinRow = Selectable<PinsTable>;

/** The columns a Pin shows. Lists read only these: on long lists every column read costs (bench/pins-list). */
export const PIN_COLUMNS = [
  'id',
  'title',
  'description',
  'lat',
  'lng',
  'country_code',
  'country_name',
  'visit_date',
  'verification_status',
  'verification_score',
  'media_count',
] as const satisfies readonly (keyof PinsTable)[];
type PinFields = Pick<PinRow, (typeof PIN_COLUMNS)[number]>;

export class PinsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<PinsTable>): Promise<PinRow> {
    await this.db.insertInto('pins').values(row).execute();
    return (await this.findOwned(row.user_id, row.id))!;
  }

  async countByUser(userId: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Newest first; id breaks ties between pins made in the same millisecond. */
  listByUser(userId: string): Promise<PinFields[]> {
    return this.db
      .selectFrom('pins')
      .select(PIN_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Only pins with a visit date, oldest visit first (YYYY-MM-DD sorts as text). */
  timelineByUser(userId: string): Promise<PinFields[]> {
    return this.db
      .selectFrom('pins')
      .select(PIN_COLUMNS)
      .where('user_id', '=', userId)
      .where('visit_date', 'is not', null)
      .orderBy('visit_date', 'asc')
      .orderBy('created_at', 'asc')
      .execute();
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
