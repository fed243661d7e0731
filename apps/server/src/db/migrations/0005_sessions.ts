import { sql, type Kysely } from 'kysely';

// Sessions: one row per sign-in, so that signing out (or a replayed refresh token) ends the access token
// too, and a session has an absolute end that refreshing never moves. Refresh-token families are sessions:
// a family's id is its session's id. One-time OAuth login codes are bound to the browser that started
// the flow by the hash of a value held in that browser's cookie.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    /** The absolute end: sign-in time plus the configured maximum age; refreshing does not extend it. */
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  // Families that exist already become sessions ending when their newest refresh token does.
  await sql`
    insert into sessions (id, user_id, created_at, expires_at, ended_at)
    select family_id, min(user_id), min(created_at), max(expires_at),
           case when count(*) = count(revoked_at) then max(revoked_at) end
    from refresh_tokens group by family_id
  `.execute(db);
  await db.schema.alterTable('oauth_login_codes').addColumn('browser_hash', 'varchar(128)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_login_codes').dropColumn('browser_hash').execute();
  await db.schema.dropTable('sessions').execute();
}
