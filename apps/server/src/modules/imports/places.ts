// From stays to the places an import offers (decision 100): stays near each other are one place, as photos
// near each other are one pin (the grouping distance the upload already uses); each place is named and
// placed in its country by the gazetteer from its centre, borders and all, and carries its first and last
// visit and how many visits and minutes it holds. A place within the grouping distance of one of the
// traveller's pins is that pin: matched, never made twice.
import { distanceKm, GEOCODE_FALLBACK, type ReverseGeocodeResult } from '@waymarks/shared';
import { cityOf } from '../../common/pin-city.js';
import type { Stay } from './read/points.js';

export interface ImportPlace {
  /** The place's key in this import, the same for the same stays whenever they are gathered. */
  placeKey: string;
  title: string;
  lat: number;
  lng: number;
  countryCode: string;
  countryName: string;
  /** The town (else region) at its centre, as a pin there would count it among cities; '' for none. */
  city: string;
  /** YYYY-MM-DD (UTC) of its earliest and latest stay; null when its stays carry no time. */
  firstVisit: string | null;
  lastVisit: string | null;
  visits: number;
  /** Minutes spent there over all its stays: the largest places are offered first. */
  minutes: number;
  /** The traveller's pin this place falls within the grouping distance of. */
  pinId?: string;
}

export interface ImportCountry {
  countryCode: string;
  countryName: string;
  places: number;
}

export interface GatheredPlaces {
  places: ImportPlace[];
  /** The countries a stay fell in, most places first: a flight over one, or a drive through, is not here. */
  countries: ImportCountry[];
  /** YYYY-MM-DD of the earliest and latest visit of all, or null. */
  from: string | null;
  to: string | null;
}

export interface GatherOptions {
  /** Stays closer than this to a place's centre join it, in km. */
  groupingKm: number;
  reverse: (lat: number, lng: number) => ReverseGeocodeResult;
  pins: readonly { pinId: string; lat: number; lng: number }[];
}

/** A place while stays are gathered into it. */
interface Gathering {
  latSum: number;
  lngSum: number;
  visits: number;
  minutes: number;
  first: number | null;
  last: number | null;
  names: Map<string, number>;
}

export function gatherPlaces(stays: Iterable<Stay>, options: GatherOptions): GatheredPlaces {
  const pins = new PinMatcher(options.pins, options.groupingKm);
  const grid = new Grid<Gathering>(options.groupingKm);
  for (const stay of stays) {
    const near = grid.nearest(stay, options.groupingKm, (place) => centreOf(place));
    const place = near ?? grid.add(stay, newGathering());
    place.latSum += stay.lat;
    place.lngSum += stay.lng;
    place.visits += 1;
    if (stay.start !== null && stay.end !== null) place.minutes += (stay.end - stay.start) / 60_000;
    for (const at of [stay.start, stay.end]) {
      if (at === null) continue;
      place.first = place.first === null ? at : Math.min(place.first, at);
      place.last = place.last === null ? at : Math.max(place.last, at);
    }
    if (stay.name) place.names.set(stay.name, (place.names.get(stay.name) ?? 0) + 1);
    // The centre moved: the cell it is kept in follows it.
    grid.move(place, centreOf(place));
  }

  const places = grid.all().map((place) => describePlace(place, options, pins));
  places.sort((a, b) => b.minutes - a.minutes || b.visits - a.visits || a.placeKey.localeCompare(b.placeKey));
  // Two places whose centres drifted within a few metres of each other would share a key: the smaller
  // one's is told apart, so a key names one place.
  const keys = new Set<string>();
  for (const place of places) {
    let key = place.placeKey;
    for (let n = 2; keys.has(key); n += 1) key = `${place.placeKey}~${n}`;
    place.placeKey = key;
    keys.add(key);
  }
  const countries = new Map<string, ImportCountry>();
  for (const place of places) {
    if (place.countryCode === GEOCODE_FALLBACK.countryCode) continue;
    const country = countries.get(place.countryCode) ?? {
      countryCode: place.countryCode,
      countryName: place.countryName,
      places: 0,
    };
    country.places += 1;
    countries.set(place.countryCode, country);
  }
  const days = places.flatMap((place) => [place.firstVisit, place.lastVisit]).filter((day) => day !== null);
  days.sort();
  return {
    places,
    countries: [...countries.values()].sort(
      (a, b) => b.places - a.places || a.countryName.localeCompare(b.countryName),
    ),
    from: days[0] ?? null,
    to: days[days.length - 1] ?? null,
  };
}

const newGathering = (): Gathering => ({
  latSum: 0,
  lngSum: 0,
  visits: 0,
  minutes: 0,
  first: null,
  last: null,
  names: new Map(),
});

