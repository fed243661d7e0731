import { describe, expect, it } from 'vitest';
import {
  PIN_MESSAGES,
  formatVisitDate,
  pinLimitMessage,
  pinTitleError,
  visitDateError,
} from './pin-rules.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('visitDateError', () => {
  it('accepts a real date between 1900 and today', () => {
    expect(visitDateError('1900-01-01', NOW)).toBeNull();
    expect(visitDateError('2024-02-29', NOW)).toBeNull();
    expect(visitDateError('2026-11-22', NOW)).toBeNull();
  });

  it('refuses dates that do not exist or are not written YYYY-MM-DD', () => {
    expect(visitDateError('2023-02-29', NOW)).toBe(PIN_MESSAGES.visitDateInvalid);
    expect(visitDateError('22/11/2026', NOW)).toBe(PIN_MESSAGES.visitDateInvalid);
    expect(visitDateError('', NOW)).toBe(PIN_MESSAGES.visitDateInvalid);
  });

  it('refuses dates before 1900 and after today anywhere on Earth', () => {
    expect(visitDateError('1899-12-31', NOW)).toBe(PIN_MESSAGES.visitDateTooEarly);
    expect(visitDateError('2026-11-24', NOW)).toBe(PIN_MESSAGES.visitDateInFuture);
  });
});

describe('formatVisitDate', () => {
  it('writes the month in words', () => {
    expect(formatVisitDate('2024-03-05')).toBe('March 5, 2024');
  });

  it('keeps the calendar day whatever the time zone', () => {
    expect(formatVisitDate('2024-01-01')).toBe('January 1, 2024');
  });

  it('returns anything that is not a date unchanged', () => {
    expect(formatVisitDate('soon')).toBe('soon');
  });
});

describe('pinTitleError', () => {
  it("says what the server's schema says: 'Title is required' for a blank title, the limit for a long one", () => {
    expect(pinTitleError('   ')).toBe('Title is required');
    expect(pinTitleError('a'.repeat(201))).toBe(PIN_MESSAGES.titleTooLong);
    expect(pinTitleError(` ${'a'.repeat(200)} `)).toBeNull();
  });
});

describe('pinLimitMessage', () => {
  it('names the plan and its limit, and past the limit says that every pin is kept', () => {
    expect(pinLimitMessage('Wanderer', 10)).toBe('Your Wanderer plan allows 10 pins. Upgrade to add more.');
    expect(pinLimitMessage('Wanderer', 10, 10)).toBe(pinLimitMessage('Wanderer', 10));
    expect(pinLimitMessage('Wanderer', 10, 57)).toBe(
      'You have 57 pins and your Wanderer plan allows 10. All of them are kept; upgrade to add more.',
    );
  });
});
