// Plans and payment. This server bills locally: no payment provider is configured, so a plan change
// applies at once, there is no subscription to keep or cancel, and the profile says so (SPEC.md §4 Plan
// change; DESIGN.md, payments). An operator can also set a plan with the admin CLI (set-tier).
import {
  ErrorCode,
  getTier,
  tierRank,
  type BillingState,
  type PendingTierChange,
  type ProcessPendingTierChangeResponse,
  type TierChangeResponse,
  type TierId,
} from '@waymarks/shared';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { Billing } from './billing.js';

const LOCAL_BILLING: BillingState = {
  mode: 'local',
  subscriptionStatus: 'none',
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  portalAvailable: false,
  trialDays: 0,
};

export const BILLING_MESSAGES = {
  notConfigured: 'Billing is not configured on this server: plan changes apply at once, with no payment.',
  unchanged: 'You are already on this plan.',
} as const;

interface BillingDeps {
  users: Pick<UsersRepository, 'update'>;
  now: () => number;
}

export class BillingService implements Billing {
  constructor(private readonly deps: BillingDeps) {}

  async stateOf(
    _user: UserRow,
  ): Promise<{ billing: BillingState; pendingTierChange: PendingTierChange | null }> {
    return { billing: LOCAL_BILLING, pendingTierChange: null };
  }

  async cancelForDeletion(_user: UserRow): Promise<void> {}

  /** POST /api/tier-upgrade: the new plan applies at once; the plan already in force is refused. */
  async changeTier(user: UserRow, newTierId: TierId): Promise<TierChangeResponse> {
    const current = tierOf(user);
    if (newTierId === current) throw new AppError(409, ErrorCode.planUnchanged, BILLING_MESSAGES.unchanged);
    await this.deps.users.update(user.id, { tier: newTierId, updated_at: this.deps.now() });
    const tier = getTier(newTierId);
    const verb = tierRank(newTierId) > tierRank(current) ? 'upgraded' : 'moved';
    return {
      success: true,
      message: `You have ${verb} to the ${tier.name} plan. It applies now.`,
      redirectToCheckoutUrl: null,
      tier: newTierId,
      pendingTierChange: null,
    };
  }

  /** POST /api/process-pending-tier-change: local billing never schedules a change. */
  async processPendingTierChange(user: UserRow): Promise<ProcessPendingTierChangeResponse> {
    return { processed: false, tier: tierOf(user), pendingTierChange: null };
  }

  /** POST /api/billing/portal: there is no payment provider's portal to send anyone to. */
  async portal(_user: UserRow): Promise<never> {
    throw new AppError(409, ErrorCode.billingNotConfigured, BILLING_MESSAGES.notConfigured);
  }
}
