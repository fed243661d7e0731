import { describe, expect, it } from 'vitest';
import { pendingIsDue, planChange, planOf, type PlanSituation } from './plan-rules.js';

const PERIOD_END = Date.UTC(2027, 0, 2);
const paying = (
  current: PlanSituation['current'],
  pending: PlanSituation['pending'] = null,
): PlanSituation => ({
  current,
  subscription: { periodEnd: PERIOD_END },
  pending,
  collectsPayment: true,
});
const unsubscribed = (current: PlanSituation['current'], collectsPayment: boolean): PlanSituation => ({
  current,
  subscription: undefined,
  pending: null,
  collectsPayment,
});

describe('plan changes', () => {
  it('refuses the plan in force when nothing waits, and takes back a waiting change when it is chosen again', () => {
    expect(planChange(paying('plus'), 'plus')).toEqual({ kind: 'unchanged' });
    expect(planChange(unsubscribed('free', true), 'free')).toEqual({ kind: 'unchanged' });
    expect(planChange(unsubscribed('basic', false), 'basic')).toEqual({ kind: 'unchanged' });
    expect(planChange(paying('plus', 'basic'), 'plus')).toEqual({ kind: 'takeBack' });
  });

  it('sends a paid plan without a subscription to checkout when payment is taken, and gives it at once when not', () => {
    expect(planChange(unsubscribed('free', true), 'standard')).toEqual({
      kind: 'checkout',
      tier: 'standard',
    });
    expect(planChange(unsubscribed('free', false), 'standard')).toEqual({ kind: 'now', tier: 'standard' });
  });

  it('applies any change at once when there is no paid period to finish (local billing, or a plan an operator set)', () => {
    expect(planChange(unsubscribed('pro', false), 'basic')).toEqual({ kind: 'now', tier: 'basic' });
    expect(planChange(unsubscribed('plus', false), 'free')).toEqual({ kind: 'now', tier: 'free' });
    expect(planChange(unsubscribed('plus', true), 'free')).toEqual({ kind: 'now', tier: 'free' });
  });

  it('upgrades a subscription at once, and leaves a cheaper plan or free for the end of the paid period', () => {
    expect(planChange(paying('basic'), 'pro')).toEqual({ kind: 'upgrade', tier: 'pro' });
    expect(planChange(paying('plus', 'basic'), 'pro')).toEqual({ kind: 'upgrade', tier: 'pro' });
    expect(planChange(paying('plus'), 'standard')).toEqual({
      kind: 'atPeriodEnd',
      tier: 'standard',
      at: PERIOD_END,
    });
    expect(planChange(paying('basic'), 'free')).toEqual({
      kind: 'atPeriodEnd',
      tier: 'free',
      at: PERIOD_END,
    });
  });
});

describe('a waiting change', () => {
  it('is due once its date has come here, or once the provider has moved into the period it waited for', () => {
    expect(pendingIsDue(1_000, 999, null)).toBe(false);
    expect(pendingIsDue(1_000, 1_000, null)).toBe(true);
    expect(pendingIsDue(1_000, 500, 1_000)).toBe(true);
    expect(pendingIsDue(1_000, 500, 900)).toBe(false);
  });
});

describe('the plan a subscription gives', () => {
  it('is its own plan while it is live, and free once it is not or its price is no plan', () => {
    expect(planOf({ tier: 'plus' }, true)).toBe('plus');
    expect(planOf({ tier: 'plus' }, false)).toBe('free');
    expect(planOf({ tier: undefined }, true)).toBe('free');
  });
});
