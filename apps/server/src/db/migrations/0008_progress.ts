import { sql, type Kysely } from 'kysely';

// Progress and the leaderboard (SPEC.md §2, §9). A pin gains the name of its city, read from its
// coordinates by the gazetteer: NULL until it has been read (pins made before this column are read once
// at start-up), '' where the point has no town or region (at sea). travel_stats keeps one row of figures
// per traveller, rewritten from their pins and media whenever those change, so ranking 100,000 travellers
// reads one indexed table instead of 2,000,000 pins; it also holds the opt-in, off for a new account.
// travel_countries lists which of the 195 each traveller reaches, so the leaderboard's 'Countries
// Explored' is a walk over at most 195 index entries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pins').addColumn('city', 'varchar(200)').execute();

  await db.schema
    .createTable('travel_stats')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('show_on_leaderboard', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('signup_at', 'bigint', (col) => col.notNull())
    .addColumn('country_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('city_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pin_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verified_pin_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verified_country_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verification_score', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('media_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('camera_dated_media_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('gps_verified_media_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_visit', 'varchar(10)')
    .addColumn('last_visit', 'varchar(10)')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // One index per sort of the leaderboard, each ending in the ranking rule so that ties keep its order
  // and a page is read straight off the index.
  const rankTail = ['signup_at', 'user_id'];
  const indexes: Record<string, string[]> = {
    travel_stats_rank: ['country_count desc', 'verification_score desc', 'pin_count desc'],
    travel_stats_pins: ['pin_count desc', 'country_count desc', 'verification_score desc'],
    travel_stats_verified: [
      'verified_pin_count desc',
      'country_count desc',
      'verification_score desc',
      'pin_count desc',
    ],
    travel_stats_score: ['verification_score desc', 'country_count desc', 'pin_count desc'],
  };
  for (const [name, columns] of Object.entries(indexes)) {
    await sql`create index ${sql.id(name)} on travel_stats (show_on_leaderboard, ${sql.raw(
      [...columns, ...rankTail].join(', '),
    )})`.execute(db);
  }

  await db.schema
    .createTable('travel_countries')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('country_code', 'varchar(2)', (col) => col.notNull())
    .addColumn('show_on_leaderboard', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('travel_countries_pk', ['user_id', 'country_code'])
    .execute();
  await db.schema
    .createIndex('travel_countries_listed')
    .on('travel_countries')
    .columns(['show_on_leaderboard', 'country_code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('travel_countries').execute();
  await db.schema.dropTable('travel_stats').execute();
  await db.schema.alterTable('pins').dropColumn('city').execute();
}
