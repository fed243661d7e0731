// One request at a time may open a checkout for an account, or end its billing before the account is
// deleted. The claim is the account's row in billing_checkout_claims, taken with one conditional UPDATE
// (BillingRepository.claimCheckout), so it holds across requests, tabs and server instances alike.
import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { BillingLog } from '../../adapters/billing/payments.js';
import type { BillingAccounts } from './billing.repository.js';

export const CHECKOUT_CLAIM = {
  /** How long a request waits for another one's checkout to be opened, then answers busy. */
  waitMs: 15_000,
  pollMs: 50,
  /** A claim this old was left by a request that died (Stripe's own calls time out well before). */
  staleMs: 2 * 60_000,
} as const;

interface CheckoutClaimsDeps {
  accounts: Pick<BillingAccounts, 'claimCheckout' | 'releaseCheckout'>;
  now: () => number;
  log: Pick<BillingLog, 'warn'>;
  /** The error a request answers when another one holds the claim for longer than it waits. */
  busy: () => Error;
}

export class CheckoutClaims {
  constructor(private readonly deps: CheckoutClaimsDeps) {}

  /**
   * Runs `work` holding the account's claim, once any other request has given it back. The claim is given
   * back after `work`, unless `keep` (an account being deleted keeps it: no checkout opens while it goes;
   * its row goes with the account) and `work` succeeded.
   */
  async hold<T>(userId: string, work: () => Promise<T>, { keep = false } = {}): Promise<T> {
    const { accounts, now } = this.deps;
    const claim = randomUUID();
    const giveUpAt = Date.now() + CHECKOUT_CLAIM.waitMs;
    while (!(await accounts.claimCheckout(userId, claim, now(), now() - CHECKOUT_CLAIM.staleMs))) {
      if (Date.now() >= giveUpAt) throw this.deps.busy();
      await wait(CHECKOUT_CLAIM.pollMs);
    }
    try {
      const result = await work();
      if (!keep) await accounts.releaseCheckout(userId, claim);
      return result;
    } catch (error) {
      // The work's failure is what the caller hears; one of giving the claim back (it goes stale) is logged.
      await accounts
        .releaseCheckout(userId, claim)
        .catch((releaseError: unknown) =>
          this.deps.log.warn({ err: releaseError, userId }, 'a checkout claim could not be given back'),
        );
      throw error;
    }
  }
}