const centreOf = (place: Gathering) => ({
  lat: place.latSum / place.visits,
  lng: place.lngSum / place.visits,
});

const dayOf = (at: number | null) => (at === null ? null : new Date(at).toISOString().slice(0, 10));

function describePlace(place: Gathering, options: GatherOptions, pins: PinMatcher): ImportPlace {
  const centre = centreOf(place);
  const lat = Number(centre.lat.toFixed(6));
  const lng = Number(centre.lng.toFixed(6));
  const found = options.reverse(lat, lng);
  const known = /^[A-Z]{2}$/.test(found.countryCode) && found.countryCode !== GEOCODE_FALLBACK.countryCode;
  // The name the file gave most often (a visit's, a step's), else the gazetteer's town, region or country.
  const named = [...place.names].sort((a, b) => b[1] - a[1])[0]?.[0];
  const title = named ?? (cityOf(found) || (known ? found.countryName : GEOCODE_FALLBACK.region));
  const pinId = pins.nearest(centre);
  return {
    placeKey: `${lat.toFixed(4)},${lng.toFixed(4)}`,
    title: title.slice(0, 200),
    lat,
    lng,
    countryCode: known ? found.countryCode : GEOCODE_FALLBACK.countryCode,
    countryName: known ? found.countryName : GEOCODE_FALLBACK.countryName,
    city: cityOf(found),
    firstVisit: dayOf(place.first),
    lastVisit: dayOf(place.last),
    visits: place.visits,
    minutes: Math.round(place.minutes),
    ...(pinId ? { pinId } : {}),
  };
}

/**
 * The traveller's pins, found by where they are: the pin a place falls within the grouping distance of,
 * the nearest when there are several, found in a few cells rather than among all the pins.
 */
export class PinMatcher {
  readonly #grid: Grid<{ pinId: string; lat: number; lng: number }>;

  constructor(
    pins: Iterable<{ pinId: string; lat: number; lng: number }>,
    private readonly km: number,
  ) {
    this.#grid = new Grid(km);
    for (const pin of pins) this.add(pin);
  }

  add(pin: { pinId: string; lat: number; lng: number }): void {
    this.#grid.add(pin, pin);
  }

  nearest(at: { lat: number; lng: number }): string | undefined {
    return this.#grid.nearest(at, this.km, (pin) => pin)?.pinId;
  }
}

/**
 * Places kept in cells of a grid about the grouping distance wide, so finding the place near a stay looks
 * at nine cells, not every place: ten thousand stays gather in milliseconds.
 */
class Grid<T> {
  readonly #cellDeg: number;
  readonly #cells = new Map<string, Set<T>>();
  readonly #cellOf = new Map<T, string>();

  constructor(cellKm: number) {
    // A degree of latitude is about 111 km; longitude cells are widened by latitude when looked up.
    this.#cellDeg = Math.max(cellKm, 0.01) / 111;
  }

  add(at: { lat: number; lng: number }, item: T): T {
    this.#put(item, this.#key(at));
    return item;
  }

  move(item: T, at: { lat: number; lng: number }): void {
    const key = this.#key(at);
    const was = this.#cellOf.get(item);
    if (was === key) return;
    if (was !== undefined) this.#cells.get(was)?.delete(item);
    this.#put(item, key);
  }

  nearest(
    at: { lat: number; lng: number },
    km: number,
    centre: (item: T) => { lat: number; lng: number },
  ): T | undefined {
    const row = Math.floor(at.lat / this.#cellDeg);
    // Cells are narrower in km away from the equator: look as many cells east and west as the distance needs.
    const shrink = Math.max(Math.cos((at.lat * Math.PI) / 180), 0.01);
    const span = Math.min(Math.ceil(1 / shrink), 360);
    const column = Math.floor(at.lng / this.#cellDeg);
    let best: T | undefined;
    let bestKm = km;
    for (let r = row - 1; r <= row + 1; r += 1) {
      for (let c = column - span; c <= column + span; c += 1) {
        for (const item of this.#cells.get(`${r}:${c}`) ?? []) {
          const distance = distanceKm(centre(item), at);
          if (distance <= bestKm) {
            best = item;
            bestKm = distance;
          }
        }
      }
    }
    return best;
  }

  all(): T[] {
    return [...this.#cellOf.keys()];
  }

  #put(item: T, key: string): void {
    let cell = this.#cells.get(key);
    if (!cell) this.#cells.set(key, (cell = new Set()));
    cell.add(item);
    this.#cellOf.set(item, key);
  }

  #key(at: { lat: number; lng: number }): string {
    return `${Math.floor(at.lat / this.#cellDeg)}:${Math.floor(at.lng / this.#cellDeg)}`;
  }
}
