// Single-use secrets sent to people: e-mail confirmation codes, the codes of e-mail changes, password-reset
// links, OAuth login codes.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export class CodesRepository {
  constructor(private readonly db: Db) {}

  /**
   * True when a sign-up made after `since`, still waiting for its code, chose this username (`key`, lower
   * case) and is not `exceptUserId`'s own.
   */
  async holdsUsername(key: string, exceptUserId: string, since: number): Promise<boolean> {
    const signUp = await this.db
      .selectFrom('email_codes')
      .select('id')
      .where(sql<string>`lower(username)`, '=', key)
      .where('consumed_at', 'is', null)
      .where('created_at', '>', since)
      .where('user_id', '!=', exceptUserId)
      .executeTakeFirst();
    return signUp !== undefined;
  }

  /**
   * Stores a sign-up waiting for its code. What it chose (password, name, username) stays here and takes
   * effect only when its code is entered, so a second sign-up for the same address changes nothing of the
   * first. Sign-ups older than `staleBefore` go.
   */
  async insertPendingSignUp(row: {
    id: string;
    userId: string;
    codeHash: string;
    passwordHash: string;
    name: string;
    username: string | null;
    ticketHash: string;
    expiresAt: number;
    now: number;
    staleBefore: number;
  }) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('email_codes')
        .where('user_id', '=', row.userId)
        .where('created_at', '<=', row.staleBefore)
        .execute();
      await trx
        .insertInto('email_codes')
        .values({
          id: row.id,
          user_id: row.userId,
          code_hash: row.codeHash,
          password_hash: row.passwordHash,
          name: row.name,
          username: row.username,
          ticket_hash: row.ticketHash,
          expires_at: row.expiresAt,
          consumed_at: null,
          created_at: row.now,
        })
        .execute();
    });
  }

  /** Voids every confirmation code of the account (its address was proved another way). */
  async deleteEmailCodes(userId: string): Promise<void> {
    await this.db.deleteFrom('email_codes').where('user_id', '=', userId).execute();
  }

  /** The sign-up made by the browser holding the ticket, else the newest; only those made after `since`. */
  findPendingSignUp(userId: string, ticketHash: string, since: number) {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('created_at', '>', since)
      .orderBy((eb) => eb.case().when('ticket_hash', '=', ticketHash).then(0).else(1).end())
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** How many sign-ups of the account made after `since` still wait for their code. */
  async countPendingSignUps(userId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('email_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The sign-up of this account made by the browser holding the ticket, whether its code still works or not. */
  findSignUpByTicket(userId: string, ticketHash: string) {
    return this.db
      .selectFrom('email_codes')
      .select('id')
      .where('user_id', '=', userId)
      .where('ticket_hash', '=', ticketHash)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Counts one guess against each working code of the account (or only against `onlyId`) and returns
   * those codes, which the guess may then be compared with. One conditional update: however many guesses
   * arrive at once, a code is compared with at most `maxAttempts` of them.
   */
  reserveCodeGuess(userId: string, onlyId: string | undefined, now: number, maxAttempts: number) {
    let query = this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts);
    if (onlyId !== undefined) query = query.where('id', '=', onlyId);
    return query.returning(['id', 'code_hash', 'password_hash', 'name', 'username']).execute();
  }

  /** True when the code was this account's once but no longer works (expired, guessed at too often, used). */
  async isSpentCode(userId: string, codeHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('email_codes')
      .select('id')
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives the sign-up a new code with fresh guesses; its earlier code stops working. */
  async reissueCode(id: string, codeHash: string, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('email_codes')
      .set({ code_hash: codeHash, expires_at: expiresAt, attempts: 0 })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .execute();
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

  /**
   * The account's one pending move to `newEmail`, replacing any earlier one (whose code stops working) with
   * a new code and fresh guesses.
   */
  async saveEmailChange(row: {
    userId: string;
    newEmail: string;
    codeHash: string;
    expiresAt: number;
    now: number;
  }): Promise<void> {
    const values = {
      new_email: row.newEmail,
      code_hash: row.codeHash,
      attempts: 0,
      expires_at: row.expiresAt,
      created_at: row.now,
    };
    await this.db
      .insertInto('email_changes')
      .values({ user_id: row.userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /**
   * Counts a guess at the account's pending e-mail change and answers its code's hash, in one statement,
   * so parallel guesses get no more than `maxAttempts` between them; undefined when none is pending, it
   * has expired or it has no guesses left.
   */
  async reserveEmailChangeGuess(
    userId: string,
    now: number,
    maxAttempts: number,
  ): Promise<{ codeHash: string } | undefined> {
    const row = await this.db
      .updateTable('email_changes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', now)
      .returning('code_hash')
      .executeTakeFirst();
    return row && { codeHash: row.code_hash };
  }

  /**
   * Takes the pending change whose code is `codeHash` out, in one statement, so of two requests with the
   * same code only one gets it: the address it moves to, or undefined.
   */
  async takeEmailChange(userId: string, codeHash: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('email_changes')
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .returning('new_email')
      .executeTakeFirst();
    return row?.new_email;
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

  /** Voids every outstanding reset link of the account (its password or address changed since). */
  async voidPasswordResets(userId: string, now: number): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  async insertOAuthLoginCode(row: {
    codeHash: string;
    browserHash: string;
    userId: string;
    expiresAt: number;
    now: number;
  }) {
    await this.db
      .insertInto('oauth_login_codes')
      .values({
        code_hash: row.codeHash,
        browser_hash: row.browserHash,
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
