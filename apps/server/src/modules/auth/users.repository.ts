import type { CompiledQuery } from 'kysely';
import type { UserAccounts } from '../../common/users.js';
import type { Db } from '../../db/database.js';
import type { NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { CodesRepository } from './codes.repository.js';

export const USER_CACHE_TTL_MS = 1_000;
const USER_CACHE_SIZE = 10_000;

export class UsersRepository implements UserAccounts {
  // Every authenticated request looks its user up: the query is compiled once and only its parameter
  // changes, which saves Kysely's per-call query building on the hottest path.
  private readonly byId: CompiledQuery<UserRow>;

  /** The sign-ups waiting for their code, which hold the usernames they chose (email_codes is theirs). */
  private readonly codes: Pick<CodesRepository, 'holdsUsername'>;

  constructor(private readonly db: Db) {
    this.byId = db.selectFrom('users').selectAll().where('id', '=', '').compile();
    this.codes = new CodesRepository(db);
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const result = await this.db.executeQuery<UserRow>({ ...this.byId, parameters: [id] });
    return result.rows[0];
  }

  /**
   * The user behind an authenticated request. A row read in the last second is reused: a client's burst
   * of requests costs one read. Writes through this repository drop the entry at once; a change made by
   * another instance (or the admin CLI) is seen within USER_CACHE_TTL_MS.
   */
  async findForRequest(id: string, now: number): Promise<UserRow | undefined> {
    const cached = this.readForRequest(id, now);
    if (cached) return cached;
    const row = await this.findById(id);
    if (this.recent.size >= USER_CACHE_SIZE) this.recent.delete(this.recent.keys().next().value!);
    if (row) this.recent.set(id, { row, readAt: now });
    else this.recent.delete(id);
    return row;
  }

  /** The row findForRequest would reuse, if it would: an authenticated request can then skip a promise. */
  readForRequest(id: string, now: number): UserRow | undefined {
    const cached = this.recent.get(id);
    return cached && cached.readAt + USER_CACHE_TTL_MS > now ? cached.row : undefined;
  }

  private readonly recent = new Map<string, { row: UserRow; readAt: number }>();

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findByGoogleSub(sub: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
  }

  /**
   * True when someone else holds this username (case-insensitive): a confirmed account, or a sign-up made
   * after `since` that chose it and still waits for its code. A sign-up never confirmed holds it no longer,
   * so nobody can keep names by signing up with addresses they cannot confirm.
   */
  async isUsernameTaken(username: string, exceptUserId: string | undefined, since: number): Promise<boolean> {
    const key = username.toLowerCase();
    const except = exceptUserId ?? '';
    const account = await this.db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', key)
      .where('email_verified', '=', 1)
      .where('id', '!=', except)
      .executeTakeFirst();
    if (account) return true;
    return this.codes.holdsUsername(key, except, since);
  }

  /**
   * Takes the username off unconfirmed accounts. Accounts made before each sign-up kept its own username
   * carry a copy, which holds nothing (isUsernameTaken does not count it) but would block the unique index.
   */
  async releaseUnconfirmedUsername(username: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ username: null, username_key: null })
      .where('username_key', '=', username.toLowerCase())
      .where('email_verified', '=', 0)
      .execute();
  }

  async insert(row: NewUserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async update(id: string, changes: UserUpdate): Promise<void> {
    this.recent.delete(id);
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
    // Again after the write: a request that read the old row meanwhile must not keep it.
    this.recent.delete(id);
  }

  /**
   * Moves the account to `email`, whose mailbox its holder has just proved. An unconfirmed account with
   * that address goes in the same transaction: nobody ever proved it, and its pending sign-ups go with it
   * (they cascade). False when a confirmed account holds the address by now.
   */
  async changeEmail(id: string, email: string, now: number): Promise<boolean> {
    this.recent.delete(id);
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('email', '=', email).where('email_verified', '=', 0).execute();
        await trx.updateTable('users').set({ email, updated_at: now }).where('id', '=', id).execute();
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    } finally {
      // Again after the write: a request that read the old row meanwhile must not keep it.
      this.recent.delete(id);
    }
  }

  /** Drops the cached row of an account just deleted, so its sessions end at once on this instance. */
  forget(id: string): void {
    this.recent.delete(id);
  }

  /**
   * Deletes the account in one transaction with whatever `alongside` removes once the row is gone (the
   * tables that name the user cascade from it). Its cached row is dropped before and after, so its
   * sessions end at once on this instance. False when there was no such account (a parallel deletion).
   */
  async delete(id: string, alongside?: (trx: Db) => Promise<void>): Promise<boolean> {
    this.recent.delete(id);
    const deleted = await this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await alongside?.(trx);
      return true;
    });
    this.recent.delete(id);
    return deleted;
  }

  async bumpTokenVersion(id: string, now: number): Promise<void> {
    this.recent.delete(id);
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .execute();
    this.recent.delete(id);
  }
}
