import { describe, expect, it } from 'vitest';
import {
  displayName,
  formatFileSize,
  formatPinCount,
  formatPinLimit,
  formatPinsUsed,
  formatPrice,
  formatStorage,
  formatStorageUsed,
  storageBarColor,
  storagePercent,
} from './format.js';
import { getTier } from './tiers.js';

describe('formatPrice', () => {
  it('shows a price of 0 as Free', () => {
    expect(formatPrice(0)).toBe('Free');
  });

  it.each([
    ['basic', '$4.99/month'],
    ['standard', '$9.99/month'],
    ['plus', '$19.99/month'],
    ['pro', '$39.99/month'],
  ] as const)('shows the %s price as %s', (tier, text) => {
    expect(formatPrice(getTier(tier).price)).toBe(text);
  });

  it('always shows two decimals', () => {
    expect(formatPrice(5)).toBe('$5.00/month');
    expect(formatPrice(4.5)).toBe('$4.50/month');
  });
});

describe('formatStorage', () => {
  it.each([
    [1, '1 GB'],
    [25, '25 GB'],
    [100, '100 GB'],
    [500, '500 GB'],
    [999, '999 GB'],
    [1000, '1 TB'],
    [1500, '1.5 TB'],
    [2000, '2 TB'],
    [0.5, '0.5 GB'],
  ])('shows %d GB as %s (TB from 1000 GB)', (gb, text) => {
    expect(formatStorage(gb)).toBe(text);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1048576, '1 MB'],
    [Math.round(2.35 * 1048576), '2.35 MB'],
    [1073741824, '1 GB'],
    [1.25 * 1073741824, '1.25 GB'],
    [2048 * 1073741824, '2048 GB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('rounds to at most two decimals', () => {
    expect(formatFileSize(1234567)).toBe('1.18 MB');
  });

  it('shows a negative or invalid size as 0 Bytes', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});

describe('formatPinLimit', () => {
  it('shows -1 (unlimited) as the infinity sign', () => {
    expect(formatPinLimit(-1)).toBe('∞');
  });

  it('shows a positive limit as "N limit"', () => {
    expect(formatPinLimit(10)).toBe('10 limit');
    expect(formatPinLimit(500)).toBe('500 limit');
  });

  it('shows an undefined limit as Pinned', () => {
    expect(formatPinLimit(undefined)).toBe('Pinned');
  });
});

describe('formatPinCount', () => {
  it('shows the count against a positive limit as "x/N"', () => {
    expect(formatPinCount(3, 10)).toBe('3/10');
    expect(formatPinCount(10, 10)).toBe('10/10');
  });

  it('shows the count against unlimited as "x/∞"', () => {
    expect(formatPinCount(42, -1)).toBe('42/∞');
  });

  it('shows the bare count when no limit is known', () => {
    expect(formatPinCount(7, undefined)).toBe('7');
  });
});

describe('formatPinsUsed', () => {
  it('shows "N / M pins used" on limited tiers', () => {
    expect(formatPinsUsed(3, 10)).toBe('3 / 10 pins used');
    expect(formatPinsUsed(0, 500)).toBe('0 / 500 pins used');
  });

  it('shows "N pins (unlimited)" on unlimited tiers', () => {
    expect(formatPinsUsed(42, -1)).toBe('42 pins (unlimited)');
    expect(formatPinsUsed(0, -1)).toBe('0 pins (unlimited)');
  });

  it('says "pin" for exactly one pin on unlimited tiers', () => {
    expect(formatPinsUsed(1, -1)).toBe('1 pin (unlimited)');
  });
});

describe('formatStorageUsed', () => {
  it('shows "X GB / Y GB used" with the used MB in GB', () => {
    expect(formatStorageUsed(0, 1)).toBe('0 GB / 1 GB used');
    expect(formatStorageUsed(512, 1)).toBe('0.5 GB / 1 GB used');
    expect(formatStorageUsed(1024, 25)).toBe('1 GB / 25 GB used');
  });

  it('rounds the used amount to at most two decimals', () => {
    expect(formatStorageUsed(1234, 25)).toBe('1.21 GB / 25 GB used');
  });

  it('keeps the pro allowance in GB', () => {
    expect(formatStorageUsed(2048, 2000)).toBe('2 GB / 2000 GB used');
  });

  it('never shows a non-empty account as 0 GB', () => {
    expect(formatStorageUsed(1, 1)).toBe('0.01 GB / 1 GB used');
  });
});

describe('storagePercent', () => {
  it('is the used share of storageGB × 1024 MB', () => {
    expect(storagePercent(0, 1)).toBe(0);
    expect(storagePercent(512, 1)).toBe(50);
    expect(storagePercent(1024, 1)).toBe(100);
  });

  it('is capped at 100', () => {
    expect(storagePercent(5000, 1)).toBe(100);
  });

  it('is never below 0', () => {
    expect(storagePercent(-10, 1)).toBe(0);
  });
});

describe('storageBarColor', () => {
  it.each([
    [100, 'red'],
    [90.1, 'red'],
    [90, 'amber'],
    [70.1, 'amber'],
    [70, 'green'],
    [0, 'green'],
  ] as const)('at %d percent is %s (red above 90, amber above 70)', (percent, color) => {
    expect(storageBarColor(percent)).toBe(color);
  });
});

describe('displayName', () => {
  it('uses the name when there is one', () => {
    expect(displayName({ name: 'Ada Lovelace' })).toBe('Ada Lovelace');
  });

  it('falls back to User, never to any part of the e-mail address', () => {
    expect(displayName({})).toBe('User');
    expect(displayName({ name: null })).toBe('User');
    // A signed-in user object carries the address too: it is not read.
    const user = { name: '   ', email: 'ada.l@example.com' };
    expect(displayName(user)).toBe('User');
  });
});
