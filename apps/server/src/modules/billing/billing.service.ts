// Plans and payment (SPEC.md §4 Plan change and Payment return; DESIGN.md, payments): one service over a
// payment provider (adapters/billing): Stripe, or local billing, which takes no payment. The plan rules
// (plan-rules.ts) decide what a plan change means; the provider does what they decide. Whatever happens at
// the provider comes back as signed webhook events: each is handled once, and the account is moved to the
// state the provider holds, read afresh, so the order events arrive in does not matter. users.tier stays
// the plan in force, which every limit reads.
//
// An account pays for one subscription at most. One request at a time opens its checkout (CheckoutClaims),
// which first expires the customer's other open checkouts and looks for a subscription paid in another
// tab; the account's deletion expires them all and cancels every subscription. Whatever still slips
// through is an error repaired when its webhook arrives (subscription-repairs.ts).
import {
  ErrorCode,
  type BillingState,
  type PaidTierId,
  type PendingTierChange,
  type ProcessPendingTierChangeResponse,
  type TierChangeResponse,
  type TierId,
} from '@waymarks/shared';
import {
  isLive,
  PROVIDER_DOWN,
  type BillingLog,
  type PaymentProvider,
  type ProviderSubscription,
} from '../../adapters/billing/payments.js';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { UserAccounts } from '../../common/users.js';
import type { Billing } from './billing.js';
import {
  appliedNow,
  billingStateOf,
  BILLING_MESSAGES,
  pendingOf,
  scheduled,
  takenBack,
  toCheckout,
} from './billing.presenter.js';
import type { BillingAccounts } from './billing.repository.js';
import { CheckoutClaims } from './checkout-claims.js';
import { pendingIsDue, pendingTierOf, planChange, type PlanChange } from './plan-rules.js';
import { SubscriptionRepairs } from './subscription-repairs.js';
import { SubscriptionSync } from './subscription-sync.js';

export interface BillingServiceDeps {
  payments: PaymentProvider;
  accounts: BillingAccounts;
  users: Pick<UserAccounts, 'update'>;
  /** Where the provider's pages send the traveller back to. */
  publicUrl: string;
  now: () => number;
  log: BillingLog;
}

export class BillingService implements Billing {
  private readonly claims: CheckoutClaims;
  private readonly subscriptions: SubscriptionSync;

  constructor(private readonly deps: BillingServiceDeps) {
    const { payments, accounts, users, now, log } = this.deps;
    this.claims = new CheckoutClaims({
      accounts,
      now,
      log,
      busy: () => new AppError(503, ErrorCode.serviceBusy, PROVIDER_DOWN),
    });
    const repairs = new SubscriptionRepairs({ payments, log });
    this.subscriptions = new SubscriptionSync({ payments, accounts, users, repairs, now });
  }

  async stateOf(
    user: UserRow,
  ): Promise<{ billing: BillingState; pendingTierChange: PendingTierChange | null }> {
    const account = await this.deps.accounts.byUser(user.id);
    return { billing: billingStateOf(this.deps.payments, account), pendingTierChange: pendingOf(account) };
  }

  /** POST /api/tier-upgrade: the change the plan rules make of it. */
  async changeTier(user: UserRow, newTierId: TierId): Promise<TierChangeResponse> {
    const { payments, accounts } = this.deps;
    const account = await accounts.byUser(user.id);
    const read = account?.subscription_id ? await payments.subscription(account.subscription_id) : undefined;
    const live = read && isLive(read) ? read : undefined;
    return this.apply(user, tierOf(user), live, pendingTierOf(account?.pending_tier), newTierId);
  }

