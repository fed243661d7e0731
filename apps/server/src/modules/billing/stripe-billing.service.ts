// Stripe billing as app.ts builds it before it uses createBilling (index.ts): the one billing service over
// the Stripe adapter. Goes once app.ts uses createBilling.
import type Stripe from 'stripe';
import type { BillingLog } from '../../adapters/billing/payments.js';
import { StripePayments } from '../../adapters/billing/stripe.js';
import type { StripeSettings } from '../../config.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { BillingAccounts } from './billing.repository.js';
import { BillingService } from './billing.service.js';

interface StripeBillingDeps {
  stripe: Stripe;
  settings: StripeSettings;
  accounts: BillingAccounts;
  users: Pick<UsersRepository, 'update'>;
  publicUrl: string;
  now: () => number;
  log: BillingLog;
}

export class StripeBillingService extends BillingService {
  constructor({ stripe, settings, log, ...rest }: StripeBillingDeps) {
    super({ ...rest, log, payments: new StripePayments({ stripe, settings, log }) });
  }
}
