import { describe, expect, it } from 'vitest';
import { buildBillingState } from '@waymarks/shared/testing';
import { billingLines } from './PlanCard';

const billing = buildBillingState;

describe('the subscription lines of the plan card', () => {
  it('says when a paid period renews', () => {
    expect(billingLines(billing({}))).toEqual(['Renews on May 1, 2025.']);
  });

  it('says when a trial ends, and nothing of a renewal on that same day', () => {
    const trial = billing({ subscriptionStatus: 'trialing', trialEndsAt: '2025-05-01T00:00:00Z' });
    expect(billingLines(trial)).toEqual(['Free trial ends on May 1, 2025. The first payment is taken then.']);
  });

  it('says when a cancelled subscription ends, trial or not', () => {
    expect(billingLines(billing({ cancelAtPeriodEnd: true }))).toEqual([
      'Your subscription is cancelled and ends on May 1, 2025.',
    ]);
    expect(
      billingLines(
        billing({
          subscriptionStatus: 'trialing',
          trialEndsAt: '2025-05-01T00:00:00Z',
          cancelAtPeriodEnd: true,
        }),
      ),
    ).toEqual(['Your subscription is cancelled and ends on May 1, 2025.']);
  });

  it('asks for a new card after a failed payment', () => {
    expect(billingLines(billing({ subscriptionStatus: 'past_due' }))).toEqual([
      'Renews on May 1, 2025.',
      'The last payment did not go through: please update your card.',
    ]);
  });

  it('says nothing of a subscription that has ended, or of local billing', () => {
    expect(billingLines(billing({ subscriptionStatus: 'canceled' }))).toEqual([]);
    expect(
      billingLines(billing({ mode: 'local', subscriptionStatus: 'none', currentPeriodEnd: null })),
    ).toEqual([]);
  });
});