  private async apply(
    user: UserRow,
    current: TierId,
    subscription: ProviderSubscription | undefined,
    pending: TierId | null,
    target: TierId,
  ): Promise<TierChangeResponse> {
    const { payments, accounts, users, now } = this.deps;
    const change: PlanChange = planChange(
      {
        current,
        subscription: subscription && { periodEnd: subscription.periodEnd ?? now() },
        pending,
        collectsPayment: payments.collectsPayment,
      },
      target,
    );
    // The rules choose takeBack, upgrade and atPeriodEnd only for an account with a live subscription.
    const paying = subscription!;
    switch (change.kind) {
      case 'unchanged':
        throw new AppError(409, ErrorCode.planUnchanged, BILLING_MESSAGES.unchanged);
      case 'now':
        await users.update(user.id, { tier: change.tier, updated_at: now() });
        await this.clearPending(user.id);
        return appliedNow(current, change.tier);
      case 'checkout':
        return this.claims.hold(user.id, () => this.openCheckout(user, change.tier));
      case 'takeBack':
        await this.clearPending(user.id);
        await this.subscriptions.sync(await payments.endWithPeriod(paying.id, false));
        return takenBack(current);
      case 'upgrade': {
        const updated = await payments.changePlan(paying.id, change.tier, { prorate: true });
        await this.clearPending(user.id);
        await this.subscriptions.sync(updated);
        return appliedNow(current, change.tier);
      }
      case 'atPeriodEnd':
        // Free: the provider ends the subscription with the period. A cheaper plan keeps it going.
        if (change.tier === 'free') await payments.endWithPeriod(paying.id, true);
        else if (paying.cancelAtPeriodEnd) await payments.endWithPeriod(paying.id, false);
        await accounts.update(user.id, {
          pending_tier: change.tier,
          pending_at: change.at,
          updated_at: now(),
        });
        return scheduled(current, change.tier, change.at);
    }
  }

  /** POST /api/process-pending-tier-change: applies a scheduled change whose date has come. */
  async processPendingTierChange(user: UserRow): Promise<ProcessPendingTierChangeResponse> {
    const account = await this.deps.accounts.byUser(user.id);
    const pending = pendingTierOf(account?.pending_tier);
    if (
      !account ||
      !pending ||
      account.pending_at === null ||
      !pendingIsDue(account.pending_at, this.deps.now(), null)
    ) {
      return { processed: false, tier: tierOf(user), pendingTierChange: pendingOf(account) };
    }
    await this.subscriptions.applyPending(account);
    return { processed: true, tier: pending, pendingTierChange: null };
  }

  /** POST /api/billing/portal: the provider's portal, which returns to /profile. */
  async portal(user: UserRow): Promise<{ url: string }> {
    const account = await this.deps.accounts.byUser(user.id);
    return { url: await this.deps.payments.portal(account?.customer_id, `${this.deps.publicUrl}/profile`) };
  }

  /**
   * Before an account is deleted: every checkout of its customer is expired, so none can be paid later, and
   * every subscription ends now, with no further charge. The account's checkout claim is kept, so no other
   * tab opens a checkout while the account goes (its row goes with the account). Checkouts are expired
   * before subscriptions are read, so one paid a moment before is among those cancelled. A failure is
   * logged here and thrown, so that the account is kept.
   */
  async cancelForDeletion(user: UserRow): Promise<void> {
    const { payments, accounts, log } = this.deps;
    const endAll = async () => {
      const account = await accounts.byUser(user.id);
      if (!account) return;
      for (const checkout of await payments.openCheckoutsOf(account.customer_id)) {
        await payments.expireCheckout(checkout);
      }
      for (const subscription of await payments.subscriptionsOf(account.customer_id)) {
        await payments.cancel(subscription.id);
      }
    };
    try {
      await this.claims.hold(user.id, endAll, { keep: true });
    } catch (error) {
      log.error(
        { err: error, userId: user.id },
        "an account's billing could not be ended before its deletion, so the account is kept",
      );
      throw error;
    }
  }

