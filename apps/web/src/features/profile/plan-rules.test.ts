// The plan button's and the chooser's labels (SPEC.md §4 Plan change) and when a scheduled change is due.
import { describe, expect, it } from 'vitest';
import { chooserButtonLabel, formatLongDate, isDue, planButtonLabel } from './plan-rules';

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
