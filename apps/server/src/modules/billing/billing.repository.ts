// The Stripe side of each account (migration 0011): its customer, what was last read of its subscription,
// a downgrade waiting for the end of the period, and the webhook events already handled.
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BillingAccountsTable } from '../../db/schema.js';

export type BillingAccountRow = Selectable<BillingAccountsTable>;

export class BillingRepository {
  constructor(private readonly db: Db) {}

  byUser(userId: string): Promise<BillingAccountRow | undefined> {
    return this.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  byCustomer(customerId: string): Promise<BillingAccountRow | undefined> {
    return this.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
  }

  /**
   * The account's row with `customerId`, unless one was made meanwhile (two tabs asking for checkout at
   * once): the row that exists wins, and is answered.
   */
  async insertOrGet(userId: string, customerId: string, now: number): Promise<BillingAccountRow> {
    await this.db
      .insertInto('billing_accounts')
      .values({ user_id: userId, customer_id: customerId, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return (await this.byUser(userId))!;
  }

  async update(userId: string, changes: Updateable<BillingAccountsTable>): Promise<void> {
    await this.db.updateTable('billing_accounts').set(changes).where('user_id', '=', userId).execute();
  }

  async eventHandled(eventId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('billing_events')
      .select('id')
      .where('id', '=', eventId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markEventHandled(eventId: string, type: string, now: number): Promise<void> {
    await this.db
      .insertInto('billing_events')
      .values({ id: eventId, type, processed_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
