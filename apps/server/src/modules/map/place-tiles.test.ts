// The place tile index on a handful of made-up places: which places a tile takes, in what order, where
// they land, and the edges of the world.
import { describe, expect, it } from 'vitest';
import { PlaceKind, type Gazetteer } from '../../geo/gazetteer.js';
import { runAtOnce } from '../../geo/gazetteer-service.js';
import { NameListBuilder } from '../../geo/places-reader.js';
import {
  MAX_PLACES_PER_TILE,
  PLACE_TILES_EXTENT,
  PlaceTileIndex,
  firstZoom,
  isServedTile,
  placeRank,
  worldX,
  worldY,
} from './place-tiles.js';

interface MadePlace {
  name: string;
  lng: number;
  lat: number;
  population?: number;
  kind?: number;
  /** 0 for a section of a city or a place gone. */
  town?: number;
  capitalRank?: number;
  country?: number;
}

/** A gazetteer holding only the tables the index reads. */
function gazetteerOf(places: MadePlace[]): Gazetteer {
  const count = places.length;
  const names = new NameListBuilder();
  const tables = {
    count,
    kind: new Uint8Array(count),
    lat: new Float64Array(count),
    lng: new Float64Array(count),
    score: new Float64Array(count),
    country: new Uint16Array(count),
    geonameId: new Uint32Array(count),
    town: new Uint8Array(count),
    capitalRank: new Uint8Array(count),
    countryCodes: ['AA', 'BB'],
    names: undefined as unknown,
  };
  places.forEach((place, row) => {
    tables.kind[row] = place.kind ?? PlaceKind.locality;
    tables.lat[row] = place.lat;
    tables.lng[row] = place.lng;
    tables.score[row] = place.population ?? 1000;
    tables.country[row] = place.country ?? 0;
    tables.geonameId[row] = row + 1;
    tables.town[row] = place.town ?? (tables.kind[row] === PlaceKind.locality ? 1 : 0);
    tables.capitalRank[row] = place.capitalRank ?? 0;
    names.addString(place.name);
  });
  tables.names = names.build();
  return { tables } as unknown as Gazetteer;
}

const bigCountry: MadePlace = { name: 'Bigland', lng: 0, lat: 0, kind: PlaceKind.country, population: 5e7 };
const smallCountry: MadePlace = { ...bigCountry, name: 'Smalland', country: 1, population: 1e5 };

const indexOf = (places: MadePlace[]) => runAtOnce(PlaceTileIndex.build(gazetteerOf(places)));
/** The tile holding a point at zoom z. */
const tileAt = (lng: number, lat: number, z: number) => ({
  z,
  x: Math.floor(worldX(lng) * 2 ** z),
  y: Math.floor(worldY(lat) * 2 ** z),
});
const namesIn = (index: PlaceTileIndex, lng: number, lat: number, z: number) =>
  index.placesIn(tileAt(lng, lat, z)).map((place) => place.name);

describe('which places a zoom shows', () => {
  it('takes a town from the zoom its population reaches, a capital earlier', () => {
    expect(firstZoom(6e6, false, 0)).toBe(0);
    expect(firstZoom(2e6, false, 0)).toBe(3);
    expect(firstZoom(150_000, false, 0)).toBe(6);
    expect(firstZoom(10_000, false, 0)).toBe(9);
    expect(firstZoom(9_999, false, 0)).toBe(10);
    expect(firstZoom(500_000, true, 1e7)).toBe(0);
    expect(firstZoom(5_000, true, 40_000)).toBe(3);
  });

  it('ranks capitals first, then by population', () => {
    expect([
      placeRank(5_000, true),
      placeRank(1e6, false),
      placeRank(100_000, false),
      placeRank(10_000, false),
      placeRank(9_999, false),
    ]).toEqual([0, 1, 2, 3, 4]);
  });

  it('serves zooms 0 to 10 and the tiles within each', () => {
    expect(isServedTile({ z: 0, x: 0, y: 0 })).toBe(true);
    expect(isServedTile({ z: 10, x: 1023, y: 1023 })).toBe(true);
    expect(isServedTile({ z: 11, x: 0, y: 0 })).toBe(false);
    expect(isServedTile({ z: 3, x: 8, y: 0 })).toBe(false);
    expect(isServedTile({ z: 3, x: 0, y: 8 })).toBe(false);
  });
});

