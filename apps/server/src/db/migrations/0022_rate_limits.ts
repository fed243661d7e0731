import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The request counts of the per-address and per-user route limits, shared by every instance of the service
// (on SQLite, one process, the counts stay in memory and this table stays empty). One row per route and
// client (the client's key hashed): its hits in the current window and when that window ends. Rows whose
// window has ended are deleted now and then; the index on the window's end keeps that delete cheap.
// On PostgreSQL the table is unlogged: a hit then waits for no write-ahead log flush (about 10 ms on a
// plain disk, most of a logged hit's cost), and what a crash or a failover loses is a minute of counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('rate_limits')
    .$call((table) => (postgres ? table.modifyFront(sql`unlogged`) : table))
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('window_ends_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_window_ends_at')
    .on('rate_limits')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
