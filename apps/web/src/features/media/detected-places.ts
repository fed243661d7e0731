// What the selected files' GPS says about places, before anything is sent: how many places they group
// into, and the names of the first few, for the auto-detected information card.

/** The places the files group into: how many, and the names of the first few (reverse geocoded). */
export interface DetectedPlaces {
  count: number;
  names: string[];
}

export const NO_PLACES: DetectedPlaces = { count: 0, names: [] };

/** How many of the places are named before the rest are counted. */
export const NAMED_PLACES = 3;

/** '6 locations: Arezzo, Siena, Pisa and 3 more'; every place is counted, the first few named. */
export function describePlaces({ count, names }: DetectedPlaces): string {
  if (count === 0) return 'No GPS location found';
  const rest = count - names.length;
  const listed = rest > 0 ? `${names.join(', ')} and ${rest} more` : names.join(', ');
  return `${plural(count, 'location', 'locations')}: ${listed}`;
}

/** '1 photo', '6 photos'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
