// Display texts for prices, storage, file sizes, pin limits and names (SPEC.md §2, §6, §9). Pure functions,
// shared by the pricing cards, the profile and the dashboard so every screen words a figure the same way.
import { UNLIMITED } from './tiers.js';

const MB_PER_GB = 1024;
const GB_PER_TB = 1000;
const BYTES_PER_KB = 1024;
const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** At most two decimals, trailing zeros dropped: 1.5, 2.35, 25. */
function trimDecimals(value: number): string {
  return String(Number(value.toFixed(2)));
}

/** 'Free' for 0, otherwise '$4.99/month'. */
export function formatPrice(price: number): string {
  return price === 0 ? 'Free' : `$${price.toFixed(2)}/month`;
}

/** '25 GB'; from 1000 GB in TB: '2 TB', '1.5 TB'. */
export function formatStorage(gb: number): string {
  return gb >= GB_PER_TB ? `${trimDecimals(gb / GB_PER_TB)} TB` : `${trimDecimals(gb)} GB`;
}

/** '0 Bytes', '512 Bytes', '1.5 KB', '2.35 MB'; GB is the largest unit. */
export function formatFileSize(bytes: number): string {
  if (!(bytes > 0)) return '0 Bytes';
  const exponent = Math.floor(Math.log(bytes) / Math.log(BYTES_PER_KB));
  const unit = Math.min(Math.max(exponent, 0), FILE_SIZE_UNITS.length - 1);
  return `${trimDecimals(bytes / BYTES_PER_KB ** unit)} ${FILE_SIZE_UNITS[unit]}`;
}

/** '∞' for unlimited, 'N limit' for a positive limit, 'Pinned' when no limit is known. */
export function formatPinLimit(maxPins: number | undefined): string {
  if (maxPins === UNLIMITED) return '∞';
  if (maxPins !== undefined && maxPins > 0) return `${maxPins} limit`;
  return 'Pinned';
}

/** 'x/N' against a positive limit, 'x/∞' when unlimited, just 'x' when no limit is known. */
export function formatPinCount(count: number, maxPins: number | undefined): string {
  if (maxPins === UNLIMITED) return `${count}/∞`;
  if (maxPins !== undefined && maxPins > 0) return `${count}/${maxPins}`;
  return String(count);
}

/** 'N / M pins used', or 'N pins (unlimited)' on unlimited tiers ('1 pin (unlimited)' for one). */
export function formatPinsUsed(count: number, maxPins: number): string {
  if (maxPins === UNLIMITED) return `${count} ${count === 1 ? 'pin' : 'pins'} (unlimited)`;
  return `${count} / ${maxPins} pins used`;
}

/**
 * 'X GB / Y GB used', both in GB as SPEC.md §9 writes it (so the pro plan reads '… / 2000 GB used').
 * X is the used MB in GB to at most two decimals; any non-zero use below 0.005 GB shows as 0.01 GB so an
 * account holding files never reads as empty.
 */
export function formatStorageUsed(usedMB: number, storageGB: number): string {
  const usedGB = Math.max(usedMB, 0) / MB_PER_GB;
  const shown = usedGB > 0 && usedGB < 0.005 ? 0.01 : usedGB;
  return `${trimDecimals(shown)} GB / ${trimDecimals(storageGB)} GB used`;
}

/** Share of the allowance in use, 0 to 100 (capped), unrounded. */
export function storagePercent(usedMB: number, storageGB: number): number {
  const allowanceMB = storageGB * MB_PER_GB;
  if (!(allowanceMB > 0)) return usedMB > 0 ? 100 : 0;
  return Math.min(Math.max((usedMB / allowanceMB) * 100, 0), 100);
}

export type StorageBarColor = 'red' | 'amber' | 'green';

/** Red above 90 percent, amber above 70, green otherwise (SPEC.md §9). */
export function storageBarColor(percent: number): StorageBarColor {
  if (percent > 90) return 'red';
  if (percent > 70) return 'amber';
  return 'green';
}

/**
 * The name, else 'User' (SPEC.md §2, dashboard header). SPEC.md puts the part of the e-mail before '@'
 * between the two; no part of an address is shown as a name, so that step is left out.
 */
export function displayName(user: { name?: string | null }): string {
  return user.name?.trim() || 'User';
}
