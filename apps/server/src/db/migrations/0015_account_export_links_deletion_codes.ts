import type { Kysely } from 'kysely';

// Export links that work once and only while the session that asked for them lives (a link is a row,
// deleted as it is opened, and deleted with its session or account), and the codes that confirm the
// deletion of an account without a password (one at a time per account, five guesses each).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_export_links')
    /** SHA-256 of the link's token; the token itself is only ever in the link. */
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(36)', (col) =>
      col.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('account_export_links_session_id')
    .on('account_export_links')
    .column('session_id')
    .execute();
  await db.schema
    .createIndex('account_export_links_user_id')
    .on('account_export_links')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('account_deletion_codes')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(128)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletion_codes').execute();
  await db.schema.dropTable('account_export_links').execute();
}
