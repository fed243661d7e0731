import type { Kysely } from 'kysely';

// The travel page a traveller shares (issue 27, decision 102). `shares` holds one row per traveller who
// has ever opened the page's settings: whether the page is on, its token while it is (null while off, so
// an address turned off is gone for good), the parts it shows, whether search engines may index it and
// the countries it leaves out (a JSON list). `version` grows with every change of the row, so a cached
// share picture knows it is stale. Per place, `pins.share_photos` puts its photos on the page and
// `pins.share_hidden` leaves it off.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'varchar(32)', (col) => col.unique())
    .addColumn('show_map', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('show_stats', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('show_timeline', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('show_avatar', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('show_photos', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('indexable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hidden_countries', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('pins')
    .addColumn('share_photos', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('pins')
    .addColumn('share_hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pins').dropColumn('share_hidden').execute();
  await db.schema.alterTable('pins').dropColumn('share_photos').execute();
  await db.schema.dropTable('shares').execute();
}
