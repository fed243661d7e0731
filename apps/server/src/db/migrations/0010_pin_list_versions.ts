import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A number per traveller that changes whenever any of their pins is added, changed or removed, so that the
// list of pins (GET /api/pins, 10,000 pins: 3.3 MB) is written once and then served from memory until it
// changes (modules/pins/pin-list-cache.ts). The database keeps the number itself, by triggers on pins, so
// that no write can forget it, whichever code makes it: a pin's edit, a media count, a deletion with the
// account. No foreign key: a pin deleted with its account still counts, after the user row is gone (the
// account's deletion then removes the row).
/** The writes that change a list, and the rows (new or old) that name whose list it is. */
const WRITES = [
  ['insert', 'new'],
  ['update', 'new'],
  ['delete', 'old'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pin_list_versions')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    // Once per statement, for every traveller it touched: the bench's 10,000-pin insert counts once.
    await sql`
      create function pin_list_changed() returns trigger language plpgsql as $$
      begin
        insert into pin_list_versions (user_id, version)
          select distinct user_id, 1 from changed_pins
          on conflict (user_id) do update set version = pin_list_versions.version + 1;
        return null;
      end
      $$`.execute(db);
  }
  for (const [event, rows] of WRITES) {
    const name = sql.raw(`pins_${event}_changes_list`);
    await (
      postgres
        ? sql`
          create trigger ${name} after ${sql.raw(event)} on pins
          referencing ${sql.raw(rows)} table as changed_pins
          for each statement execute function pin_list_changed()`
        : // SQLite has row triggers only.
          sql`
          create trigger ${name} after ${sql.raw(event)} on pins
          begin
            insert into pin_list_versions (user_id, version) values (${sql.raw(rows)}.user_id, 1)
              on conflict (user_id) do update set version = version + 1;
          end`
    ).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [event] of WRITES) {
    await sql`drop trigger if exists ${sql.raw(`pins_${event}_changes_list`)}${sql.raw(
      db.getExecutor().adapter instanceof PostgresAdapter ? ' on pins' : '',
    )}`.execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists pin_list_changed()`.execute(db);
  }
  await db.schema.dropTable('pin_list_versions').execute();
}