describe('the tile index', () => {
  it('holds towns only: no sections of cities, places gone, regions or countries, nor the poles', () => {
    const index = indexOf([
      bigCountry,
      { name: 'Town', lng: 1, lat: 1 },
      { name: 'Town (Section 2)', lng: 1.01, lat: 1, population: 9e6, town: 0 },
      { name: 'Region', lng: 1, lat: 1, kind: PlaceKind.region, population: 9e6 },
      { name: 'Polar station', lng: 1, lat: 89, population: 9e6 },
    ]);
    expect(index.size).toBe(1);
    expect(namesIn(index, 1, 1, 10)).toEqual(['Town']);
  });

  it('lists a tile most important first: its zoom, capitals, population', () => {
    const index = indexOf([
      bigCountry,
      smallCountry,
      { name: 'Village', lng: 1.1, lat: 1.1, population: 600 },
      { name: 'Small capital', lng: 1.1, lat: 1.12, population: 3_000, capitalRank: 2, country: 1 },
      { name: 'City', lng: 1.12, lat: 1.1, population: 2_500_000 },
      { name: 'Capital', lng: 1.14, lat: 1.1, population: 900_000, capitalRank: 2 },
      { name: 'Town', lng: 1.14, lat: 1.14, population: 50_000 },
    ]);
    const at = (z: number) => namesIn(index, 1.1, 1.1, z);
    expect(at(0)).toEqual(['Capital']);
    expect(at(3)).toEqual(['Capital', 'Small capital', 'City']);
    expect(at(7)).toEqual(['Capital', 'Small capital', 'City', 'Town']);
    expect(at(10)).toEqual(['Capital', 'Small capital', 'City', 'Town', 'Village']);
  });

  it(`keeps at most ${MAX_PLACES_PER_TILE} places a tile, the most populous`, () => {
    const places: MadePlace[] = [bigCountry];
    for (let i = 0; i < MAX_PLACES_PER_TILE + 50; i += 1) {
      const [lng, lat] = [1.1 + (i % 20) * 0.001, 1.1 + Math.floor(i / 20) * 0.001];
      places.push({ name: `P${i}`, lng, lat, population: 600 + i });
    }
    const index = indexOf(places);
    const kept = namesIn(index, 1.1, 1.1, 10);
    expect(kept).toHaveLength(MAX_PLACES_PER_TILE);
    expect(kept[0]).toBe(`P${MAX_PLACES_PER_TILE + 49}`);
    expect(kept).not.toContain('P0');
  });

  it('takes places within the buffer across the antimeridian, placed beyond the edge', () => {
    const index = indexOf([
      bigCountry,
      { name: 'East', lng: 179.99, lat: 0.01, population: 60_000 },
      { name: 'West', lng: -179.99, lat: 0.01, population: 60_000 },
    ]);
    // Zoom 10: the buffer is 1/64 of a tile, about 0.0055° of longitude; 0.01° is outside it.
    expect(namesIn(index, -179.99, 0.01, 10)).toEqual(['West']);
    // Zoom 7: a tile is 2.8125° wide, its buffer 0.044°; each place is 0.01° (14.6 units) from the edge.
    const z7 = (x: number) =>
      index.placesIn({ z: 7, x, y: 63 }).map((place) => [place.name, place.x, place.y]);
    const y = Math.round((worldY(0.01) * 128 - 63) * PLACE_TILES_EXTENT);
    expect(z7(0)).toEqual([
      ['East', -15, y],
      ['West', 15, y],
    ]);
    expect(z7(127)).toEqual([
      ['East', PLACE_TILES_EXTENT - 15, y],
      ['West', PLACE_TILES_EXTENT + 15, y],
    ]);
  });

  it('has no tile where there is no town', () => {
    const index = indexOf([bigCountry, { name: 'Town', lng: 1, lat: 1 }]);
    expect(index.tile({ z: 10, x: 0, y: 0 })).toBeUndefined();
    expect(index.tile(tileAt(1, 1, 10))).toBeInstanceOf(Uint8Array);
  });
});
