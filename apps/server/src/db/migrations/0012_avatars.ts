import type { Kysely } from 'kysely';

// The traveller's saved avatar: the part worn in each category, the storage key of the PNG the
// creator rendered of it, and which unlocked parts the traveller has already been told about. One row per
// traveller, removed with the account; the PNG's object is removed by the account's deletion.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('avatars')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    /** JSON object, category → part id; {} until a figure is saved (the row may exist for seen_unlocked). */
    .addColumn('parts', 'text', (col) => col.notNull())
    .addColumn('image_key', 'text')
    /** JSON array of the part ids travel had unlocked at the last check. */
    .addColumn('seen_unlocked', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('avatars').execute();
}
