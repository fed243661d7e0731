import type { Kysely } from 'kysely';

// Accounts, e-mail codes, password resets, refresh-token families, one-time OAuth login codes and the
// brute-force throttle. bigint holds millisecond timestamps on both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('username', 'varchar(50)')
    .addColumn('username_key', 'varchar(50)', (col) => col.unique())
    .addColumn('password_hash', 'varchar(200)')
    .addColumn('picture', 'varchar(2000)')
    .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tier', 'varchar(20)', (col) => col.notNull().defaultTo('free'))
    .addColumn('google_sub', 'varchar(255)', (col) => col.unique())
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(128)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('email_codes_user_id').on('email_codes').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('rotated_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_id').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_id').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('oauth_login_codes')
    .addColumn('code_hash', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'bigint', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'auth_throttle',
    'oauth_login_codes',
    'refresh_tokens',
    'password_resets',
    'email_codes',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
