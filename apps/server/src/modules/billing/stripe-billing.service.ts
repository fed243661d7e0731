// Plans paid through Stripe (SPEC.md §4 Plan change and Payment return; DESIGN.md, payments), when
// STRIPE_SECRET_KEY is set. A free account subscribes through Stripe Checkout, with a free trial the first
// time; between paid plans an upgrade applies at once with proration and a downgrade waits for the end of
// the period; the customer portal manages the card, invoices and cancellation. Whatever happens at Stripe
// comes back as signed webhook events: each is handled once, and the account is moved to the state Stripe
// holds, read afresh, so the order events arrive in does not matter. users.tier stays the plan in force,
// which every limit reads. Prices come from configuration only.
//
// An account pays for one subscription at most. One request at a time opens its checkout (CheckoutClaims),
// which first expires the customer's other open checkouts and looks for a subscription paid in another
// tab; the account's deletion expires them all and cancels every subscription. Whatever still slips
// through is an error repaired when its webhook arrives: a second live subscription, or one whose account
// is gone, is refunded and cancelled, and logged.
import type Stripe from 'stripe';
import {
  ErrorCode,
  PAID_TIER_IDS,
  getTier,
  tierRank,
  type BillingState,
  type PaidTierId,
  type PendingTierChange,
  type ProcessPendingTierChangeResponse,
  type TierChangeResponse,
  type TierId,
} from '@waymarks/shared';
import type { StripeSettings } from '../../config.js';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { Billing } from './billing.js';
import { BILLING_MESSAGES } from './billing.service.js';
import type { BillingAccountRow, BillingRepository } from './billing.repository.js';
import { CheckoutClaims } from './checkout-claims.js';
import { LIVE, StripeCalls, idOf } from './stripe-calls.js';
import { SubscriptionRepairs } from './subscription-repairs.js';
import {
  LONG_DATE,
  answer,
  isoOrNull,
  pendingChange,
  pendingOf,
  statusOf,
  STRIPE_MESSAGES,
  toCheckout,
} from './stripe-billing.presenter.js';

interface StripeBillingDeps {
  stripe: Stripe;
  settings: StripeSettings;
  accounts: BillingRepository;
  users: Pick<UsersRepository, 'update'>;
  publicUrl: string;
  now: () => number;
  log: {
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

export class StripeBillingService implements Billing {
  private readonly tierOfPrice: Map<string, PaidTierId>;
  private readonly calls: StripeCalls;
  private readonly claims: CheckoutClaims;
  private readonly repairs: SubscriptionRepairs;

  constructor(private readonly deps: StripeBillingDeps) {
    this.tierOfPrice = new Map(PAID_TIER_IDS.map((tier) => [deps.settings.prices[tier], tier]));
    this.calls = new StripeCalls({ stripe: deps.stripe, log: deps.log });
    this.repairs = new SubscriptionRepairs({ calls: this.calls, log: deps.log });
    this.claims = new CheckoutClaims({
      accounts: deps.accounts,
      now: deps.now,
      busy: () => new AppError(503, ErrorCode.serviceBusy, STRIPE_MESSAGES.providerDown),
    });
  }

  async stateOf(
    user: UserRow,
  ): Promise<{ billing: BillingState; pendingTierChange: PendingTierChange | null }> {
    const account = await this.deps.accounts.byUser(user.id);
    return {
      billing: {
        mode: 'stripe',
        subscriptionStatus: statusOf(account?.subscription_status),
        trialEndsAt: isoOrNull(account?.trial_ends_at),
        currentPeriodEnd: isoOrNull(account?.current_period_end),
        cancelAtPeriodEnd: account?.cancel_at_period_end === 1,
        portalAvailable: account !== undefined,
        trialDays: account?.trial_used ? 0 : this.deps.settings.trialDays,
      },
      pendingTierChange: pendingOf(account),
    };
  }

  /** POST /api/tier-upgrade. */
  async changeTier(user: UserRow, newTierId: TierId): Promise<TierChangeResponse> {
    const current = tierOf(user);
    const account = await this.deps.accounts.byUser(user.id);
    const subscription = account?.subscription_id
      ? await this.subscription(account.subscription_id)
      : undefined;
    const live = subscription !== undefined && LIVE.has(subscription.status);

    if (newTierId === current) {
      // Choosing the plan in force again takes back a change that was waiting.
      if (account?.pending_tier && subscription && live) {
        await this.call(() =>
          this.deps.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }),
        );
        await this.deps.accounts.update(user.id, {
          pending_tier: null,
          pending_at: null,
          updated_at: this.deps.now(),
        });
        await this.sync(await this.subscription(subscription.id));
        return answer(
          current,
          `Your scheduled change was cancelled: you stay on the ${getTier(current).name} plan.`,
        );
      }
      throw new AppError(409, ErrorCode.planUnchanged, BILLING_MESSAGES.unchanged);
    }

    if (!subscription || !live) {
      if (newTierId === 'free') throw new AppError(409, ErrorCode.planUnchanged, BILLING_MESSAGES.unchanged);
      return this.checkout(user, newTierId);
    }
    return this.changeSubscription(user, current, newTierId, subscription);
  }

