// Place names for the map: the gazetteer's towns as Mapbox Vector Tiles (layer 'places', points), for
// MapLibre symbol layers. Which towns a tile holds depends on its zoom (FIRST_ZOOM_BY_POPULATION), and a
// dense tile keeps only its most important MAX_PLACES_PER_TILE; MapLibre's collision handling thins the
// labels further as it draws them. Sections of cities (GeoNames PPLX, 'Zürich (Kreis 11)') and places
// that no longer exist are left out, as in reverse geocoding: a section's people are the city's, and its
// name is not what a map labels.
import { fromVectorTileJs, GeoJSONWrapper, type Feature } from '@maplibre/vt-pbf';
import { PLACE_TILES_LAYER, PLACE_TILES_MAX_ZOOM } from '@waymarks/shared';
import { PlaceKind, type Gazetteer } from '../../geo/gazetteer.js';
import { runInSlices, type GazetteerService } from '../../geo/gazetteer-service.js';
import type { Steps } from '../../geo/key-index.js';

export { PLACE_TILES_LAYER, PLACE_TILES_MAX_ZOOM };
/** Tile coordinates run from 0 to EXTENT on each side, the usual MVT resolution. */
export const PLACE_TILES_EXTENT = 4096;
/**
 * Points this far outside a tile's edge (in tile units, 64 = 8 px of a 512 px tile) are in it too: the
 * usual MVT buffer, for renderers that draw each tile on its own. MapLibre itself anchors a label only in
 * the tile that holds its point (symbol_layout.ts drops anchors outside the tile) and draws it across the
 * tile's edges, so for MapLibre a label is never cut either way.
 */
export const PLACE_TILES_BUFFER = 64;
/**
 * At most this many places in one tile, the most important first. A 512 px tile has room for a few dozen
 * labels, so this is several times what can be drawn and still keeps the densest tile near 10 KB.
 */
export const MAX_PLACES_PER_TILE = 300;

/**
 * From which zoom a town is in the tiles, by its GeoNames population: [zoom, least population], the
 * shallowest zoom first. At zoom 0–2 the world is one to four 512 px tiles, room for the megacities and
 * capitals only; after that each zoom doubles the scale and the threshold falls by half to two thirds,
 * which keeps the busiest tile over Europe between 30 and 180 towns at every zoom. At zoom 10 (a tile some
 * 25–40 km across) every town is in, down to cities500's smallest, 500 people.
 */
const FIRST_ZOOM_BY_POPULATION: readonly (readonly [zoom: number, population: number])[] = [
  [0, 5_000_000],
  [3, 2_000_000],
  [4, 1_000_000],
  [5, 300_000],
  [6, 100_000],
  [7, 50_000],
  [8, 20_000],
  [9, 10_000],
  [10, 0],
];

/**
 * A national capital is in from zoom 0 when its country counts this many people (the total of its
 * cities500 places: Portugal's Lisbon, not Vaduz), else from zoom 3 (CAPITAL_FIRST_ZOOM), whatever its size.
 */
const BIG_COUNTRY_POPULATION = 5_000_000;
const CAPITAL_FIRST_ZOOM = 3;

/** The first zoom at which a town is in the tiles. */
export function firstZoom(population: number, capital: boolean, countryPopulation: number): number {
  let zoom = PLACE_TILES_MAX_ZOOM;
  for (const [from, least] of FIRST_ZOOM_BY_POPULATION) {
    if (population >= least) {
      zoom = from;
      break;
    }
  }
  if (capital) zoom = Math.min(zoom, countryPopulation >= BIG_COUNTRY_POPULATION ? 0 : CAPITAL_FIRST_ZOOM);
  return zoom;
}

/**
 * A small number for the style (symbol-sort-key, text size): 0 a national capital, then 1 from a million
 * people, 2 from 100,000, 3 from 10,000, 4 the rest.
 */
export function placeRank(population: number, capital: boolean): number {
  if (capital) return 0;
  if (population >= 1_000_000) return 1;
  if (population >= 100_000) return 2;
  if (population >= 10_000) return 3;
  return 4;
}

/** Rows of work between pauses of the index's build. */
const ROWS_PER_STEP = 20_000;

/** Bounds of the numbers packed into one sort key (PlaceTileIndex.build): 22 orders × 2^25 × 2^20 < 2^53. */
const POPULATION_LIMIT = 2 ** 25 - 1;
const ROW_LIMIT = 2 ** 20;

/** Web Mercator stops here; the few places nearer the poles have no tile. */
const MAX_LATITUDE = 85.05112878;

/** Position on the Web Mercator world square, 0 to 1 on each axis (y down). */
export function worldX(lng: number): number {
  return (lng + 180) / 360;
}
export function worldY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Whether a tile exists in the pyramid served here. */
export function isServedTile({ z, x, y }: TileAddress): boolean {
  const size = 2 ** z;
  return z >= 0 && z <= PLACE_TILES_MAX_ZOOM && x >= 0 && x < size && y >= 0 && y < size;
}

