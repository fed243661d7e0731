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
import type { NameList } from './places-reader.js';
import { normalizeName } from './normalize.js';

/**
 * How far from a point reverse geocoding looks for its town, in km. 50 km covers a town's outskirts and
 * the countryside between towns almost everywhere people live, while a point farther than that from any
 * town of its country (open sea within a country's waters, desert, ice) is honestly 'Unknown City' rather
 * than named after a place out of sight. See README.md in this folder.
 */
const REVERSE_RADIUS_KM = 50;

/** How much an exact match on an alternate name weighs against one on the name (see search()). */
const ALTERNATE_EXACT_WEIGHT = 0.1;

export const PlaceKind = { locality: 0, region: 1, country: 2 } as const;
const PLACE_TYPE: readonly PlaceType[] = ['locality', 'region', 'country'];

/** One row per place, region and country, in parallel arrays. */
interface GazetteerTables {
  count: number;
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

interface SearchIndexes {
  /** Names and ASCII names. */
  primary: KeyIndex;
  /** Every word start inside a name but the first ('york city', 'city' for 'New York City'). */
  words: KeyIndex;
  /** Alternate names: other languages and spellings, old names, codes. */
  alternate: KeyIndex;
}

export class Gazetteer {
  constructor(
    readonly tables: GazetteerTables,
    readonly indexes: SearchIndexes,
    readonly locator: PlaceLocator,
    readonly countries: CountryLookup,
  ) {}

  /** Number of search keys over all indexes (diagnostics). */
  get keyCount(): number {
    return this.indexes.primary.size + this.indexes.words.size + this.indexes.alternate.size;
  }

  /**
   * Up to `limit` places for what someone typed, best first. Match quality comes first, population second:
   *   1. the whole query is a name of the place (its name, ASCII name or any alternate name): 'Munich',
   *      'Lisboa', 'zurich';
   *   2. the query starts the place's name: 'zur' → Zürich;
   *   3. the query starts a later word of the name: 'york' → New York City;
   *   4. the query starts one of its alternate names: 'lisb' → Lisboa → Lisbon.
   * Case, accents and punctuation do not matter (normalize.ts). Only places, regions and countries are in
   * the index, so the results are geographic by construction (SPEC.md §5).
   */
  search(query: string, limit: number = PLACE_SEARCH_LIMITS.maxResults): PlaceSearchResult[] {
    return this.searchPlaces(query, limit).map((place) => this.toSearchResult(place));
  }

  /** search() as place rows (tests and benchmarks). */
  searchPlaces(query: string, limit: number = PLACE_SEARCH_LIMITS.maxResults): number[] {
    const key = normalizeName(query);
    if (!key || limit <= 0) return [];
    const bytes = Buffer.from(key, 'utf8');
    const { primary, words, alternate } = this.indexes;
    const found: number[] = [];
    const seen = new Set<number>();
    const take = (place: number) => {
      if (!seen.has(place)) {
        seen.add(place);
        found.push(place);
      }
      return found.length < limit;
    };

    const inPrimary = primary.prefixRange(bytes);
    const inAlternate = alternate.prefixRange(bytes);

    // 1. Exact: the best of both indexes' exact ranges, merged by score. A match on an alternate name
    //    weighs a tenth, so 'York' is York before a town that once had York among its names, while
    //    'Roma' is still Rome before Roma, Queensland; unless the name itself starts with the query
    //    ('New York' is an alternate name of New York City), which weighs in full.
    const { score, names } = this.tables;
    const exact = new Map<number, number>();
    primary.visitBest(inPrimary.lo, inPrimary.exactEnd, (place) => {
      exact.set(place, score[place]!);
      return exact.size < limit;
    });
    let fromAlternate = 0;
    alternate.visitBest(inAlternate.lo, inAlternate.exactEnd, (place) => {
      if (!exact.has(place)) {
        const full = normalizeName(names.get(place)).startsWith(key);
        exact.set(place, score[place]! * (full ? 1 : ALTERNATE_EXACT_WEIGHT));
      }
      return (fromAlternate += 1) < limit;
    });
    const ranked = [...exact].sort((a, b) => b[1] - a[1]);
    for (const [place] of ranked) if (!take(place)) return found;

    // 2. Prefix of a name, 3. of a later word, 4. of an alternate name.
    let more = true;
    primary.visitBest(inPrimary.exactEnd, inPrimary.hi, (place) => (more = take(place)));
    if (!more) return found;
    const inWords = words.prefixRange(bytes);
    words.visitBest(inWords.lo, inWords.hi, (place) => (more = take(place)));
    if (!more) return found;
    alternate.visitBest(inAlternate.exactEnd, inAlternate.hi, take);
    return found;
  }

  private countryName(code: string): string {
    return this.tables.countryNames.get(code) ?? code;
  }

  toSearchResult(place: number): PlaceSearchResult {
    const t = this.tables;
    const kind = t.kind[place]!;
    const name = t.names.get(place);
    const countryCode = t.countryCodes[t.country[place]!]!;
    const countryName = this.countryName(countryCode);
    const region = t.admin1[place]!;
    const regionName = kind === PlaceKind.locality && region >= 0 ? t.admin1Names[region] : undefined;
    const parts = [name];
    if (regionName && regionName !== name) parts.push(regionName);
    if (kind !== PlaceKind.country) parts.push(countryName);
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
      formattedAddress: parts.join(', '),
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
