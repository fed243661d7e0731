// How a preview's place reads in the list: its dates and the time spent there.
import type { ImportPlace } from '@waymarks/shared';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2019-05-03' as '3 May 2019'. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_FORMAT.format(date);
}

/** '3 May 2019', '3 May 2019 – 9 Aug 2021', or null when the file gave no time. */
export function visitDates(place: Pick<ImportPlace, 'firstVisit' | 'lastVisit'>): string | null {
  const first = place.firstVisit ?? place.lastVisit;
  const last = place.lastVisit ?? place.firstVisit;
  if (!first || !last) return null;
  return first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`;
}

/** 40 min, 5 h, 3 days: the time spent there over all its stays. */
export function timeSpent(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.round(minutes / (60 * 24));
  return `${days} days`;
}

export function placeDetails(place: ImportPlace): string {
  const visits = place.visits === 1 ? '1 visit' : `${place.visits} visits`;
  return [place.countryName, visitDates(place), `${visits}, ${timeSpent(place.minutes)}`]
    .filter(Boolean)
    .join(' · ');
}