/** One point of the layer: its feature id is the GeoNames id, the rest its properties. */
export interface TilePlace {
  id: number;
  /** The GeoNames name. */
  name: string;
  population: number;
  capital: boolean;
  rank: number;
  /** Position in tile units, 0 to PLACE_TILES_EXTENT inside the tile (beyond, in its buffer). */
  x: number;
  y: number;
}

/** What a tile is made from, per entry in order of importance (see PlaceTileIndex.build). */
interface Entries {
  /** Gazetteer rows. */
  place: Uint32Array;
  /** Position on the world square (worldX, worldY). */
  x: Float64Array;
  y: Float64Array;
  firstZoom: Uint8Array;
}

/**
 * The entries shown at one zoom, bucketed by the tile that holds them, each bucket in entry order: the
 * entries of tile (x, y) are items[starts[c]] to items[starts[c + 1]] for c = x × 2^z + y. Built in two
 * passes (a counting sort) where a k-d tree over every town takes some 100 ms in one piece.
 */
interface TileBuckets {
  starts: Uint32Array;
  items: Uint32Array;
}

function* bucketByTile(entries: Entries, count: number, z: number): Steps<TileBuckets> {
  const size = 2 ** z;
  const cells = new Uint32Array(count);
  const starts = new Uint32Array(size * size + 1);
  for (let i = 0; i < count; i += 1) {
    if (i % ROWS_PER_STEP === 0) yield;
    const x = Math.min(size - 1, Math.floor(entries.x[i]! * size));
    const y = Math.min(size - 1, Math.floor(entries.y[i]! * size));
    cells[i] = x * size + y;
    starts[cells[i]! + 1]! += 1;
  }
  for (let c = 1; c < starts.length; c += 1) starts[c]! += starts[c - 1]!;
  yield;
  const items = new Uint32Array(count);
  const next = starts.slice(0, size * size);
  for (let i = 0; i < count; i += 1) items[next[cells[i]!]!++] = i;
  yield;
  return { starts, items };
}

/** An entry chosen for a tile, at its position there in tiles (0 to 1 inside the tile). */
interface Chosen {
  entry: number;
  u: number;
  v: number;
}

/**
 * The towns in order of importance (first zoom, then capitals, then population), so the towns of zoom z
 * are a prefix of the order, and a tile's candidates sorted by entry number are its most important first.
 * Per zoom, that prefix bucketed by tile (TileBuckets) answers which of them lie in a tile.
 */
export class PlaceTileIndex {
  private constructor(
    private readonly gazetteer: Gazetteer,
    private readonly entries: Entries,
    /** Per zoom 0..PLACE_TILES_MAX_ZOOM. */
    private readonly buckets: readonly TileBuckets[],
  ) {}

  /**
   * Builds the index, pausing every ROWS_PER_STEP rows so a loader can hand the event loop back; the
   * longest piece is the sort, some 40 ms.
   */
  static *build(gazetteer: Gazetteer): Steps<PlaceTileIndex> {
    const t = gazetteer.tables;
    if (t.count > ROW_LIMIT) throw new Error(`${t.count} gazetteer rows do not fit the tile sort key`);
    const countryPopulation = new Float64Array(t.countryCodes.length);
    for (let row = 0; row < t.count; row += 1) {
      if (t.kind[row] === PlaceKind.country) countryPopulation[t.country[row]!] = t.score[row]!;
    }

    // Sorted as one number per town: its order (first zoom, capitals first), then its population going
    // down, then its row, packed exactly into a double so a plain numeric sort does it.
    const keys = new Float64Array(t.count);
    const zoomOf = new Uint8Array(t.count);
    let count = 0;
    for (let row = 0; row < t.count; row += 1) {
      if (row % ROWS_PER_STEP === 0) yield;
      if (t.kind[row] !== PlaceKind.locality || !t.town[row] || Math.abs(t.lat[row]!) > MAX_LATITUDE)
        continue;
      const capital = t.capitalRank[row] === 2;
      const zoom = firstZoom(t.score[row]!, capital, countryPopulation[t.country[row]!]!);
      zoomOf[row] = zoom;
      const order = zoom * 2 + (capital ? 0 : 1);
      const fewer = POPULATION_LIMIT - Math.min(Math.round(t.score[row]!), POPULATION_LIMIT);
      keys[count++] = (order * (POPULATION_LIMIT + 1) + fewer) * ROW_LIMIT + row;
    }
    yield;
    const sorted = keys.subarray(0, count).sort();
    yield;

    const entries: Entries = {
      place: new Uint32Array(count),
      x: new Float64Array(count),
      y: new Float64Array(count),
      firstZoom: new Uint8Array(count),
    };
    for (let i = 0; i < count; i += 1) {
      if (i % ROWS_PER_STEP === 0) yield;
      const row = sorted[i]! % ROW_LIMIT;
      entries.place[i] = row;
      entries.x[i] = worldX(t.lng[row]!);
      entries.y[i] = worldY(t.lat[row]!);
      entries.firstZoom[i] = zoomOf[row]!;
    }
    yield;

    const buckets: TileBuckets[] = [];
    let end = 0;
    for (let z = 0; z <= PLACE_TILES_MAX_ZOOM; z += 1) {
      while (end < count && entries.firstZoom[end]! <= z) end += 1;
      buckets.push(yield* bucketByTile(entries, end, z));
    }
    return new PlaceTileIndex(gazetteer, entries, buckets);
  }

