import type { Kysely } from 'kysely';

// The Idempotency-Key a pin was created with (decision 099): a create sent again with the same key by the
// same traveller finds the pin the first made instead of making a second. Null for pins made without one
// (before this column, by the benchmarks' seeding). Unique per traveller; NULLs never collide, in SQLite
// and PostgreSQL alike.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pins').addColumn('request_key', 'varchar(64)').execute();
  await db.schema
    .createIndex('pins_user_request_key')
    .on('pins')
    .columns(['user_id', 'request_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pins_user_request_key').execute();
  await db.schema.alterTable('pins').dropColumn('request_key').execute();
}
