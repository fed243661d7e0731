// Subscriptions that should not exist, ended when their webhook arrives: a second live one of an account
// (two tabs that both paid, an older release, an operator), or one whose account was deleted. Each is an
// error: what it took is refunded in full, it is cancelled, and the log says so.
import {
  isLive,
  type BillingLog,
  type PaymentProvider,
  type ProviderSubscription,
} from '../../adapters/billing/payments.js';
import type { BillingAccountRow } from './billing.repository.js';

interface SubscriptionRepairsDeps {
  payments: Pick<PaymentProvider, 'subscriptionsOf' | 'endWithRefund'>;
  log: Pick<BillingLog, 'warn' | 'error'>;
}

export class SubscriptionRepairs {
  constructor(private readonly deps: SubscriptionRepairsDeps) {}

  /**
   * The account's one live subscription. Two can only come of a race the checkout claim closes (two tabs paying,
   * an older release, an operator); it is an error: the oldest is kept, or the one the account already
   * had, and every other is refunded in full and cancelled, and logged.
   */
  async onlyLive(account: BillingAccountRow, read: ProviderSubscription): Promise<ProviderSubscription> {
    const live = (await this.deps.payments.subscriptionsOf(account.customer_id)).filter(isLive);
    if (live.length <= 1) return live[0] ?? read;
    const kept = live.find((s) => s.id === account.subscription_id) ?? live[0]!;
    const extra = live.filter((s) => s !== kept);
    const refunds: string[] = [];
    for (const subscription of extra)
      refunds.push(...(await this.deps.payments.endWithRefund(subscription.id)));
    this.deps.log.error(
      {
        userId: account.user_id,
        customer: account.customer_id,
        kept: kept.id,
        cancelled: extra.map((s) => s.id),
        refunds,
      },
      'an account had more than one live Stripe subscription: the extra ones were refunded and cancelled',
    );
    return kept;
  }

  /**
   * A subscription of no account. One Waymarks made (it names the traveller) belongs to a deleted
   * account, which nobody can cancel from Waymarks any more: it is refunded and cancelled, and logged.
   * Any other is not ours, and left alone.
   */
  async endOrphan(subscription: ProviderSubscription): Promise<void> {
    const customer = subscription.customerId;
    const userId = subscription.userId;
    if (!userId) {
      this.deps.log.warn({ customer }, 'a Stripe subscription of no known account was ignored');
      return;
    }
    if (subscription.status === 'canceled') return;
    const refunds = await this.deps.payments.endWithRefund(subscription.id);
    this.deps.log.error(
      { userId, customer, cancelled: subscription.id, refunds },
      'a Stripe subscription of a deleted account was refunded and cancelled',
    );
  }
}
