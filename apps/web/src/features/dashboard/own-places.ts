// "Your places first" in the search box: which of the traveller's own pins a query names, and which pin a
// chosen search result stands on. Free of React and of the network, so the box can list them at once.
import { MEDIA_LIMITS, distanceKm, type LatLng, type Pin } from '@waymarks/shared';

/** Own places listed above the gazetteer's results; the gazetteer keeps its own limit of 5. */
export const OWN_PLACES_MAX = 3;

const COMBINING_MARKS = /\p{M}+/gu;
const DROPPED = /['’‘`´ʼ.]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/**
 * Folds a name for matching: accents go ('Arézzo' → 'arezzo'), case goes, apostrophes and full stops go
 * ('L'Aquila' → 'laquila'), and any other run of non-letters becomes one space ('Saint-Malo' → 'saint malo').
 */
export function foldName(text: string): string {
  return text
    .replace(DROPPED, '')
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(SEPARATORS, ' ')
    .trim();
}

/** How well a pin answers a folded query, best first; undefined when it does not. */
function rank(pin: Pin, query: string): number | undefined {
  const title = foldName(pin.title);
  if (title === query) return 0;
  if (title.startsWith(query)) return 1;
  if (` ${title}`.includes(` ${query}`)) return 2;
  if (title.includes(query)) return 3;
  if (` ${foldName(pin.countryName)}`.includes(` ${query}`)) return 4;
  return undefined;
}

/**
 * The traveller's pins a query names: the whole title, the start of a word of the title, anywhere in the
 * title, then the start of a word of the country name. Ties keep the order of `pins`.
 */
export function matchOwnPlaces(pins: readonly Pin[], query: string, max = OWN_PLACES_MAX): Pin[] {
  const folded = foldName(query);
  if (!folded) return [];
  return pins
    .map((pin, index) => ({ pin, index, rank: rank(pin, folded) }))
    .filter((entry): entry is { pin: Pin; index: number; rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, max)
    .map((entry) => entry.pin);
}

/**
 * The nearest pin within `maxKm` of a spot, as an upload would group a photo taken there (SPEC.md §9:
 * 1 km by default). The grouping slider lives in the upload dialog and is not kept, so the default applies.
 */
export function nearestPinWithin(
  pins: readonly Pin[],
  at: LatLng,
  maxKm: number = MEDIA_LIMITS.groupingDefaultKm,
): Pin | undefined {
  let nearest: Pin | undefined;
  let nearestKm = Infinity;
  for (const pin of pins) {
    const km = distanceKm(at, pin);
    if (km <= maxKm && km < nearestKm) {
      nearest = pin;
      nearestKm = km;
    }
  }
  return nearest;
}
