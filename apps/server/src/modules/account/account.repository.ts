// What the account module reads and removes of one traveller: their pins, media and saved avatar for the
// export, every stored object for the deletion, and the account itself; and the two rows it keeps of its
// own, one-time export links and the codes that confirm a deletion.
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

  /** A new export link for the session that asked; links of the account that ran out go meanwhile. */
  async insertExportLink(link: {
    tokenHash: string;
    userId: string;
    sessionId: string;
    expiresAt: number;
    now: number;
  }): Promise<void> {
    await this.db
      .deleteFrom('account_export_links')
      .where('user_id', '=', link.userId)
      .where('expires_at', '<=', link.now)
      .execute();
    await this.db
      .insertInto('account_export_links')
      .values({
        token_hash: link.tokenHash,
        user_id: link.userId,
        session_id: link.sessionId,
        expires_at: link.expiresAt,
        created_at: link.now,
      })
      .execute();
  }

  /**
   * Takes the link out as it is opened, in one statement, so that of two requests with one link only one
   * gets the account: its user and the session that made it when it had not run out; 'expired' when it
   * had run out; undefined for a link that is unknown or used.
   */
  async takeExportLink(
    tokenHash: string,
    now: number,
  ): Promise<{ userId: string; sessionId: string } | 'expired' | undefined> {
    const link = await this.db
      .deleteFrom('account_export_links')
      .where('token_hash', '=', tokenHash)
      .returning(['user_id', 'session_id', 'expires_at'])
      .executeTakeFirst();
    if (!link) return undefined;
    if (link.expires_at <= now) return 'expired';
    return { userId: link.user_id, sessionId: link.session_id };
  }

  /** The account's one deletion code, replacing any earlier one with fresh guesses. */
  async saveDeletionCode(userId: string, codeHash: string, expiresAt: number, now: number): Promise<void> {
    await this.db
      .insertInto('account_deletion_codes')
      .values({ user_id: userId, code_hash: codeHash, attempts: 0, expires_at: expiresAt, created_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ code_hash: codeHash, attempts: 0, expires_at: expiresAt, created_at: now }),
      )
      .execute();
  }

  /**
   * Counts a guess at the account's live code and answers its hash, in one statement, so parallel guesses
   * get no more than `maxGuesses` between them; undefined when there is no live code or it has none left.
   */
  async reserveDeletionCodeGuess(
    userId: string,
    now: number,
    maxGuesses: number,
  ): Promise<string | undefined> {
    const row = await this.db
      .updateTable('account_deletion_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('attempts', '<', maxGuesses)
      .where('expires_at', '>', now)
      .returning('code_hash')
      .executeTakeFirst();
    return row?.code_hash;
  }
}
