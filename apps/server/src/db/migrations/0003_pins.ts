import type { Kysely } from 'kysely';

// Pins: a place a traveller has been. The country is read from the coordinates by the server. Media and
// verification come with the media work; media_count is kept here so a list needs no join.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pins')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)', (col) => col.notNull().defaultTo(''))
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lng', 'double precision', (col) => col.notNull())
    .addColumn('country_code', 'varchar(2)', (col) => col.notNull())
    .addColumn('country_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('visit_date', 'varchar(10)')
    .addColumn('verification_status', 'varchar(20)', (col) => col.notNull().defaultTo('unverified'))
    .addColumn('verification_score', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('media_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('pins_user_id').on('pins').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pins').execute();
}
