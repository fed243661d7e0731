// Local billing: no payment provider is configured, so no payment is taken, a plan change applies at once
// and there is no subscription, checkout or portal (SPEC.md §4 Plan change; DESIGN.md, payments). The plan
// rules never send an account here for a payment; asked for one anyway, it refuses as not configured.
import { ErrorCode } from '@waymarks/shared';
import { AppError } from '../../http/errors.js';
import type { PaymentProvider, ProviderCheckout, ProviderEvent, ProviderSubscription } from './payments.js';

export const LOCAL_BILLING_MESSAGE =
  'Billing is not configured on this server: plan changes apply at once, with no payment.';

const notConfigured = () => new AppError(409, ErrorCode.billingNotConfigured, LOCAL_BILLING_MESSAGE);

export class LocalPayments implements PaymentProvider {
  readonly mode = 'local' as const;
  readonly collectsPayment = false;
  readonly trialDays = 0;

  async subscription(_id: string): Promise<ProviderSubscription | undefined> {
    return undefined;
  }

  async subscriptionsOf(_customerId: string): Promise<ProviderSubscription[]> {
    return [];
  }

  async openCheckoutsOf(_customerId: string): Promise<ProviderCheckout[]> {
    return [];
  }

  async expireCheckout(_checkout: ProviderCheckout): Promise<void> {}

  createCustomer(): Promise<never> {
    throw notConfigured();
  }

  createCheckout(): Promise<never> {
    throw notConfigured();
  }

  changePlan(): Promise<never> {
    throw notConfigured();
  }

  endWithPeriod(): Promise<never> {
    throw notConfigured();
  }

  cancel(): Promise<never> {
    throw notConfigured();
  }

  endWithRefund(): Promise<never> {
    throw notConfigured();
  }

  /** There is no payment provider's portal to send anyone to. */
  portal(): Promise<never> {
    throw notConfigured();
  }

  readEvent(): ProviderEvent {
    throw notConfigured();
  }
}
