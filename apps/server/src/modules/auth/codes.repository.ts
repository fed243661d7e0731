// Single-use secrets sent to people: e-mail confirmation codes, password-reset links, OAuth login codes.
import type { Db } from '../../db/database.js';

export class CodesRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new confirmation code for the user; any earlier one stops working (Resend replaces it). */
  async replaceEmailCode(row: {
    id: string;
    userId: string;
    codeHash: string;
    expiresAt: number;
    now: number;
  }) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('email_codes').where('user_id', '=', row.userId).execute();
      await trx
        .insertInto('email_codes')
        .values({
          id: row.id,
          user_id: row.userId,
          code_hash: row.codeHash,
          expires_at: row.expiresAt,
          consumed_at: null,
          created_at: row.now,
        })
        .execute();
    });
  }

  findActiveEmailCode(userId: string) {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** Counts a wrong guess; returns the attempts so far. */
  async recordWrongGuess(id: string): Promise<number> {
    await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const row = await this.db
      .selectFrom('email_codes')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /** Marks the code used; false when it was used already (a replay racing the first use). */
  async consumeEmailCode(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('email_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async insertPasswordReset(row: { tokenHash: string; userId: string; expiresAt: number; now: number }) {
    await this.db
      .insertInto('password_resets')
      .values({
        token_hash: row.tokenHash,
        user_id: row.userId,
        expires_at: row.expiresAt,
        used_at: null,
        created_at: row.now,
      })
      .execute();
  }

  findPasswordReset(tokenHash: string) {
    return this.db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Uses the link once and voids every other outstanding link of the same account. */
  async consumePasswordReset(tokenHash: string, userId: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      return true;
    });
  }

  async insertOAuthLoginCode(row: { codeHash: string; userId: string; expiresAt: number; now: number }) {
    await this.db
      .insertInto('oauth_login_codes')
      .values({
        code_hash: row.codeHash,
        user_id: row.userId,
        expires_at: row.expiresAt,
        used_at: null,
        created_at: row.now,
      })
      .execute();
  }

  findOAuthLoginCode(codeHash: string) {
    return this.db
      .selectFrom('oauth_login_codes')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
  }

  async consumeOAuthLoginCode(codeHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('oauth_login_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
