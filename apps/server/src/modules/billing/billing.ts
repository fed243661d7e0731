// What the billing routes need of billing: BillingService, over local billing (plan changes apply at once)
// or Stripe, as createBilling (index.ts) picks from the configuration.
import type {
  BillingPortalResponse,
  ProcessPendingTierChangeResponse,
  TierChangeResponse,
  TierId,
} from '@waymarks/shared';
import type { AccountBilling } from '../../common/billing.js';
import type { UserRow } from '../../db/schema.js';

export interface Billing extends AccountBilling {
  /** POST /api/tier-upgrade. */
  changeTier(user: UserRow, newTierId: TierId): Promise<TierChangeResponse>;
  /** POST /api/process-pending-tier-change. */
  processPendingTierChange(user: UserRow): Promise<ProcessPendingTierChangeResponse>;
  /** POST /api/billing/portal. */
  portal(user: UserRow): Promise<BillingPortalResponse>;
}
