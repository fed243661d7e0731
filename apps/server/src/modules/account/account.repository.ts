// What the account module reads and removes of one traveller: their pins, media and saved avatar for the
// export, every stored object for the deletion, and the account itself.
import type { Db } from '../../db/database.js';
import type { PinRow } from '../pins/pins.repository.js';
import type { MediaRow } from '../media/media.repository.js';

export class AccountRepository {
  constructor(private readonly db: Db) {}

  /** Oldest first, as they were made. */
  pins(userId: string): Promise<PinRow[]> {
    return this.db
      .selectFrom('pins')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  readyMedia(userId: string): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .orderBy('pin_id')
      .orderBy('uploaded_at')
      .orderBy('id')
      .execute();
  }

  /** The saved avatar's parts (JSON text) and when they were saved; undefined when none was. */
  avatar(userId: string): Promise<{ parts: string; updated_at: number } | undefined> {
    return this.db
      .selectFrom('avatars')
      .select(['parts', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Removes the account and every row of it in one transaction (the tables that name the user cascade
   * from users; the number of their pins' list is removed by hand), answering the media ids whose stored objects must go too; undefined when there was no
   * such account (a second, parallel deletion).
   */
  async delete(userId: string): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const media = await trx.selectFrom('media').select('id').where('user_id', '=', userId).execute();
      await trx.deleteFrom('oauth_login_codes').where('user_id', '=', userId).execute();
      const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return undefined;
      // Written by the pins' triggers as the pins cascaded, and naming no table it could cascade from.
      await trx.deleteFrom('pin_list_versions').where('user_id', '=', userId).execute();
      return media.map((row) => row.id);
    });
  }
}
