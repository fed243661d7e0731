import type { Kysely } from 'kysely';

// Subscriptions through Stripe (SPEC.md §4; DESIGN.md, payments). billing_accounts holds, per traveller,
// their Stripe customer and what was last read of their subscription; users.tier stays the plan in force,
// which every limit reads. A downgrade between paid plans waits for the end of the period: pending_tier
// and pending_at say which plan and when. billing_events lists the webhook events already handled, so a
// replayed or repeated event changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_accounts')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('subscription_id', 'varchar(255)')
    /** Stripe's status ('trialing', 'active', 'past_due', 'canceled', …); 'none' before any. */
    .addColumn('subscription_status', 'varchar(32)', (col) => col.notNull().defaultTo('none'))
    .addColumn('trial_ends_at', 'bigint')
    .addColumn('current_period_end', 'bigint')
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    /** Once a free trial has been given, none is given again. */
    .addColumn('trial_used', 'integer', (col) => col.notNull().defaultTo(0))
    /** The Checkout Session last opened: expired when another is opened, so only one can be paid. */
    .addColumn('checkout_session_id', 'varchar(255)')
    .addColumn('pending_tier', 'varchar(16)')
    .addColumn('pending_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('billing_accounts_subscription')
    .on('billing_accounts')
    .column('subscription_id')
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('type', 'varchar(64)', (col) => col.notNull())
    .addColumn('processed_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('billing_accounts').execute();
}
