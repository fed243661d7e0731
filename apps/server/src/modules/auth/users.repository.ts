import type { Db } from '../../db/database.js';
import type { NewUserRow, UserRow, UserUpdate } from '../../db/schema.js';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

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

  /** True when another account already holds this username (case-insensitive). */
  async isUsernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('username_key', '=', username.toLowerCase());
    if (exceptUserId) query = query.where('id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(row: NewUserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async update(id: string, changes: UserUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async bumpTokenVersion(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .execute();
  }
}