  /**
   * A plan an operator sets (npm run admin set-tier): it applies at once, with no payment, and replaces a
   * change that was waiting. A live subscription stays as it is, and its next change at the provider sets
   * the plan again: `subscribed` says there is one.
   */
  async setTierByOperator(user: UserRow, tier: TierId): Promise<{ tier: TierId; subscribed: boolean }> {
    const { accounts, users, now } = this.deps;
    await users.update(user.id, { tier, updated_at: now() });
    await this.clearPending(user.id);
    return { tier, subscribed: Boolean((await accounts.byUser(user.id))?.subscription_id) };
  }

  /**
   * POST /api/billing/webhook: the event verified against the raw body, handled once per event id, and
   * the account moved to the subscription as the provider holds it now.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    const { payments, accounts, log, now } = this.deps;
    const event = payments.readEvent(rawBody, signature);
    if (await accounts.eventHandled(event.id)) return { received: true };
    if (event.checkout?.customerId) {
      const account = await accounts.byCustomer(event.checkout.customerId);
      // No account: it was deleted, and the subscription this paid for is ended when it is read.
      if (account && event.checkout.userId !== account.user_id) {
        log.warn(
          { event: event.id, userId: account.user_id, named: event.checkout.userId },
          'a completed checkout named another account than its customer’s, and was refused',
        );
        throw new AppError(400, ErrorCode.validation, BILLING_MESSAGES.checkoutForAnotherAccount);
      }
    }
    const subscription = event.subscriptionId ? await payments.subscription(event.subscriptionId) : undefined;
    if (subscription) await this.subscriptions.sync(subscription);
    await accounts.markEventHandled(event.id, event.type, now());
    return { received: true };
  }

  /**
   * Checkout for a first paid plan (a trial the first time, the account's own customer), opened by one
   * request of the account at a time. The same plan chosen again while its checkout is open (a second
   * tab, a double click) goes to that same checkout; another plan expires it and opens a new one, whose
   * page is the only one left to pay. When another tab has just paid, no second checkout is opened: the
   * subscription it made is read now and the change applies to it.
   */
  private async openCheckout(user: UserRow, tier: PaidTierId): Promise<TierChangeResponse> {
    const { payments, accounts, publicUrl, now } = this.deps;
    const account =
      (await accounts.byUser(user.id)) ??
      (await accounts.insertOrGet(user.id, await payments.createCustomer(user), now()));
    const open = await payments.openCheckoutsOf(account.customer_id);
    const same = open.find((c) => c.tier === tier && c.userId === user.id && c.url);
    for (const checkout of open) if (checkout !== same) await payments.expireCheckout(checkout);
    // Read after the expiries: a checkout paid just before its expiry is among these.
    const live = (await payments.subscriptionsOf(account.customer_id)).filter(isLive);
    if (live.length > 0) {
      if (same) await payments.expireCheckout(same);
      return this.afterPaidElsewhere(user, tier, live[0]!);
    }
    const url =
      same?.url ??
      (await payments.createCheckout({
        user,
        customerId: account.customer_id,
        tier,
        trialDays: account.trial_used ? 0 : payments.trialDays,
        successUrl: `${publicUrl}/profile?payment=success`,
        cancelUrl: `${publicUrl}/profile?payment=cancelled`,
      }));
    return toCheckout(user, url);
  }

  /** Another tab paid a moment ago and its events have not arrived: the change applies to what it bought. */
  private async afterPaidElsewhere(
    user: UserRow,
    tier: PaidTierId,
    paid: ProviderSubscription,
  ): Promise<TierChangeResponse> {
    const synced = await this.subscriptions.sync(paid);
    if (!synced || !isLive(synced.subscription)) {
      this.deps.log.warn(
        { userId: user.id, subscription: paid.id },
        'a subscription paid in another tab could not be read back',
      );
      throw new AppError(503, ErrorCode.serviceBusy, PROVIDER_DOWN);
    }
    return this.apply({ ...user, tier: synced.tier }, synced.tier, synced.subscription, null, tier);
  }

  private clearPending(userId: string): Promise<void> {
    return this.deps.accounts.update(userId, {
      pending_tier: null,
      pending_at: null,
      updated_at: this.deps.now(),
    });
  }
}
