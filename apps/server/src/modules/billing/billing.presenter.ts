// How billing's states are put to the browser: the answers to a plan change, a pending change and the
// subscription's state as the shared contract names them, and billing's own messages.
import {
  getTier,
  SUBSCRIPTION_STATUSES,
  tierRank,
  type BillingState,
  type PendingTierChange,
  type SubscriptionStatus,
  type TierChangeResponse,
  type TierId,
} from '@waymarks/shared';
import type { PaymentProvider } from '../../adapters/billing/payments.js';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import type { BillingAccountRow } from './billing.repository.js';
import { pendingTierOf } from './plan-rules.js';

export const BILLING_MESSAGES = {
  unchanged: 'You are already on this plan.',
  checkoutForAnotherAccount: 'This checkout belongs to another account: nothing was changed.',
} as const;

/** 'January 2, 2027': the dates in messages. */
export const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function toCheckout(user: UserRow, url: string): TierChangeResponse {
  return {
    success: true,
    message: 'Redirecting to secure checkout…',
    redirectToCheckoutUrl: url,
    tier: tierOf(user),
    pendingTierChange: null,
  };
}

export function answer(tier: TierId, message: string): TierChangeResponse {
  return { success: true, message, redirectToCheckoutUrl: null, tier, pendingTierChange: null };
}

/** A plan that applies now: an upgrade says so, any other change is a move. */
export function appliedNow(from: TierId, to: TierId): TierChangeResponse {
  const verb = tierRank(to) > tierRank(from) ? 'upgraded' : 'moved';
  return answer(to, `You have ${verb} to the ${getTier(to).name} plan. It applies now.`);
}

export function takenBack(current: TierId): TierChangeResponse {
  return answer(
    current,
    `Your scheduled change was cancelled: you stay on the ${getTier(current).name} plan.`,
  );
}

export function scheduled(current: TierId, tier: TierId, at: number): TierChangeResponse {
  const pending = pendingChange(tier, at);
  return {
    ...answer(
      current,
      `Your plan changes to ${pending.name} on ${LONG_DATE.format(at)}. Until then you keep ${getTier(current).name}.`,
    ),
    pendingTierChange: pending,
  };
}

export function pendingChange(tier: TierId, at: number): PendingTierChange {
  const plan = getTier(tier);
  return { tier, name: plan.name, price: plan.price, effectiveDate: new Date(at).toISOString() };
}

export function pendingOf(account: BillingAccountRow | undefined): PendingTierChange | null {
  const tier = pendingTierOf(account?.pending_tier);
  if (!tier || account?.pending_at == null) return null;
  return pendingChange(tier, account.pending_at);
}

/** The account's billing as last read from its provider (nothing read yet: no subscription). */
export function billingStateOf(
  payments: Pick<PaymentProvider, 'mode' | 'collectsPayment' | 'trialDays'>,
  account: BillingAccountRow | undefined,
): BillingState {
  return {
    mode: payments.mode,
    subscriptionStatus: statusOf(account?.subscription_status),
    trialEndsAt: isoOrNull(account?.trial_ends_at),
    currentPeriodEnd: isoOrNull(account?.current_period_end),
    cancelAtPeriodEnd: account?.cancel_at_period_end === 1,
    portalAvailable: payments.collectsPayment && account !== undefined,
    trialDays: account?.trial_used ? 0 : payments.trialDays,
  };
}

/** A stored status; rows written before statuses were stored in the contract's words hold Stripe's. */
function statusOf(status: string | undefined): SubscriptionStatus {
  if (status === 'incomplete_expired') return 'canceled';
  if (status === 'paused') return 'unpaid';
  return SUBSCRIPTION_STATUSES.find((known) => known === status) ?? 'none';
}

const isoOrNull = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
