// An account moved to its subscription as the payment provider holds it now: the plan in force is the live
// subscription's, or free; an account keeps one live subscription; an older subscription ending says
// nothing of the newer one; and a waiting change is applied once it is due (plan-rules.ts).
import { isLive, type PaymentProvider, type ProviderSubscription } from '../../adapters/billing/payments.js';
import type { TierId } from '@waymarks/shared';
import type { UserAccounts } from '../../common/users.js';
import type { BillingAccountRow, BillingAccounts } from './billing.repository.js';
import { pendingIsDue, pendingTierOf, planOf } from './plan-rules.js';
import type { SubscriptionRepairs } from './subscription-repairs.js';

interface SubscriptionSyncDeps {
  payments: Pick<PaymentProvider, 'collectsPayment' | 'subscription' | 'cancel' | 'changePlan'>;
  accounts: Pick<BillingAccounts, 'byCustomer' | 'update'>;
  users: Pick<UserAccounts, 'update'>;
  repairs: SubscriptionRepairs;
  now: () => number;
}

export interface Synced {
  tier: TierId;
  subscription: ProviderSubscription;
}

export class SubscriptionSync {
  constructor(private readonly deps: SubscriptionSyncDeps) {}

  /**
   * Moves the subscription's account to what `read` says (or to the account's one live subscription,
   * when there were two), and applies a change that is due. Answers the plan in force and the subscription
   * it comes from; nothing when the account is gone or the subscription is an older one.
   */
  async sync(read: ProviderSubscription): Promise<Synced | undefined> {
    const { accounts, users, repairs } = this.deps;
    const account = await accounts.byCustomer(read.customerId);
    if (!account) {
      await repairs.endOrphan(read);
      return undefined;
    }
    const subscription = isLive(read) ? await repairs.onlyLive(account, read) : read;
    const live = isLive(subscription);
    if (account.subscription_id && account.subscription_id !== subscription.id && !live) return undefined;
    const tier = planOf(subscription, live);
    const now = this.deps.now();
    await accounts.update(account.user_id, {
      subscription_id: subscription.id,
      subscription_status: subscription.status,
      trial_ends_at: subscription.trialEndsAt,
      current_period_end: subscription.periodEnd,
      cancel_at_period_end: subscription.cancelAtPeriodEnd ? 1 : 0,
      trial_used: account.trial_used || subscription.trialStarted ? 1 : 0,
      ...(live ? {} : { pending_tier: null, pending_at: null }),
      updated_at: now,
    });
    await users.update(account.user_id, { tier, updated_at: now });
    const due =
      account.pending_at !== null && pendingIsDue(account.pending_at, now, subscription.periodStart);
    if (live && pendingTierOf(account.pending_tier) && due) {
      return this.applyPending({ ...account, subscription_id: subscription.id });
    }
    return { tier, subscription };
  }

  /**
   * The waiting change, now: the next period at the cheaper price, or the end of the subscription. A
   * subscription that has ended meanwhile gives free, and the change goes with it. With no subscription (local
   * billing, or a plan an operator set) the plan itself changes, unless a paid plan would then go unpaid.
   */
  async applyPending(account: BillingAccountRow): Promise<Synced | undefined> {
    const { payments, accounts, users } = this.deps;
    const pending = pendingTierOf(account.pending_tier);
    if (!pending) return undefined;
    const now = this.deps.now();
    await accounts.update(account.user_id, { pending_tier: null, pending_at: null, updated_at: now });
    const subscription = account.subscription_id
      ? await payments.subscription(account.subscription_id)
      : undefined;
    if (subscription && isLive(subscription)) {
      const updated =
        pending === 'free'
          ? await payments.cancel(subscription.id)
          : await payments.changePlan(subscription.id, pending, { prorate: false });
      return this.sync(updated);
    }
    if (subscription) return this.sync(subscription);
    if (pending === 'free' || !payments.collectsPayment) {
      await users.update(account.user_id, { tier: pending, updated_at: now });
    }
    return undefined;
  }
}
