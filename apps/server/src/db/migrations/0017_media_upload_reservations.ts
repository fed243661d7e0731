import { sql, type Kysely } from 'kysely';

// An S3 upload link cannot be revoked: once its upload is deleted (alone, with its pin, or refused at
// completion) the link can still store its declared size until it expires. Each link's declared size is
// kept here from the moment the link is made; while no media row has its id, the bytes count against the
// traveller's allowance, until the sweep has removed what the expired link may have written and the row.
// No foreign keys: the row must outlive its media row, its pin and its account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_upload_reservations')
    .addColumn('media_id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('link_expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('media_upload_reservations_user_id')
    .on('media_upload_reservations')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('media_upload_reservations_link_expires_at')
    .on('media_upload_reservations')
    .column('link_expires_at')
    .execute();
  // Links made before this migration are still valid for up to their lifetime: they get their row too.
  await sql`
    insert into media_upload_reservations (media_id, user_id, bytes, link_expires_at)
    select id, user_id, declared_bytes, expires_at from media where expires_at > ${Date.now()}
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_upload_reservations').execute();
}
