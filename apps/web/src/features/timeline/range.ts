// The timeline's data: the pins that carry a visitDate, in date order, and the time range the axis spans
// (SPEC.md §4 and §9 Timeline). Times are UTC midnights in milliseconds: a visit date is a calendar day, so
// no time zone may move it.
import { isCalendarDate, type Pin } from '@waymarks/shared';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC.md §9: the range is padded by 10% of the span on each side, or at least 30 days. */
export const RANGE_PAD_FRACTION = 0.1;
export const MIN_RANGE_PAD_DAYS = 30;

/** A dated pin and its day as a time. */
export interface TimelineEntry {
  pin: Pin;
  /** The pin's visitDate as UTC midnight in milliseconds. */
  time: number;
}

export interface TimelineRange {
  start: number;
  end: number;
}

/** The UTC midnight of a 'YYYY-MM-DD' date, or null when the text is not a calendar date. */
export function dayTime(date: string): number | null {
  return isCalendarDate(date) ? Date.parse(`${date}T00:00:00Z`) : null;
}

/**
 * Only pins with a visitDate go on the timeline (SPEC.md §4), oldest first. Pins of one day keep the order
 * they came in, so the same list always draws the same way.
 */
export function timelineEntries(pins: readonly Pin[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const pin of pins) {
    const time = pin.visitDate ? dayTime(pin.visitDate) : null;
    if (time !== null) entries.push({ pin, time });
  }
  return entries.sort((a, b) => a.time - b.time);
}

/**
 * From the earliest to the latest visit, padded on each side by 10% of the span or 30 days, whichever is
 * more; a single date therefore gets 30 days either side. Null when nothing is dated.
 */
export function timelineRange(entries: readonly TimelineEntry[]): TimelineRange | null {
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (!first || !last) return null;
  const pad = Math.max((last.time - first.time) * RANGE_PAD_FRACTION, MIN_RANGE_PAD_DAYS * DAY_MS);
  return { start: first.time - pad, end: last.time + pad };
}
