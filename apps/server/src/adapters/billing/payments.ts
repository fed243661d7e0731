// The payment port: what billing (modules/billing) asks of a payment provider. Two adapters: Stripe
// (stripe.ts) and local billing (local.ts), a provider that takes no payment and holds nothing. The plan
// rules decide what a plan change means; an adapter only does what it is told, in its provider's terms.
import type { BillingMode, PaidTierId, SubscriptionStatus } from '@waymarks/shared';
import type { UserRow } from '../../db/schema.js';

export const PROVIDER_DOWN = 'The payment provider could not be reached. Please try again in a moment.';

/** Where billing writes what went wrong: the app's logger. */
export interface BillingLog {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

/** A subscription as the provider holds it now. Times are milliseconds since the epoch. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** The paid plan its price is for; undefined for a price that is no plan's. */
  tier: PaidTierId | undefined;
  /** It has had a free trial (the next one starts without). */
  trialStarted: boolean;
  /** The end of its trial, while it runs. */
  trialEndsAt: number | null;
  periodStart: number | null;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** The account it was made for, as the subscription itself says. */
  userId: string | undefined;
}

/** A checkout that can still be paid. */
export interface ProviderCheckout {
  id: string;
  url: string | null;
  /** The plan and the account it was opened for. */
  tier: string | undefined;
  userId: string | null;
}

/** A webhook event, verified: what it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  subscriptionId: string | undefined;
  /** A completed checkout: its customer, and the account it names. */
  checkout?: { customerId: string | undefined; userId: string | null };
}

/** Keeps its plan: a failed payment is retried before the subscription ends. */
export const isLive = (subscription: Pick<ProviderSubscription, 'status'>): boolean =>
  subscription.status === 'trialing' ||
  subscription.status === 'active' ||
  subscription.status === 'past_due';

export interface PaymentProvider {
  readonly mode: BillingMode;
  /** false: no payment is taken (local billing), so the plan rules give every plan at once. */
  readonly collectsPayment: boolean;
  /** The free trial a first subscription starts with. */
  readonly trialDays: number;
  /** Makes the account's customer at the provider; answers its id. */
  createCustomer(user: UserRow): Promise<string>;
  /** undefined: the provider holds no such subscription. */
  subscription(id: string): Promise<ProviderSubscription | undefined>;
  /** The customer's subscriptions that have not ended, oldest first. */
  subscriptionsOf(customerId: string): Promise<ProviderSubscription[]>;
  /** The customer's checkouts that can still be paid, newest first. */
  openCheckoutsOf(customerId: string): Promise<ProviderCheckout[]>;
  /** Makes a checkout unpayable; one paid or expired a moment before is left as it is. */
  expireCheckout(checkout: ProviderCheckout): Promise<void>;
  /** A new checkout for `tier`; answers the address where it is paid. */
  createCheckout(order: {
    user: UserRow;
    customerId: string;
    tier: PaidTierId;
    trialDays: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  /**
   * Moves the subscription to `tier`'s price. prorate: the rest of this period is charged at the new price
   * now (an upgrade, which also takes back an end with the period); otherwise the next invoice is.
   */
  changePlan(
    subscriptionId: string,
    tier: PaidTierId,
    options: { prorate: boolean },
  ): Promise<ProviderSubscription>;
  /** Whether the subscription ends with its period. */
  endWithPeriod(subscriptionId: string, end: boolean): Promise<ProviderSubscription>;
  /** Ends the subscription now, with no further charge. */
  cancel(subscriptionId: string): Promise<ProviderSubscription>;
  /** Ends a subscription that should not exist: what it took refunded in full; answers the refunds. */
  endWithRefund(subscriptionId: string): Promise<string[]>;
  /**
   * The provider's page where the customer manages card, invoices and cancellation; refused (409) to an
   * account with no customer, and by a provider with no such page.
   */
  portal(customerId: string | undefined, returnUrl: string): Promise<string>;
  /** A webhook event, checked against its body exactly as it arrived and its signature. */
  readEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
