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
