import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A number per traveller that changes whenever any of their pins is added, changed or removed, so that the
// list of pins (GET /api/pins, 10,000 pins: 3.3 MB) is written once and then served from memory until it
// changes (modules/pins/pin-list-cache.ts). The database keeps the number itself, by triggers on pins, so
// that no write can forget it, whichever code makes it: a pin's edit, a media count, a deletion with the
// account. No foreign key: a pin deleted with its account still counts, after the user row is gone (the
// account's deletion then removes the row).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pin_list_versions')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
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
    for (const [event, table] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql`
        create trigger ${sql.raw(`pins_${event}_changes_list`)} after ${sql.raw(event)} on pins
        referencing ${sql.raw(table)} table as changed_pins
        for each statement execute function pin_list_changed()`.execute(db);
    }
    return;
  }
  // SQLite has row triggers only.
  for (const [event, row] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`pins_${event}_changes_list`)} after ${sql.raw(event)} on pins
      begin
        insert into pin_list_versions (user_id, version) values (${sql.raw(row)}.user_id, 1)
          on conflict (user_id) do update set version = version + 1;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`pins_${event}_changes_list`)}${sql.raw(
      db.getExecutor().adapter instanceof PostgresAdapter ? ' on pins' : '',
    )}`.execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists pin_list_changed()`.execute(db);
  }
  await db.schema.dropTable('pin_list_versions').execute();
}
