// What the profile and account modules need of billing, without importing it: the account's plan state
// for GET /api/profile, and the end of any subscription before an account is deleted. The billing module
// implements it (BillingService, built by createBilling in modules/billing); app.ts hands it to the others.
import type { BillingState, PendingTierChange } from '@waymarks/shared';
import type { UserRow } from '../db/schema.js';

export interface AccountBilling {
  /** The account's subscription as last known, and any plan change scheduled for later. */
  stateOf(user: UserRow): Promise<{ billing: BillingState; pendingTierChange: PendingTierChange | null }>;
  /**
   * Before the account is deleted: expires every checkout of it that is still open, so none can be paid
   * afterwards, and ends its subscriptions at the payment provider at once (no further charge); no new
   * checkout opens for it from then on. Resolves when there is nothing to end. Throws when the provider
   * cannot be reached, so that an account is never deleted while it can still be charged; the failure is
   * already in the log.
   */
  cancelForDeletion(user: UserRow): Promise<void>;
}