  /** Number of towns in the tiles. */
  get size(): number {
    return this.entries.place.length;
  }

  /**
   * The entries of a tile, most important first, at most MAX_PLACES_PER_TILE: those of its own bucket and
   * those of the eight around it that lie within the buffer. Across the antimeridian the neighbours are
   * the other side of the world's tiles (zoom 0's one tile is the world, with nothing beside it).
   */
  private entriesIn({ z, x, y }: TileAddress): Chosen[] {
    const size = 2 ** z;
    const margin = PLACE_TILES_BUFFER / PLACE_TILES_EXTENT;
    const { starts, items } = this.buckets[z]!;
    const chosen: Chosen[] = [];
    const reach = size > 1 ? 1 : 0;
    for (let dx = -reach; dx <= reach; dx += 1) {
      const cx = (x + dx + size) % size;
      for (let dy = -1; dy <= 1; dy += 1) {
        const cy = y + dy;
        if (cy < 0 || cy >= size) continue;
        const cell = cx * size + cy;
        for (let k = starts[cell]!; k < starts[cell + 1]!; k += 1) {
          const entry = items[k]!;
          // Relative to the tile asked for, with a neighbour across the antimeridian shifted beside it.
          const u = this.entries.x[entry]! * size - cx + dx;
          const v = this.entries.y[entry]! * size - y;
          if (u >= -margin && u <= 1 + margin && v >= -margin && v <= 1 + margin) {
            chosen.push({ entry, u, v });
          }
        }
      }
    }
    chosen.sort((a, b) => a.entry - b.entry);
    return chosen.length > MAX_PLACES_PER_TILE ? chosen.slice(0, MAX_PLACES_PER_TILE) : chosen;
  }

  /** The places of a tile, most important first, at their positions in tile units. */
  placesIn(address: TileAddress): TilePlace[] {
    const t = this.gazetteer.tables;
    return this.entriesIn(address).map(({ entry, u, v }) => {
      const row = this.entries.place[entry]!;
      const population = t.score[row]!;
      const capital = t.capitalRank[row] === 2;
      return {
        id: t.geonameId[row]!,
        name: t.names.get(row),
        population,
        capital,
        rank: placeRank(population, capital),
        x: Math.round(u * PLACE_TILES_EXTENT),
        y: Math.round(v * PLACE_TILES_EXTENT),
      };
    });
  }

  /** The tile as MVT bytes, or undefined when no town is in it. */
  tile(address: TileAddress): Uint8Array | undefined {
    const places = this.placesIn(address);
    if (places.length === 0) return undefined;
    const features: Feature[] = places.map(({ id, x, y, ...properties }) => ({
      type: 1,
      id,
      geometry: [[x, y]],
      tags: properties,
    }));
    const layer = new GeoJSONWrapper(features, { version: 2, extent: PLACE_TILES_EXTENT });
    layer.name = PLACE_TILES_LAYER;
    return fromVectorTileJs({ layers: { [PLACE_TILES_LAYER]: layer } });
  }
}

/** Longest uninterrupted piece of the index's build, in ms, as for the gazetteer's load. */
const BUILD_SLICE_MS = 8;

/** The tile index of a server process: built once, as soon as the gazetteer has loaded. */
export class PlaceTileService {
  private building: Promise<PlaceTileIndex> | undefined;

  constructor(private readonly gazetteer: GazetteerService) {}

  /** The index, waiting for the gazetteer and the build if need be. */
  index(): Promise<PlaceTileIndex> {
    this.building ??= this.gazetteer
      .get()
      .then((gazetteer) => runInSlices(PlaceTileIndex.build(gazetteer), BUILD_SLICE_MS))
      .catch((error: unknown) => {
        this.building = undefined; // the next request tries again
        throw error;
      });
    return this.building;
  }

  /** The tile's bytes, or undefined when no town is in it. */
  async tile(address: TileAddress): Promise<Uint8Array | undefined> {
    return (await this.index()).tile(address);
  }
}
