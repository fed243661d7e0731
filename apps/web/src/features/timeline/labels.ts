// The timeline's own words and marker colours, written once for the strip, the placeholder and the toggle.
import { formatVisitDate, type Pin } from '@waymarks/shared';
import { markerTitle } from '../places';

export const TIMELINE_TITLE = 'Travel Timeline';

/** What the placeholder says the timeline is, before the plan it needs. */
export const TIMELINE_PITCH = 'Your visits in date order, on a timeline you can zoom and pan.';

/**
 * A single pin's marker name: its title ('Lisbon ✓ Verified' where badges are shown) and its visit date,
 * 'Lisbon, April 10, 2023'.
 */
export function pinMarkerName(pin: Pin, verificationBadges: boolean): string {
  const title = markerTitle(pin, verificationBadges);
  return pin.visitDate ? `${title}, ${formatVisitDate(pin.visitDate)}` : title;
}

/** '12 places, from March 5, 2024 to June 30, 2024' (or 'on March 5, 2024' when all share one day). */
export function clusterName(count: number, firstDate: string, lastDate: string): string {
  if (firstDate === lastDate) return `${count} places, on ${formatVisitDate(firstDate)}`;
  return `${count} places, from ${formatVisitDate(firstDate)} to ${formatVisitDate(lastDate)}`;
}

const places = (count: number) => `${count} ${count === 1 ? 'place' : 'places'}`;

/** '2019–2021', or '2020' for a single year. */
export function spanText(span: { from: number; to: number }): string {
  return span.from === span.to ? String(span.from) : `${span.from}–${span.to}`;
}

/**
 * What the map shows, under the slider: '2019–2021 · 12 places' while filtered, 'All years · 15 places'
 * otherwise (undated places included, as the map shows them then).
 */
export function filterSummary(span: { from: number; to: number } | null, count: number): string {
  return `${span ? spanText(span) : 'All years'} · ${places(count)}`;
}

/** '3 undated places': the places the timeline cannot show, whose list the strip opens. */
export function undatedText(count: number): string {
  return `${count} undated ${count === 1 ? 'place' : 'places'}`;
}
