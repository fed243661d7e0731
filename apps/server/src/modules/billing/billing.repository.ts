// The Stripe side of each account (migrations 0011, 0014): its customer, what was last read of its
// subscription, a downgrade waiting for the end of the period, the webhook events already handled, and the
// claim that lets one request at a time open a checkout.
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BillingAccountsTable } from '../../db/schema.js';

export type BillingAccountRow = Selectable<BillingAccountsTable>;

/** What billing reads and writes of the accounts' billing tables. */
export type BillingAccounts = Pick<
  BillingRepository,
  | 'byUser'
  | 'byCustomer'
  | 'insertOrGet'
  | 'update'
  | 'eventHandled'
  | 'markEventHandled'
  | 'claimCheckout'
  | 'releaseCheckout'
>;

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

  /**
   * Takes the account's checkout claim for `claim` unless another request holds it (one taken before
   * `staleBefore` was left by a request that died, and is taken over). One conditional UPDATE decides, so
   * of two requests at once exactly one gets it, on SQLite and PostgreSQL alike.
   */
  async claimCheckout(userId: string, claim: string, now: number, staleBefore: number): Promise<boolean> {
    await this.db
      .insertInto('billing_checkout_claims')
      .values({ user_id: userId, claim: null, claimed_at: null })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const result = await this.db
      .updateTable('billing_checkout_claims')
      .set({ claim, claimed_at: now })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('claim', 'is', null), eb('claimed_at', '<', staleBefore)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Gives the claim back, if `claim` still holds it. */
  async releaseCheckout(userId: string, claim: string): Promise<void> {
    await this.db
      .updateTable('billing_checkout_claims')
      .set({ claim: null, claimed_at: null })
      .where('user_id', '=', userId)
      .where('claim', '=', claim)
      .execute();
  }
}
