// Dates, places and texts from files, cleaned the same way whichever container they came from.
import type { MediaLocation } from './types.js';

/** 'YYYY-MM-DDTHH:MM:SS', or null for impossible values such as the '0000:00:00 00:00:00' cameras write. */
export function wallClockText(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
): string | null {
  if (y < 1800 || y > 2999 || mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return null;
  if (d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}`;
}

const UTC_OFFSET = /^\s*([+-])(\d{2}):?(\d{2})?\s*$/;

export function utcOffset(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.trim().toUpperCase() === 'Z') return 'Z';
  const match = UTC_OFFSET.exec(value);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 14 || minutes > 59) return null;
  return `${match[1]}${match[2]}:${match[3] ?? '00'}`;
}

/** SPEC §5: coordinates count only when truthy, so 0 (or NaN) on either axis means no location. */
export function locationOf(lat: number, lng: number, accuracy: number | null): MediaLocation | null {
  if (!lat || !lng || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng, accuracy };
}

export function positiveNumber(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Cameras pad fixed-size fields with NULs.
  const text = value.replaceAll('\0', '').trim();
  return text ? text.slice(0, 100) : null;
}

/** The UTC time `ms` as 'YYYY-MM-DDTHH:MM:SSZ', or null outside the years 1800 to 2999. */
export function isoUtc(ms: number): string | null {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  // Also keeps toISOString in its four-digit-year form.
  return year >= 1800 && year <= 2999 ? `${date.toISOString().slice(0, 19)}Z` : null;
}