  /** A change from the paid plan `current`, whose subscription is `subscription`, to another plan. */
  private async changeSubscription(
    user: UserRow,
    current: TierId,
    newTierId: TierId,
    subscription: Stripe.Subscription,
  ): Promise<TierChangeResponse> {
    const item = subscription.items.data[0]!;
    const periodEnd = item.current_period_end * 1000;
    if (newTierId === 'free') {
      // Stripe ends the subscription at the end of the period; the plan stays until then.
      await this.call(() =>
        this.deps.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
      );
      return this.schedule(user, current, 'free', periodEnd);
    }
    if (tierRank(newTierId) > tierRank(current)) {
      const updated = await this.call(() =>
        this.deps.stripe.subscriptions.update(subscription.id, {
          items: [{ id: item.id, price: this.deps.settings.prices[newTierId] }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
        }),
      );
      await this.deps.accounts.update(user.id, {
        pending_tier: null,
        pending_at: null,
        updated_at: this.deps.now(),
      });
      await this.sync(updated);
      return answer(newTierId, `You have upgraded to the ${getTier(newTierId).name} plan. It applies now.`);
    }
    // A cheaper paid plan: this period is paid for; the new price starts with the next one.
    if (subscription.cancel_at_period_end) {
      await this.call(() =>
        this.deps.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }),
      );
    }
    return this.schedule(user, current, newTierId, periodEnd);
  }

  /** POST /api/process-pending-tier-change: applies a scheduled change whose date has come. */
  async processPendingTierChange(user: UserRow): Promise<ProcessPendingTierChangeResponse> {
    const account = await this.deps.accounts.byUser(user.id);
    if (!account?.pending_tier || account.pending_at === null || account.pending_at > this.deps.now()) {
      return { processed: false, tier: tierOf(user), pendingTierChange: pendingOf(account) };
    }
    await this.applyPending(account);
    return { processed: true, tier: account.pending_tier as TierId, pendingTierChange: null };
  }

  /** POST /api/billing/portal: a Customer Portal session that returns to /profile. */
  async portal(user: UserRow): Promise<{ url: string }> {
    const account = await this.deps.accounts.byUser(user.id);
    if (!account) throw new AppError(409, ErrorCode.billingNotConfigured, STRIPE_MESSAGES.noCustomer);
    const session = await this.call(() =>
      this.deps.stripe.billingPortal.sessions.create({
        customer: account.customer_id,
        return_url: `${this.deps.publicUrl}/profile`,
      }),
    );
    return { url: session.url };
  }

  /**
   * Before an account is deleted: every checkout of its customer is expired, so none can be paid later, and
   * every subscription ends now, with no further charge. The account's checkout claim is kept, so no other
   * tab opens a checkout while the account goes (its row goes with the account). Sessions are expired
   * before subscriptions are read, so one paid a moment before is among those cancelled.
   */
  async cancelForDeletion(user: UserRow): Promise<void> {
    await this.claims.hold(
      user.id,
      async () => {
        const account = await this.deps.accounts.byUser(user.id);
        if (!account) return;
        for (const session of await this.calls.openCheckoutsOf(account.customer_id)) {
          await this.calls.expire(session);
        }
        for (const subscription of await this.calls.subscriptionsOf(account.customer_id)) {
          await this.calls.cancel(subscription);
        }
      },
      { keep: true },
    );
  }

  /**
   * POST /api/billing/webhook: the event verified against the raw body, handled once per event id, and
   * the account moved to the subscription as Stripe holds it now.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    let event: Stripe.Event;
    try {
      event = this.deps.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.deps.settings.webhookSecret,
      );
    } catch {
      throw new AppError(400, ErrorCode.validation, STRIPE_MESSAGES.badSignature);
    }
    if (await this.deps.accounts.eventHandled(event.id)) return { received: true };
    const subscriptionId = await this.subscriptionOf(event);
    if (subscriptionId) await this.sync(await this.subscription(subscriptionId));
    await this.deps.accounts.markEventHandled(event.id, event.type, this.deps.now());
    return { received: true };
  }

  /** The subscription an event is about, once its checkout is known to be the account's own. */
  private async subscriptionOf(event: Stripe.Event): Promise<string | undefined> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const customer = idOf(session.customer);
        const account = customer ? await this.deps.accounts.byCustomer(customer) : undefined;
        // No account: it was deleted, and the subscription this paid for is ended when it is read.
        if (account && session.client_reference_id !== account.user_id) {
          throw new AppError(400, ErrorCode.validation, STRIPE_MESSAGES.checkoutForAnotherAccount);
        }
        return idOf(session.subscription);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.trial_will_end':
        return event.data.object.id;
      case 'invoice.payment_failed':
      case 'invoice.paid':
        return idOf(event.data.object.parent?.subscription_details?.subscription);
      default:
        return undefined;
    }
  }

  /**
   * Moves the subscription's account to what `subscription` says (or to the account's one live
   * subscription, when there were two), and applies a change that is due. Answers the plan in force and
   * the subscription it comes from; nothing when the account is gone or the subscription is an older one.
   */
  private async sync(
    read: Stripe.Subscription,
  ): Promise<{ tier: TierId; subscription: Stripe.Subscription } | undefined> {
    const customer = idOf(read.customer)!;
    const account = await this.deps.accounts.byCustomer(customer);
    if (!account) {
      await this.repairs.endOrphan(read);
      return undefined;
    }
    const subscription = LIVE.has(read.status) ? await this.repairs.onlyLive(account, read) : read;
    // An account has one subscription at a time: an older one ending says nothing of the newer one.
    if (
      account.subscription_id &&
      account.subscription_id !== subscription.id &&
      !LIVE.has(subscription.status)
    ) {
      return undefined;
    }
    const item = subscription.items.data[0];
    const live = LIVE.has(subscription.status);
    const tier: TierId = live && item ? (this.tierOfPrice.get(item.price.id) ?? 'free') : 'free';
    const now = this.deps.now();
    await this.deps.accounts.update(account.user_id, {
      subscription_id: subscription.id,
      subscription_status: subscription.status,
      trial_ends_at:
        subscription.status === 'trialing' && subscription.trial_end ? subscription.trial_end * 1000 : null,
      current_period_end: item ? item.current_period_end * 1000 : null,
      cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
      trial_used: account.trial_used || subscription.trial_start !== null ? 1 : 0,
      ...(live ? {} : { pending_tier: null, pending_at: null }),
      updated_at: now,
    });
    await this.deps.users.update(account.user_id, { tier, updated_at: now });
    // Due once the date has come here, or once Stripe has moved into the period the change waited for.
    const due =
      account.pending_at !== null &&
      (account.pending_at <= now ||
        (item !== undefined && item.current_period_start * 1000 >= account.pending_at));
    if (live && account.pending_tier && due) {
      return this.applyPending({ ...account, subscription_id: subscription.id });
    }
    return { tier, subscription };
  }

  /** The waiting change, now: the next period at the cheaper price, or the end of the subscription. */
  private async applyPending(
    account: BillingAccountRow,
  ): Promise<{ tier: TierId; subscription: Stripe.Subscription } | undefined> {
    const pending = account.pending_tier as TierId;
    await this.deps.accounts.update(account.user_id, {
      pending_tier: null,
      pending_at: null,
      updated_at: this.deps.now(),
    });
    const subscription = account.subscription_id
      ? await this.subscription(account.subscription_id)
      : undefined;
    if (subscription && LIVE.has(subscription.status)) {
      const updated =
        pending === 'free'
          ? await this.call(() => this.deps.stripe.subscriptions.cancel(subscription.id))
          : await this.call(() =>
              this.deps.stripe.subscriptions.update(subscription.id, {
                items: [
                  {
                    id: subscription.items.data[0]!.id,
                    price: this.deps.settings.prices[pending as PaidTierId],
                  },
                ],
                proration_behavior: 'none',
              }),
            );
      return this.sync(updated);
    }
    return undefined;
  }

  private async schedule(
    user: UserRow,
    current: TierId,
    tier: TierId,
    at: number,
  ): Promise<TierChangeResponse> {
    await this.deps.accounts.update(user.id, {
      pending_tier: tier,
      pending_at: at,
      updated_at: this.deps.now(),
    });
    const pending = pendingChange(tier, at);
    return {
      ...answer(
        current,
        `Your plan changes to ${pending.name} on ${LONG_DATE.format(at)}. Until then you keep ${getTier(current).name}.`,
      ),
      pendingTierChange: pending,
    };
  }

  /**
   * Stripe Checkout for a first paid plan (a trial the first time, the account's own customer), opened by
   * one request of the account at a time. The same plan chosen again while its checkout is open (a second
   * tab, a double click) goes to that same checkout; another plan expires it and opens a new one, whose
   * page is the only one left to pay. When another tab has just paid, no second checkout is opened: the
   * subscription it made is read now and the change applies to it.
   */
  private checkout(user: UserRow, tier: PaidTierId): Promise<TierChangeResponse> {
    return this.claims.hold(user.id, () => this.openCheckout(user, tier));
  }

  private async openCheckout(user: UserRow, tier: PaidTierId): Promise<TierChangeResponse> {
    const account = (await this.deps.accounts.byUser(user.id)) ?? (await this.newCustomer(user));
    const open = await this.calls.openCheckoutsOf(account.customer_id);
    const same = open.find(
      (session) => session.metadata?.tier === tier && session.client_reference_id === user.id && session.url,
    );
    for (const session of open) if (session !== same) await this.calls.expire(session);
    // Read after the expiries: a checkout paid just before its expiry is among these.
    const live = (await this.calls.subscriptionsOf(account.customer_id)).filter((s) => LIVE.has(s.status));
    if (live.length > 0) {
      if (same) await this.calls.expire(same);
      return this.afterPaidElsewhere(user, tier, live[0]!);
    }
    return toCheckout(user, same?.url ?? (await this.newSession(user, tier, account)));
  }

  /** Another tab paid a moment ago and its events have not arrived: the change applies to what it bought. */
  private async afterPaidElsewhere(
    user: UserRow,
    tier: PaidTierId,
    paid: Stripe.Subscription,
  ): Promise<TierChangeResponse> {
    const synced = await this.sync(paid);
    if (!synced) throw new AppError(503, ErrorCode.serviceBusy, STRIPE_MESSAGES.providerDown);
    if (synced.tier === tier) throw new AppError(409, ErrorCode.planUnchanged, BILLING_MESSAGES.unchanged);
    return this.changeSubscription({ ...user, tier: synced.tier }, synced.tier, tier, synced.subscription);
  }

  private async newCustomer(user: UserRow): Promise<BillingAccountRow> {
    const customer = await this.call(() =>
      this.deps.stripe.customers.create({
        email: user.email,
        name: user.name,
        metadata: { userId: user.id },
      }),
    );
    return this.deps.accounts.insertOrGet(user.id, customer.id, this.deps.now());
  }

  /** A new Checkout Session for `tier`; answers its address. */
  private async newSession(user: UserRow, tier: PaidTierId, account: BillingAccountRow): Promise<string> {
    const { stripe, settings, publicUrl } = this.deps;
    const trialDays = account.trial_used ? 0 : settings.trialDays;
    const session = await this.call(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: account.customer_id,
        client_reference_id: user.id,
        line_items: [{ price: settings.prices[tier], quantity: 1 }],
        subscription_data: {
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
          metadata: { userId: user.id, tier },
        },
        metadata: { userId: user.id, tier },
        success_url: `${publicUrl}/profile?payment=success`,
        cancel_url: `${publicUrl}/profile?payment=cancelled`,
      }),
    );
    if (!session.url) throw new AppError(503, ErrorCode.serviceBusy, STRIPE_MESSAGES.providerDown);
    return session.url;
  }

  private subscription(id: string): Promise<Stripe.Subscription> {
    return this.calls.subscription(id);
  }

  private call<T>(request: () => Promise<T>): Promise<T> {
    return this.calls.call(request);
  }
}
