import type { Kysely } from 'kysely';

// A signed-in traveller's move to another e-mail address, waiting for the code mailed there: one at a time
// per account (a new request replaces it), its code stored as an HMAC, five guesses, ten minutes. The row
// goes when the code is used, and with its account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'varchar(254)', (col) => col.notNull())
    .addColumn('code_hash', 'varchar(128)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
