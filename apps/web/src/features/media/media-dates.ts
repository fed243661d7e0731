// When a photo or video was taken, as the gallery and the viewer write it, in the traveller's locale: the
// date read from the file, or, where the file had none, when it was uploaded, marked as such.
import type { MediaItem } from '@waymarks/shared';

export interface ItemDate {
  /** 'taken': the date read from the file; 'uploaded': the file had none, so its upload time stands in. */
  kind: 'taken' | 'uploaded';
  /** '12 May 2024, 14:32' in en-GB, 'May 12, 2024, 2:32 PM' in en-US. */
  text: string;
}

const DAY = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const DAY_AND_TIME = { ...DAY, hour: 'numeric', minute: '2-digit' } as const;
const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/** The browser's languages, best first; Intl takes the first it knows. */
export function travellerLocales(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}

function format(date: Date, locales: string[], options: Intl.DateTimeFormatOptions): string | null {
  return Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat(locales, options).format(date);
}

/**
 * A photo's date is the local time where it was taken, so its digits are shown as they are, whatever
 * zone the viewer is in; only a UTC instant ('Z', a video's creation time) is moved to the viewer's zone.
 */
export function formatTaken(value: string | null, locales: string[] = travellerLocales()): string | null {
  if (!value) return null;
  if (/z$/i.test(value.trim())) return format(new Date(value), locales, DAY_AND_TIME);
  const parts = DATE_PARTS.exec(value);
  if (!parts) return null;
  const [, year, month, day, hour, minute] = parts.map(Number);
  const wallClock = new Date(Date.UTC(year!, month! - 1, day!, hour || 0, minute || 0));
  const options = parts[4] === undefined ? DAY : DAY_AND_TIME;
  return format(wallClock, locales, { ...options, timeZone: 'UTC' });
}

/** An upload is a moment, not a place's wall clock: shown in the viewer's own zone. */
export function formatUploaded(
  iso: string,
  { withTime }: { withTime: boolean },
  locales: string[] = travellerLocales(),
): string {
  return format(new Date(iso), locales, withTime ? DAY_AND_TIME : DAY) ?? '';
}

/**
 * The date an item is shown with: when it was taken, else when it was uploaded (with its time, or the day
 * alone where room is short: `uploadTime`).
 */
export function itemDate(
  item: Pick<MediaItem, 'exifData' | 'uploadedAt'>,
  { uploadTime }: { uploadTime: boolean },
  locales: string[] = travellerLocales(),
): ItemDate {
  const taken = formatTaken(item.exifData.dateTaken, locales);
  if (taken) return { kind: 'taken', text: taken };
  return { kind: 'uploaded', text: formatUploaded(item.uploadedAt, { withTime: uploadTime }, locales) };
}
