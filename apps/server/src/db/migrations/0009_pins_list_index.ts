import type { Kysely } from 'kysely';

// A traveller's pins, newest first (GET /api/pins), read in the index's order instead of sorted on every
// request (bench/pins-list: 10,000 pins). The index starts with user_id, so it also serves everything the
// user_id index served (counting a user's pins, the figures per traveller, deleting a user's pins with
// the account), and that index goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('pins_user_newest')
    .on('pins')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.dropIndex('pins_user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('pins_user_id').on('pins').column('user_id').execute();
  await db.schema.dropIndex('pins_user_newest').execute();
}
