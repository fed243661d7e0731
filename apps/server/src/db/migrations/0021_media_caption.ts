import type { Kysely } from 'kysely';

// A traveller's own words about a photo or video, shown under it in the viewer and as its thumbnail's
// alternative text: at most 500 characters, trimmed; null when there are none (an empty caption is none).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('caption', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('caption').execute();
}
