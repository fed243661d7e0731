import { sql, type Kysely } from 'kysely';

// Imports of past travels (issue 26, decision 101). `imports` holds one row per import: its files (names
// and sizes, as JSON), where it is, what reading it found, and what committing it made. `import_places`
// holds the places found by reading until the traveller chooses; once committed, only the places kept
// remain (the pin each made, or the pin it matched), and once undone, none. Pins made by an import name it
// in `pins.import_id`, so undoing it finds them; an import deleted with its account takes its rows along.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('format', 'varchar(24)')
    /** JSON: [{ name, size }] in the order they were added. */
    .addColumn('files', 'text', (col) => col.notNull())
    .addColumn('bytes_total', 'bigint', (col) => col.notNull())
    .addColumn('bytes_read', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('points', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('stays', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('places', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('matched', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error_code', 'varchar(32)')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    /** Until then its upload links write; an import still uploading past it is swept away. */
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('committed_at', 'bigint')
    .execute();
  await db.schema.createIndex('imports_user_id').on('imports').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('imports_status').on('imports').columns(['status', 'updated_at']).execute();
  // A traveller runs one import at a time: two requests racing to start one cannot both succeed.
  await db.schema
    .createIndex('imports_one_under_way')
    .on('imports')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', ['uploading', 'reading', 'committing'])
    .execute();

  await db.schema
    .createTable('import_places')
    .addColumn('import_id', 'varchar(36)', (col) =>
      col.notNull().references('imports.id').onDelete('cascade'),
    )
    .addColumn('place_key', 'varchar(40)', (col) => col.notNull())
    /** Largest first: the order the preview offers them in. */
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lng', 'double precision', (col) => col.notNull())
    .addColumn('country_code', 'varchar(2)', (col) => col.notNull())
    .addColumn('country_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('city', 'varchar(200)', (col) => col.notNull())
    .addColumn('first_visit', 'varchar(10)')
    .addColumn('last_visit', 'varchar(10)')
    .addColumn('visits', 'integer', (col) => col.notNull())
    .addColumn('minutes', 'integer', (col) => col.notNull())
    /** Chosen by the commit. */
    .addColumn('kept', 'integer', (col) => col.notNull().defaultTo(0))
    /** The pin committing made of it, or the pin it was found to be already. */
    .addColumn('pin_id', 'varchar(36)')
    .addColumn('pin_made', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('import_places_pk', ['import_id', 'place_key'])
    .execute();

  await db.schema.alterTable('pins').addColumn('import_id', 'varchar(36)').execute();
  await db.schema.createIndex('pins_import_id').on('pins').column('import_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pins_import_id').execute();
  await db.schema.alterTable('pins').dropColumn('import_id').execute();
  await db.schema.dropTable('import_places').execute();
  await db.schema.dropTable('imports').execute();
}
