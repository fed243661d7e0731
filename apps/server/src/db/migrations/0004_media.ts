import type { Kysely } from 'kysely';

// Media: the photos and videos on a pin. A row is written 'pending' before the browser may upload and
// becomes 'ready' only after the stored object has been checked, so a half-sent upload never counts.
// What the server read from the file is kept in its own columns (the stored truth); the pin's
// verification follows from its ready media.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pin_id', 'varchar(36)', (col) => col.notNull().references('pins.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(200)', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('filename', 'varchar(255)', (col) => col.notNull())
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    /** Declared by the browser; the upload may not exceed it. */
    .addColumn('declared_bytes', 'bigint', (col) => col.notNull())
    /** Measured on the stored object; 0 until ready. */
    .addColumn('size_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('taken_at', 'varchar(40)')
    .addColumn('date_source', 'varchar(10)')
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('camera_make', 'varchar(100)')
    .addColumn('camera_model', 'varchar(100)')
    .addColumn('verification_status', 'varchar(20)', (col) => col.notNull().defaultTo('unverified'))
    .addColumn('verification_score', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('has_location_verification', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    /** Pending rows past this are abandoned uploads: the sweep removes them with their objects. */
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('uploaded_at', 'bigint')
    .execute();
  await db.schema.createIndex('media_pin_id').on('media').columns(['pin_id', 'status']).execute();
  await db.schema.createIndex('media_user_id').on('media').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('media_pending_expiry').on('media').columns(['status', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
