// What other modules may do with accounts, without importing the auth module: the auth module's
// UsersRepository implements it (and keeps its cache of recent rows honest); app.ts hands it to the others.
import type { Db } from '../db/database.js';
import type { UserRow, UserUpdate } from '../db/schema.js';

export interface UserAccounts {
  findById(id: string): Promise<UserRow | undefined>;
  update(id: string, changes: UserUpdate): Promise<void>;
  /** True when someone else holds this username (case-insensitive), counting sign-ups since `since`. */
  isUsernameTaken(username: string, exceptUserId: string | undefined, since: number): Promise<boolean>;
  /** Takes the username off unconfirmed accounts that carry a copy of it. */
  releaseUnconfirmedUsername(username: string): Promise<void>;
  /**
   * Deletes the account: every row that names it goes with it (the foreign keys cascade). `alongside`
   * runs in the same transaction once the row is gone, for rows no foreign key reaches. False when there
   * was no such account.
   */
  delete(id: string, alongside?: (trx: Db) => Promise<void>): Promise<boolean>;
}
