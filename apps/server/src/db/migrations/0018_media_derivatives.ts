import type { Kysely } from 'kysely';

// Thumbnails, previews and video posters are made by a job after the upload is complete, no longer inside
// the request. `derivatives` says whether they are made yet ('pending', then 'ready'); every row stored
// before this migration has them. A file whose pixels the job cannot read is refused after the fact: its
// objects are deleted and its row stays, status 'refused', with the reason in `refusal`, until the
// traveller has seen it and removed it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('derivatives', 'varchar(16)', (col) => col.notNull().defaultTo('ready'))
    .execute();
  await db.schema.alterTable('media').addColumn('refusal', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('refusal').execute();
  await db.schema.alterTable('media').dropColumn('derivatives').execute();
}
