// What a preview's choice means for the plan, free of React: how many new pins the plan still has room
// for, the places chosen at first (the largest stays, which the list gives first, up to that room), and
// what a choice adds. A place already on the traveller's map (pinId set) is matched: it is never new and
// takes none of the room.
import { UNLIMITED, type ImportPlace, type ImportPreview } from '@waymarks/shared';

/** How many more pins the plan takes: Infinity on an unlimited plan, never below 0. */
export function pinRoom(maxPins: number, pinCount: number): number {
  if (maxPins === UNLIMITED) return Infinity;
  return Math.max(0, maxPins - pinCount);
}

export const isMatched = (place: ImportPlace): boolean => place.pinId !== undefined;

/** The places that would become new pins, in the preview's order (largest stays first). */
export function newPlaces(places: readonly ImportPlace[]): ImportPlace[] {
  return places.filter((place) => !isMatched(place));
}

/** The first choice: the largest new places, as many as the plan has room for. */
export function defaultSelection(places: readonly ImportPlace[], room: number): Set<string> {
  return new Set(
    newPlaces(places)
      .slice(0, room)
      .map((place) => place.placeKey),
  );
}

/** 'Select all': every new place, or on a limited plan the largest that fit. */
export const selectAll = defaultSelection;

/** The keys a commit sends: the chosen new places, and the matched ones, which make no pin. */
export function placeKeysToCommit(places: readonly ImportPlace[], chosen: ReadonlySet<string>): string[] {
  return places
    .filter((place) => isMatched(place) || chosen.has(place.placeKey))
    .map((place) => place.placeKey);
}

export interface ChoiceSummary {
  /** New pins the choice makes. */
  newPins: number;
  /** Chosen beyond the plan's room: the commit waits until these are unchecked or the plan is larger. */
  overRoom: number;
  /** Countries none of the traveller's pins is in yet where a chosen place is, by name. */
  newCountries: string[];
}

/** Where no country is (at sea): never a country of its own. */
const NO_COUNTRY = 'XX';

export function summariseChoice(
  preview: Pick<ImportPreview, 'places' | 'countries'>,
  chosen: ReadonlySet<string>,
  room: number,
): ChoiceSummary {
  const picked = newPlaces(preview.places).filter((place) => chosen.has(place.placeKey));
  const pickedCodes = new Set(picked.map((place) => place.countryCode));
  const newCountries = preview.countries
    .filter((country) => country.isNew && country.countryCode !== NO_COUNTRY)
    .filter((country) => pickedCodes.has(country.countryCode))
    .map((country) => country.countryName);
  return { newPins: picked.length, overRoom: Math.max(0, picked.length - room), newCountries };
}

/** The years the places were visited in, oldest first, from their first and last visits. */
export function yearsVisited(places: readonly ImportPlace[]): number[] {
  const years = new Set<number>();
  for (const place of places) {
    for (const day of [place.firstVisit, place.lastVisit]) {
      const year = day ? Number(day.slice(0, 4)) : NaN;
      if (Number.isInteger(year)) years.add(year);
    }
  }
  return [...years].sort((a, b) => a - b);
}
