// The loaded gazetteer: place search (SPEC.md §3, §5, §9) and reverse geocoding (DESIGN.md, Geodata;
// SPEC.md §8). Built by gazetteer-builder.ts, loaded by gazetteer-service.ts; everything here answers in microseconds.
import {
  GEOCODE_FALLBACK,
  PLACE_SEARCH_LIMITS,
  type PlaceSearchResult,
  type PlaceType,
  type ReverseGeocodeResult,
} from '@waymarks/shared';
import type { CountryLookup } from './country-lookup.js';
import type { KeyIndex } from './key-index.js';
import type { PlaceLocator } from './nearest.js';
import { PlaceSearch } from './place-search.js';
import { PlaceKind, type NameList } from './places-reader.js';

/**
 * How far from a point reverse geocoding looks for its town, in km. 50 km covers a town's outskirts and
 * the countryside between towns almost everywhere people live, while a point farther than that from any
 * town of its country (open sea within a country's waters, desert, ice) is honestly 'Unknown City' rather
 * than named after a place out of sight. See README.md in this folder.
 */
const REVERSE_RADIUS_KM = 50;

export { PlaceKind };
const PLACE_TYPE: readonly PlaceType[] = ['locality', 'region', 'country'];

/** One row per place, region and country, in parallel arrays. */
export interface GazetteerTables {
  count: number;
  /** A PlaceKind. */
  kind: Uint8Array;
  lat: Float64Array;
  lng: Float64Array;
  /**
   * Ranking weight: population; a region's is its largest place's (a hair less), a country's the total
   * of its places; a section of a city (PPLX, 'Zürich (Kreis 11)') a hundredth of its own, as its people
   * are already counted in the city's.
   */
  score: Float64Array;
  country: Uint16Array;
  /** Index into admin1Names, or -1. */
  admin1: Int32Array;
  /** GeoNames id of a locality (0 for regions and countries). */
  geonameId: Uint32Array;
  /**
   * 1 for a locality that is a town of its own, whose score is its population; 0 for a section of a city
   * or a place that no longer exists (places-reader.ts, NOT_A_TOWN), and for regions and countries.
   */
  town: Uint8Array;
  /** 2 for a national capital (GeoNames PPLC), 1 for a first-level seat (PPLA), else 0. */
  capitalRank: Uint8Array;
  names: NameList;
  countryCodes: string[];
  countryIndex: Map<string, number>;
  countryNames: Map<string, string>;
  admin1Names: string[];
  admin1Codes: string[];
}

export interface SearchIndexes {
  /** Names and ASCII names. */
  primary: KeyIndex;
  /** Every word start inside a name but the first ('york city', 'city' for 'New York City'). */
  words: KeyIndex;
  /** Alternate names: other languages and spellings, old names, codes. */
  alternate: KeyIndex;
  /** Names of regions and countries, countries in every language: what narrows a search ('Kyoto, Japan'). */
  areas: KeyIndex;
}

export class Gazetteer {
  private readonly placeSearch: PlaceSearch;

  constructor(
    readonly tables: GazetteerTables,
    readonly indexes: SearchIndexes,
    readonly locator: PlaceLocator,
    readonly countries: CountryLookup,
  ) {
    this.placeSearch = new PlaceSearch(tables, indexes, (place) => this.readingOf(place));
  }

  /** Number of search keys over all indexes (diagnostics). */
  get keyCount(): number {
    const { primary, words, alternate, areas } = this.indexes;
    return primary.size + words.size + alternate.size + areas.size;
  }

  /**
   * Up to `limit` places for what someone typed, best first, each once (place-search.ts). Match quality
   * comes first, population second:
   *   1. the whole query is a name of the place (its name, ASCII name or any alternate name): 'Munich',
   *      'Lisboa', 'zurich';
   *   2. a name followed by its region or country: 'Kyoto, Japan', 'porto portugal';
   *   3. the query starts the place's name ('zur' → Zürich), a later word of it ('york' → New York City),
   *      or one of its alternate names ('lisb' → Lisboa → Lisbon);
   *   4. when no name is or starts with the query, a name a typo or two away: 'Lisbn', 'Barcleona'.
   * Case, accents and punctuation do not matter (normalize.ts). Only places, regions and countries are in
   * the index, so the results are geographic by construction (SPEC.md §5).
   */
  search(query: string, limit: number = PLACE_SEARCH_LIMITS.maxResults): PlaceSearchResult[] {
    return this.searchPlaces(query, limit).map((place) => this.toSearchResult(place));
  }

