// The billing module as the app uses it: createBilling builds the one billing service over the payment
// provider the configuration names (Stripe when STRIPE_SECRET_KEY is set, otherwise local billing), and,
// with Stripe, the webhook route Stripe's events arrive at.
import type { FastifyInstance } from 'fastify';
import { LocalPayments } from '../../adapters/billing/local.js';
import type { BillingLog } from '../../adapters/billing/payments.js';
import { StripePayments } from '../../adapters/billing/stripe.js';
import { stripeClient } from '../../adapters/billing/stripe-client.js';
import { stripeWebhookRoutes } from '../../adapters/billing/stripe-webhook.routes.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { UserAccounts } from '../../common/users.js';
import { BillingRepository } from './billing.repository.js';
import { BillingService } from './billing.service.js';

export type { Billing } from './billing.js';
export { billingRoutes } from './billing.routes.js';
export { BillingService } from './billing.service.js';

interface BillingModuleDeps {
  config: Pick<Config, 'stripe' | 'publicUrl'>;
  db: Db;
  users: Pick<UserAccounts, 'update'>;
  now: () => number;
  log: BillingLog;
}

export interface BillingModule {
  /** The routes' billing (billingRoutes), the profile's and the account deletion's (common/billing.ts). */
  billing: BillingService;
  /** POST /billing/webhook, to register under /api; undefined when no provider sends events. */
  webhookRoutes: ((app: FastifyInstance) => Promise<void>) | undefined;
}

export function createBilling({ config, db, users, now, log }: BillingModuleDeps): BillingModule {
  const payments = config.stripe
    ? new StripePayments({ stripe: stripeClient(config.stripe), settings: config.stripe, log })
    : new LocalPayments();
  const billing = new BillingService({
    payments,
    accounts: new BillingRepository(db),
    users,
    publicUrl: config.publicUrl,
    now,
    log,
  });
  return {
    billing,
    webhookRoutes: config.stripe ? (app) => stripeWebhookRoutes(app, { billing }) : undefined,
  };
}
