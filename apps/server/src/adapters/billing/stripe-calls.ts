// The Stripe requests billing makes, each failure a clear 503 with the details in the log, and the steps
// that take more than one request: a customer's open checkouts and subscriptions as Stripe holds them,
// expiring a checkout that may have been paid a moment before, and ending a subscription that should not
// exist with its payment refunded.
import Stripe from 'stripe';
import { ErrorCode } from '@waymarks/shared';
import { AppError } from '../../http/errors.js';
import { PROVIDER_DOWN, type BillingLog } from './payments.js';

/** A subscription in these states has ended, and charges nobody again. */
export const ENDED = new Set(['canceled', 'incomplete_expired']);

/** More than any one customer has; the lists below are read whole. */
const LIST_LIMIT = 1000;

interface StripeCallsDeps {
  stripe: Stripe;
  log: Pick<BillingLog, 'info' | 'warn'>;
}

export class StripeCalls {
  constructor(private readonly deps: StripeCallsDeps) {}

  get stripe(): Stripe {
    return this.deps.stripe;
  }

  /** A call to Stripe; its failure is a clear 503, the details in the log. */
  async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      return this.failed(error);
    }
  }

  private failed(error: unknown): never {
    this.deps.log.warn({ err: error }, 'a Stripe request failed');
    throw new AppError(503, ErrorCode.serviceBusy, PROVIDER_DOWN);
  }

  subscription(id: string): Promise<Stripe.Subscription> {
    return this.call(() => this.stripe.subscriptions.retrieve(id));
  }

  /** The customer's subscriptions that have not ended, oldest first. */
  async subscriptionsOf(customer: string): Promise<Stripe.Subscription[]> {
    const all = await this.call(() =>
      this.stripe.subscriptions.list({ customer, limit: 100 }).autoPagingToArray({ limit: LIST_LIMIT }),
    );
    // Stripe lists newest first; reversed, a stable sort keeps that order within one second.
    return all
      .filter((s) => !ENDED.has(s.status))
      .reverse()
      .sort((a, b) => a.created - b.created);
  }

  /** The customer's Checkout Sessions that can still be paid, newest first. */
  openCheckoutsOf(customer: string): Promise<Stripe.Checkout.Session[]> {
    return this.call(() =>
      this.stripe.checkout.sessions
        .list({ customer, status: 'open', limit: 100 })
        .autoPagingToArray({ limit: LIST_LIMIT }),
    );
  }

  /**
   * Expires `session` so that it can no longer be paid. One paid (or expired) a moment before is left as
   * it is: Stripe refuses to expire it, and its subscription is then among the customer's.
   */
  async expire(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) this.failed(error);
      const now = await this.call(() => this.stripe.checkout.sessions.retrieve(sessionId));
      if (now.status === 'open') this.failed(error);
      this.deps.log.info(
        { err: error, session: sessionId, status: now.status },
        'a Stripe checkout was not expired: it had been paid or had expired a moment before',
      );
    }
  }

  /** Ends the subscription now, with no further charge. */
  cancel(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.call(() => this.stripe.subscriptions.cancel(subscriptionId));
  }

  /**
   * Ends a subscription that should not exist (a second one, or one whose account is gone): what its
   * latest invoice took is refunded in full, then it is cancelled. Refunds carry an idempotency key and
   * come first, so a webhook retried after a failure half-way through refunds nothing twice. Answers the
   * refunds' ids.
   */
  async endWithRefund(subscription: Stripe.Subscription): Promise<string[]> {
    const refunds: string[] = [];
    const invoice = idOf(subscription.latest_invoice);
    if (invoice) {
      const payments = await this.call(() =>
        this.stripe.invoicePayments
          .list({ invoice, status: 'paid', limit: 100 })
          .autoPagingToArray({ limit: LIST_LIMIT }),
      );
      for (const { payment } of payments) {
        const intent = idOf(payment.payment_intent);
        const charge = idOf(payment.charge);
        if (!intent && !charge) continue;
        try {
          const refund = await this.stripe.refunds.create(
            {
              ...(intent ? { payment_intent: intent } : { charge }),
              reason: 'duplicate',
              metadata: { subscription: subscription.id },
            },
            { idempotencyKey: `waymarks-refund-${subscription.id}-${intent ?? charge}` },
          );
          refunds.push(refund.id);
        } catch (error) {
          // Refunded by an earlier attempt whose idempotency key Stripe no longer keeps (24 hours).
          const done =
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'charge_already_refunded';
          if (!done) this.failed(error);
        }
      }
    }
    if (!ENDED.has(subscription.status)) await this.cancel(subscription.id);
    return refunds;
  }
}

export function idOf(value: string | { id?: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}
