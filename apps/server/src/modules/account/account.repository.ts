// The account module's own rows, one-time export links and the codes that confirm a deletion; and the
// other modules' records of a traveller that the export reads, each through the repository that owns
// them (the ports of common/).
import type { SavedAvatars } from '../../common/avatars.js';
import type { TravellerImports } from '../../common/imports.js';
import type { TravellerMedia } from '../../common/media.js';
import type { TravellerPins } from '../../common/pins.js';
import type { TravellerShare } from '../../common/shares.js';
import type { Db } from '../../db/database.js';

/** What the account exports and deletes of other modules' rows, through the modules that own them. */
export interface TravellerRecords {
  pins: Pick<TravellerPins, 'allOf' | 'forgetListVersion'>;
  media: Pick<TravellerMedia, 'readyOf' | 'objectKeysOf'>;
  avatars: SavedAvatars;
  imports: TravellerImports;
  share: TravellerShare;
}

export class AccountRepository {
  constructor(
    private readonly db: Db,
    readonly records: TravellerRecords,
  ) {}

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
