import type { Kysely } from 'kysely';

// The SHA-256 of a media item's stored bytes (64 hex digits), computed by the server when the upload is
// completed, so the same file is not kept twice by one traveller (docs/decisions/084). Rows stored before
// have none (null) and match nothing. The index answers "has this traveller a file with these bytes?".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('content_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('media_user_content_hash')
    .on('media')
    .columns(['user_id', 'content_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_user_content_hash').execute();
  await db.schema.alterTable('media').dropColumn('content_hash').execute();
}
