import type { Kysely } from 'kysely';

// Content reports from /illegal-content. The reporter's address is not stored (privacy first); the
// optional e-mail is, so the moderation team can reply.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_reports')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('report_id', 'varchar(9)', (col) => col.notNull().unique())
    .addColumn('content_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('content_location', 'varchar(2000)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('reporter_email', 'varchar(254)')
    .addColumn('urgency', 'varchar(10)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('content_reports_created_at')
    .on('content_reports')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_reports').execute();
}
