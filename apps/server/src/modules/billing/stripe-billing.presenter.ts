// How the Stripe billing's states are put to the browser: the answers to a plan change, a pending change
// and the subscription's status as the shared contract names them.
import {
  getTier,
  SUBSCRIPTION_STATUSES,
  type PendingTierChange,
  type SubscriptionStatus,
  type TierChangeResponse,
  type TierId,
} from '@waymarks/shared';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import type { BillingAccountRow } from './billing.repository.js';
import { PROVIDER_DOWN } from './stripe-calls.js';

export const STRIPE_MESSAGES = {
  badSignature: 'Webhook signature verification failed.',
  checkoutForAnotherAccount: 'This checkout belongs to another account: nothing was changed.',
  noCustomer: 'There is no subscription to manage yet: choose a paid plan first.',
  providerDown: PROVIDER_DOWN,
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

export function pendingChange(tier: TierId, at: number): PendingTierChange {
  const plan = getTier(tier);
  return { tier, name: plan.name, price: plan.price, effectiveDate: new Date(at).toISOString() };
}

export function pendingOf(account: BillingAccountRow | undefined): PendingTierChange | null {
  if (!account?.pending_tier || account.pending_at === null) return null;
  return pendingChange(account.pending_tier as TierId, account.pending_at);
}

export function statusOf(status: string | undefined): SubscriptionStatus {
  if (status === 'incomplete_expired') return 'canceled';
  if (status === 'paused') return 'unpaid';
  return SUBSCRIPTION_STATUSES.find((known) => known === status) ?? 'none';
}

export const isoOrNull = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
