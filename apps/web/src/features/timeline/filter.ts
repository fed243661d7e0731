// The years the timeline filters the map to: which pins and which visited countries the map shows for a
// span of years, the years play steps through, and the places that have no date. The span is whole
// calendar years, both ends included; null means unfiltered, and then the map shows every pin.
import { UNKNOWN_COUNTRY_CODE, type Pin } from '@waymarks/shared';
import { dayTime } from './range';

export interface YearSpan {
  from: number;
  to: number;
}

const yearOfTime = (time: number) => new Date(time).getUTCFullYear();

/** The year of a pin's visit, or null when it has no date the timeline can place. */
function visitYear(pin: Pin): number | null {
  const time = pin.visitDate ? dayTime(pin.visitDate) : null;
  return time === null ? null : yearOfTime(time);
}

/** Each year that has a dated visit, oldest first: the years play steps through. */
export function visitYears(pins: readonly Pin[]): number[] {
  const years = new Set<number>();
  for (const pin of pins) {
    const year = visitYear(pin);
    if (year !== null) years.add(year);
  }
  return [...years].sort((a, b) => a - b);
}

/** The first and the last year with a dated visit, or null when nothing is dated. */
export function yearBounds(years: readonly number[]): YearSpan | null {
  const from = years[0];
  const to = years[years.length - 1];
  return from === undefined || to === undefined ? null : { from, to };
}

/**
 * A span kept within the dated years, its ends in order. A span that covers every dated year is no
 * filter at all: null, the same as Show all.
 */
export function normaliseSpan(span: YearSpan | null, bounds: YearSpan | null): YearSpan | null {
  if (!span || !bounds) return null;
  const clamp = (year: number) => Math.min(Math.max(year, bounds.from), bounds.to);
  const from = clamp(Math.min(span.from, span.to));
  const to = clamp(Math.max(span.from, span.to));
  return from === bounds.from && to === bounds.to ? null : { from, to };
}

/** The span as the map applies it to these pins: kept within their dated years, null when it is no filter. */
export function activeSpan(pins: readonly Pin[], span: YearSpan | null): YearSpan | null {
  return span && normaliseSpan(span, yearBounds(visitYears(pins)));
}

/**
 * What the map shows for a span: every pin when unfiltered (or when the span covers every dated year);
 * otherwise only the pins whose visit date falls in it. An undated pin has no year to fall in, so a span
 * hides it (the strip counts and lists it).
 */
export function pinsInSpan(pins: readonly Pin[], span: YearSpan | null): readonly Pin[] {
  const filter = activeSpan(pins, span);
  if (!filter) return pins;
  return pins.filter((pin) => {
    const year = visitYear(pin);
    return year !== null && year >= filter.from && year <= filter.to;
  });
}

/** The pins the timeline cannot place: no visit date, or one that is not a calendar day. */
export function undatedPins(pins: readonly Pin[]): Pin[] {
  return pins.filter((pin) => visitYear(pin) === null);
}

/**
 * The countries to fill for these pins: each 2-letter code once, none for places at sea. The same codes
 * the countries summary lists, so a filtered map fills what an unfiltered one would for the same pins.
 */
export function visitedCodesOf(pins: readonly Pin[]): string[] {
  const codes = new Set<string>();
  for (const pin of pins) {
    if (/^[A-Z]{2}$/.test(pin.countryCode) && pin.countryCode !== UNKNOWN_COUNTRY_CODE) {
      codes.add(pin.countryCode);
    }
  }
  return [...codes];
}

/**
 * Where play goes next from the span shown: a single year steps to the next year with visits, and the
 * last such year ends play (null). Any other span (all years, several) starts again from the first.
 */
export function nextPlayYear(years: readonly number[], span: YearSpan | null): number | null {
  const first = years[0];
  if (first === undefined) return null;
  if (!span || span.from !== span.to) return first;
  return years.find((year) => year > span.from) ?? null;
}
