// Stripe as the payment provider (DESIGN.md, payments), when STRIPE_SECRET_KEY is set: customers, Checkout
// Sessions for subscriptions with a trial, subscription changes, refunds, the Customer Portal and signed
// webhook events, each put in the payment port's terms. Prices come from configuration only.
import type Stripe from 'stripe';
import {
  ErrorCode,
  PAID_TIER_IDS,
  SUBSCRIPTION_STATUSES,
  type PaidTierId,
  type SubscriptionStatus,
} from '@waymarks/shared';
import type { StripeSettings } from '../../config.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type {
  BillingLog,
  PaymentProvider,
  ProviderCheckout,
  ProviderEvent,
  ProviderSubscription,
} from './payments.js';
import { PROVIDER_DOWN } from './payments.js';
import { StripeCalls, idOf } from './stripe-calls.js';

export const STRIPE_MESSAGES = {
  badSignature: 'Webhook signature verification failed.',
  noCustomer: 'There is no subscription to manage yet: choose a paid plan first.',
} as const;

interface StripePaymentsDeps {
  stripe: Stripe;
  settings: StripeSettings;
  log: BillingLog;
}

export class StripePayments implements PaymentProvider {
  readonly mode = 'stripe' as const;
  readonly collectsPayment = true;
  private readonly tierOfPrice: Map<string, PaidTierId>;
  private readonly calls: StripeCalls;

  constructor(private readonly deps: StripePaymentsDeps) {
    this.tierOfPrice = new Map(PAID_TIER_IDS.map((tier) => [deps.settings.prices[tier], tier]));
    this.calls = new StripeCalls({ stripe: deps.stripe, log: deps.log });
  }

  get trialDays(): number {
    return this.deps.settings.trialDays;
  }

  async createCustomer(user: UserRow): Promise<string> {
    const customer = await this.calls.call(() =>
      this.deps.stripe.customers.create({
        email: user.email,
        name: user.name,
        metadata: { userId: user.id },
      }),
    );
    return customer.id;
  }

  async subscription(id: string): Promise<ProviderSubscription> {
    return this.toSubscription(await this.calls.subscription(id));
  }

  async subscriptionsOf(customerId: string): Promise<ProviderSubscription[]> {
    return (await this.calls.subscriptionsOf(customerId)).map((s) => this.toSubscription(s));
  }

  async openCheckoutsOf(customerId: string): Promise<ProviderCheckout[]> {
    return (await this.calls.openCheckoutsOf(customerId)).map((session) => ({
      id: session.id,
      url: session.url,
      tier: session.metadata?.tier,
      userId: session.client_reference_id,
    }));
  }

  expireCheckout(checkout: ProviderCheckout): Promise<void> {
    return this.calls.expire(checkout.id);
  }

  async createCheckout(order: Parameters<PaymentProvider['createCheckout']>[0]): Promise<string> {
    const { user, customerId, tier, trialDays } = order;
    const session = await this.calls.call(() =>
      this.deps.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        line_items: [{ price: this.deps.settings.prices[tier], quantity: 1 }],
        subscription_data: {
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
          metadata: { userId: user.id, tier },
        },
        metadata: { userId: user.id, tier },
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
      }),
    );
    if (!session.url) {
      this.deps.log.warn({ session: session.id }, 'Stripe made a checkout with no address to pay it at');
      throw new AppError(503, ErrorCode.serviceBusy, PROVIDER_DOWN);
    }
    return session.url;
  }

  async changePlan(
    subscriptionId: string,
    tier: PaidTierId,
    { prorate }: { prorate: boolean },
  ): Promise<ProviderSubscription> {
    const current = await this.calls.subscription(subscriptionId);
    const updated = await this.calls.call(() =>
      this.deps.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: current.items.data[0]!.id, price: this.deps.settings.prices[tier] }],
        proration_behavior: prorate ? 'create_prorations' : 'none',
        ...(prorate ? { cancel_at_period_end: false } : {}),
      }),
    );
    return this.toSubscription(updated);
  }

  async endWithPeriod(subscriptionId: string, end: boolean): Promise<ProviderSubscription> {
    const updated = await this.calls.call(() =>
      this.deps.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: end }),
    );
    return this.toSubscription(updated);
  }

  async cancel(subscriptionId: string): Promise<ProviderSubscription> {
    return this.toSubscription(await this.calls.cancel(subscriptionId));
  }

  async endWithRefund(subscriptionId: string): Promise<string[]> {
    return this.calls.endWithRefund(await this.calls.subscription(subscriptionId));
  }

  async portal(customerId: string | undefined, returnUrl: string): Promise<string> {
    if (!customerId) throw new AppError(409, ErrorCode.billingNotConfigured, STRIPE_MESSAGES.noCustomer);
    const session = await this.calls.call(() =>
      this.deps.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  readEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.deps.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.deps.settings.webhookSecret,
      );
    } catch (error) {
      this.deps.log.warn({ err: error }, 'a Stripe webhook event was refused: its signature did not verify');
      throw new AppError(400, ErrorCode.validation, STRIPE_MESSAGES.badSignature);
    }
    return { id: event.id, type: event.type, ...aboutOf(event) };
  }

  private toSubscription(s: Stripe.Subscription): ProviderSubscription {
    const item = s.items.data[0];
    return {
      id: s.id,
      customerId: idOf(s.customer)!,
      status: statusOf(s.status),
      tier: item ? this.tierOfPrice.get(item.price.id) : undefined,
      trialStarted: s.trial_start !== null,
      trialEndsAt: s.status === 'trialing' && s.trial_end ? s.trial_end * 1000 : null,
      periodStart: item ? item.current_period_start * 1000 : null,
      periodEnd: item ? item.current_period_end * 1000 : null,
      cancelAtPeriodEnd: s.cancel_at_period_end,
      userId: s.metadata?.userId || undefined,
    };
  }
}

/** Stripe's words for a subscription's state, in the contract's. */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === 'incomplete_expired') return 'canceled';
  if (status === 'paused') return 'unpaid';
  return SUBSCRIPTION_STATUSES.find((known) => known === status) ?? 'none';
}

/** The subscription an event is about, and for a completed checkout whose it is. */
function aboutOf(event: Stripe.Event): Omit<ProviderEvent, 'id' | 'type'> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        subscriptionId: idOf(session.subscription),
        checkout: { customerId: idOf(session.customer), userId: session.client_reference_id },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return { subscriptionId: event.data.object.id };
    case 'invoice.payment_failed':
    case 'invoice.paid':
      return { subscriptionId: idOf(event.data.object.parent?.subscription_details?.subscription) };
    default:
      return { subscriptionId: undefined };
  }
}