  /** search() as place rows (tests and benchmarks). */
  searchPlaces(query: string, limit: number = PLACE_SEARCH_LIMITS.maxResults): number[] {
    return this.placeSearch.search(query, limit);
  }

  private countryName(code: string): string {
    return this.tables.countryNames.get(code) ?? code;
  }

  /** The address shown under a result: its name, its region unless the same, its country. */
  private formattedAddress(place: number, name: string, countryName: string): string {
    const t = this.tables;
    const kind = t.kind[place]!;
    const region = t.admin1[place]!;
    const regionName = kind === PlaceKind.locality && region >= 0 ? t.admin1Names[region] : undefined;
    const parts = [name];
    if (regionName && regionName !== name) parts.push(regionName);
    if (kind !== PlaceKind.country) parts.push(countryName);
    return parts.join(', ');
  }

  /** What a traveller reads of a result in the list: its name, its address and its flag. */
  private readingOf(place: number): string {
    const t = this.tables;
    const countryCode = t.countryCodes[t.country[place]!]!;
    return `${this.formattedAddress(place, t.names.get(place), this.countryName(countryCode))}\n${countryCode}`;
  }

  toSearchResult(place: number): PlaceSearchResult {
    const t = this.tables;
    const kind = t.kind[place]!;
    const name = t.names.get(place);
    const countryCode = t.countryCodes[t.country[place]!]!;
    const countryName = this.countryName(countryCode);
    const region = t.admin1[place]!;
    const placeId =
      kind === PlaceKind.locality
        ? `gn:${t.geonameId[place]}`
        : kind === PlaceKind.region
          ? `a1:${t.admin1Codes[region]}`
          : `cc:${countryCode}`;
    return {
      placeId,
      name,
      title: name,
      description: '',
      lat: t.lat[place]!,
      lng: t.lng[place]!,
      country: countryName,
      countryCode,
      countryName,
      formattedAddress: this.formattedAddress(place, name, countryName),
      placeType: PLACE_TYPE[kind]!,
      visitDate: null,
    };
  }

  /**
   * City, region and country of a point. The country comes from border polygons (territories keep their
   * own code); the city is the town of that same country the point belongs to within REVERSE_RADIUS_KM
   * (nearest.ts), so a point in Kehl is Kehl, Germany even though Strasbourg is bigger and 4 km away.
   * Anything unknown takes the fallback of SPEC.md §8.
   */
  reverse(lat: number, lng: number): ReverseGeocodeResult {
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      return { ...GEOCODE_FALLBACK };
    }
    const code = this.countries.countryAt(lat, lng);
    if (!code || !/^[A-Z]{2}$/.test(code)) return { ...GEOCODE_FALLBACK };
    const t = this.tables;
    const countryIndex = t.countryIndex.get(code);
    const place =
      countryIndex === undefined ? -1 : this.locator.locate(lat, lng, countryIndex, REVERSE_RADIUS_KM);
    const region = place >= 0 ? t.admin1[place]! : -1;
    return {
      city: place >= 0 ? t.names.get(place) : GEOCODE_FALLBACK.city,
      region: region >= 0 ? t.admin1Names[region]! : GEOCODE_FALLBACK.region,
      countryCode: code,
      countryName: t.countryNames.get(code) ?? GEOCODE_FALLBACK.countryName,
    };
  }

  /** The place row reverse() would name for a point, or -1 (tests and benchmarks). */
  reversePlace(lat: number, lng: number): number {
    const code = this.countries.countryAt(lat, lng);
    const countryIndex = code ? this.tables.countryIndex.get(code) : undefined;
    return countryIndex === undefined ? -1 : this.locator.locate(lat, lng, countryIndex, REVERSE_RADIUS_KM);
  }
}
