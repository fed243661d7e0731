import type { Kysely } from 'kysely';

// One checkout at a time per account (the Stripe edge cases of the security issue). A request that opens a
// Checkout Session, or ends an account's billing before deletion, first claims the account's row here with
// a conditional UPDATE, so two tabs, a double click or two instances cannot both open one; claimed_at lets
// a claim left by a request that died be taken over. Which sessions are open is asked of Stripe (by
// customer) rather than kept here, so billing_accounts.checkout_session_id goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_checkout_claims')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    /** The token of the request holding the claim; null when none does. */
    .addColumn('claim', 'varchar(64)')
    .addColumn('claimed_at', 'bigint')
    .execute();
  await db.schema.alterTable('billing_accounts').dropColumn('checkout_session_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billing_accounts').addColumn('checkout_session_id', 'varchar(255)').execute();
  await db.schema.dropTable('billing_checkout_claims').execute();
}
