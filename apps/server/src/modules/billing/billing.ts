// What the billing routes need of a billing mode: local (modules/billing/billing.service.ts, plan changes
// apply at once) or Stripe (stripe-billing.service.ts). app.ts picks one from the configuration.
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
