// The plan button's and the chooser's labels (SPEC.md §4 Plan change), what a change of plan gives and
// takes away and when a downgrade applies, and when a scheduled change is due.
import { describe, expect, it } from 'vitest';
import { buildBillingState } from '@waymarks/shared/testing';
import {
  chooserButtonLabel,
  downgradeTiming,
  formatLongDate,
  isDue,
  planButtonLabel,
  planChangeSummary,
} from './plan-rules';

describe('planButtonLabel', () => {
  it("reads 'Upgrade Plan' on free and 'Change Plan' on a paid plan", () => {
    expect(planButtonLabel('free', false)).toBe('Upgrade Plan');
    expect(planButtonLabel('basic', false)).toBe('Change Plan');
    expect(planButtonLabel('pro', false)).toBe('Change Plan');
  });

  it("reads 'Modify Change' while a change is scheduled", () => {
    expect(planButtonLabel('standard', true)).toBe('Modify Change');
    expect(planButtonLabel('free', true)).toBe('Modify Change');
  });
});

describe('chooserButtonLabel', () => {
  it('labels the current plan, cheaper plans and dearer plans', () => {
    expect(chooserButtonLabel('standard', 'standard')).toBe('Current Plan');
    expect(chooserButtonLabel('free', 'standard')).toBe('Downgrade');
    expect(chooserButtonLabel('basic', 'standard')).toBe('Downgrade');
    expect(chooserButtonLabel('plus', 'standard')).toBe('Upgrade Now');
    expect(chooserButtonLabel('pro', 'free')).toBe('Upgrade Now');
  });
});

describe('planChangeSummary', () => {
  it('lists what an upgrade adds: larger allowances, then the features it unlocks', () => {
    expect(planChangeSummary('free', 'standard')).toEqual({
      direction: 'upgrade',
      gains: [
        'Storage: 100 GB instead of 1 GB',
        'Pins: up to 500 instead of up to 10',
        'Photos & videos per pin: up to 50 instead of up to 10',
        'Avatar customization: full instead of none',
        'Travel timeline view',
        'Download your photos & videos',
        'Global leaderboard',
        'Visited-country highlighting',
        'Email support',
      ],
      losses: [],
    });
  });

  it('lists what a downgrade takes away: smaller allowances, a lower avatar level, the features it locks', () => {
    expect(planChangeSummary('plus', 'basic')).toEqual({
      direction: 'downgrade',
      gains: [],
      losses: [
        'Storage: 25 GB instead of 500 GB',
        'Pins: up to 100 instead of unlimited',
        'Photos & videos per pin: up to 25 instead of up to 100',
        'Avatar customization: basic instead of premium',
        'Global leaderboard',
        'Visited-country highlighting',
        'Verification badges',
        'Priority support',
      ],
    });
  });

  it('names priority support in place of e-mail support, each on its side', () => {
    const summary = planChangeSummary('standard', 'plus');
    expect(summary.gains).toContain('Priority support');
    expect(summary.losses).toEqual(['Email support']);
  });

  it('between plans of equal features lists only the allowances and extras that differ', () => {
    expect(planChangeSummary('plus', 'pro')).toEqual({
      direction: 'upgrade',
      gains: [
        'Storage: 2 TB instead of 500 GB',
        'Photos & videos per pin: unlimited instead of up to 100',
        'Avatar customization: legendary instead of premium',
        'Advanced verification',
        'Usage analytics',
      ],
      losses: [],
    });
    expect(planChangeSummary('pro', 'plus')).toEqual({
      direction: 'downgrade',
      gains: [],
      losses: [
        'Storage: 500 GB instead of 2 TB',
        'Photos & videos per pin: up to 100 instead of unlimited',
        'Avatar customization: premium instead of legendary',
        'Advanced verification',
        'Usage analytics',
      ],
    });
  });
});

describe('downgradeTiming', () => {
  const stripe = buildBillingState;

  it('waits for the end of a running subscription, with its date when known', () => {
    expect(downgradeTiming(stripe({}), 'Explorer')).toBe(
      'The change applies on May 1, 2025, at the end of your billing period. Until then you keep Explorer.',
    );
    expect(downgradeTiming(stripe({ currentPeriodEnd: null }), 'Explorer')).toBe(
      'The change applies at the end of your billing period. Until then you keep Explorer.',
    );
  });

  it('says nothing where the change applies at once: no subscription, or local billing', () => {
    expect(downgradeTiming(stripe({ subscriptionStatus: 'none', currentPeriodEnd: null }), 'Explorer')).toBe(
      null,
    );
    expect(downgradeTiming(stripe({ mode: 'local', subscriptionStatus: 'none' }), 'Explorer')).toBe(null);
  });
});

describe('isDue', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  it('is due once the effective date has passed, and not before', () => {
    expect(isDue('2025-03-01T11:59:59Z', now)).toBe(true);
    expect(isDue('2025-03-01T12:00:00Z', now)).toBe(true);
    expect(isDue('2025-03-01T12:00:01Z', now)).toBe(false);
  });
});

describe('formatLongDate', () => {
  it('writes the month out', () => {
    expect(formatLongDate('2024-03-05T10:00:00.000Z')).toBe('March 5, 2024');
  });
});
