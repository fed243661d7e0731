// The travel pages (0025_shares): one row per traveller who has set theirs, on while it has a token.
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SharesTable } from '../../db/schema.js';

export type ShareRow = Selectable<SharesTable>;

/** The parts of a row the settings change; each write also moves `version` and `updated_at`. */
export type ShareChoices = Pick<
  Updateable<SharesTable>,
  | 'token'
  | 'show_map'
  | 'show_stats'
  | 'show_timeline'
  | 'show_avatar'
  | 'show_photos'
  | 'indexable'
  | 'hidden_countries'
>;

export class ShareRepository {
  constructor(private readonly db: Db) {}

  findByUser(userId: string): Promise<ShareRow | undefined> {
    return this.db.selectFrom('shares').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** The page at this token, if it is on: the one lookup every page, picture and photo request makes. */
  findByToken(token: string): Promise<ShareRow | undefined> {
    return this.db.selectFrom('shares').selectAll().where('token', '=', token).executeTakeFirst();
  }

  /**
   * Writes the traveller's choices, making the row if there is none; answers the row as it now is. A new
   * token only takes the place of none: two requests turning the page on at once leave the first one's.
   */
  save(userId: string, choices: ShareChoices, at: number): Promise<ShareRow> {
    return this.db
      .insertInto('shares')
      .values({ user_id: userId, ...choices, created_at: at, updated_at: at })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          ...choices,
          ...(choices.token ? { token: eb.fn.coalesce('shares.token', 'excluded.token') } : {}),
          version: eb('shares.version', '+', 1),
          updated_at: at,
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Replaces the token of a page that is on; undefined when it is off (or has no row). Conditional on the
   * token read, so two regenerations racing leave one token, and the other answers with it.
   */
  async replaceToken(
    userId: string,
    previous: string,
    next: string,
    at: number,
  ): Promise<ShareRow | undefined> {
    return this.db
      .updateTable('shares')
      .set((eb) => ({ token: next, version: eb('version', '+', 1), updated_at: at }))
      .where('user_id', '=', userId)
      .where('token', '=', previous)
      .returningAll()
      .executeTakeFirst();
  }
}
