// The place-name tiles through their route, on the real gazetteer: which towns each zoom shows, where they
// land in the tile, the per-tile cap, refusals of bad addresses, and the caching headers.
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ErrorResponse } from '@waymarks/shared';
import type { Gazetteer } from '../../geo/gazetteer.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../../http/compression.js';
import { sharedGazetteer, startTestApp, type TestApp } from '../../testing/test-app.js';
import {
  MAX_PLACES_PER_TILE,
  PLACE_TILES_BUFFER,
  PLACE_TILES_EXTENT,
  PLACE_TILES_LAYER,
  PLACE_TILES_MAX_ZOOM,
  firstZoom,
  worldX,
  worldY,
  type TileAddress,
  type TilePlace,
} from './place-tiles.js';

const urlOf = ({ z, x, y }: TileAddress) => `/map/tiles/places/${z}/${x}/${y}.pbf`;

/** The tile holding a point at zoom z. */
const tileAt = (lng: number, lat: number, z: number): TileAddress => ({
  z,
  x: Math.floor(worldX(lng) * 2 ** z),
  y: Math.floor(worldY(lat) * 2 ** z),
});

function decode(bytes: Buffer): TilePlace[] {
  const tile = new VectorTile(new PbfReader(bytes));
  expect(Object.keys(tile.layers)).toEqual([PLACE_TILES_LAYER]);
  const layer = tile.layers[PLACE_TILES_LAYER]!;
  expect(layer.extent).toBe(PLACE_TILES_EXTENT);
  const places: TilePlace[] = [];
  for (let i = 0; i < layer.length; i += 1) {
    const feature = layer.feature(i);
    expect(feature.type).toBe(1);
    const rings = feature.loadGeometry();
    expect(rings).toHaveLength(1);
    expect(rings[0]).toHaveLength(1);
    const point = rings[0]![0]!;
    const { name, population, capital, rank } = feature.properties;
    places.push({
      id: Number(feature.id),
      name: String(name),
      population: Number(population),
      capital: capital as boolean,
      rank: Number(rank),
      x: point.x,
      y: point.y,
    });
  }
  return places;
}

describe('place-name vector tiles', () => {
  let t: TestApp;
  let gazetteer: Gazetteer;
  /** Gazetteer row of each GeoNames id. */
  const rowOf = new Map<number, number>();

  beforeAll(async () => {
    [t, gazetteer] = await Promise.all([startTestApp('sqlite'), sharedGazetteer().get()]);
    const { count, kind, geonameId } = gazetteer.tables;
    for (let row = 0; row < count; row += 1) if (kind[row] === 0) rowOf.set(geonameId[row]!, row);
  }, 60_000);
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  async function placesIn(address: TileAddress): Promise<TilePlace[]> {
    const res = await get(urlOf(address));
    if (res.statusCode === 204) return [];
    expect(res.statusCode, res.body).toBe(200);
    return decode(res.rawPayload);
  }

  /** Where a gazetteer row lies in a tile, in tile units. */
  function expectedPosition(row: number, { z, x, y }: TileAddress) {
    const size = 2 ** z;
    const { lat, lng } = gazetteer.tables;
    return {
      x: (worldX(lng[row]!) * size - x) * PLACE_TILES_EXTENT,
      y: (worldY(lat[row]!) * size - y) * PLACE_TILES_EXTENT,
    };
  }

  /** Every place of a tile is the gazetteer's town of that id, shown from that zoom, where it lies. */
  function expectFaithful(places: TilePlace[], address: TileAddress) {
    const t = gazetteer.tables;
    const countryPopulation = new Map<number, number>();
    for (let row = 0; row < t.count; row += 1)
      if (t.kind[row] === 2) countryPopulation.set(t.country[row]!, t.score[row]!);
    for (const place of places) {
      const row = rowOf.get(place.id);
      expect(row, `${place.name} (${place.id}) is no locality of the gazetteer`).toBeDefined();
      expect(t.town[row!], `${place.name} is a town of its own`).toBe(1);
      expect(place.name).toBe(t.names.get(row!));
      expect(place.population).toBe(t.score[row!]);
      expect(place.capital).toBe(t.capitalRank[row!] === 2);
      const zoom = firstZoom(place.population, place.capital, countryPopulation.get(t.country[row!]!)!);
      expect(zoom, `${place.name} is shown from zoom ${zoom}`).toBeLessThanOrEqual(address.z);
      const at = expectedPosition(row!, address);
      expect(Math.abs(place.x - at.x), place.name).toBeLessThanOrEqual(1);
      expect(Math.abs(place.y - at.y), place.name).toBeLessThanOrEqual(1);
      const limit = PLACE_TILES_EXTENT + PLACE_TILES_BUFFER;
      expect(place.x).toBeGreaterThanOrEqual(-PLACE_TILES_BUFFER);
      expect(place.x).toBeLessThanOrEqual(limit);
      expect(place.y).toBeGreaterThanOrEqual(-PLACE_TILES_BUFFER);
      expect(place.y).toBeLessThanOrEqual(limit);
    }
  }

  it('shows the capitals and megacities over Europe at zoom 2, and no small town', async () => {
    const address = tileAt(2.35, 48.85, 2);
    const places = await placesIn(address);
    const names = places.map((place) => place.name);
    expect(names).toEqual(
      expect.arrayContaining(['Paris', 'London', 'Berlin', 'Rome', 'Warsaw', 'Istanbul']),
    );
    expect(names).not.toContain('Sintra');
    for (const place of places) {
      expect(place.capital || place.population >= 5_000_000, place.name).toBe(true);
    }
    const paris = places.find((place) => place.name === 'Paris')!;
    expect(paris).toMatchObject({ capital: true, rank: 0, id: 2988507 });
    expect(places.find((place) => place.name === 'Istanbul')).toMatchObject({ capital: false, rank: 1 });
    expectFaithful(places, address);
  });

  it('adds the towns around Lisbon at zoom 8 and the villages at zoom 10', async () => {
    const z8 = tileAt(-9.14, 38.72, 8);
    const at8 = await placesIn(z8);
    const names8 = at8.map((place) => place.name);
    expect(names8).toEqual(expect.arrayContaining(['Lisbon', 'Sintra', 'Cascais', 'Amadora']));
    expect(names8).not.toContain('Colares'); // 7,905 people: from zoom 10
    expect(at8.find((place) => place.name === 'Lisbon')).toMatchObject({ capital: true, rank: 0 });
    expect(at8.find((place) => place.name === 'Sintra')).toMatchObject({ capital: false, rank: 3 });
    expectFaithful(at8, z8);

    const z10 = tileAt(-9.4469, 38.7992, 10);
    const at10 = await placesIn(z10);
    expect(at10.map((place) => place.name)).toContain('Colares');
    expect(at10.some((place) => place.population < 10_000 && place.rank === 4)).toBe(true);
    expectFaithful(at10, z10);
  });

  it('lists a tile most important first, capitals before the rest of their zoom', async () => {
    const places = await placesIn(tileAt(-9.14, 38.72, 8));
    expect(places[0]!.name).toBe('Lisbon');
    const smaller = places.slice(1);
    for (let i = 1; i < smaller.length; i += 1) {
      expect(smaller[i]!.population).toBeLessThanOrEqual(smaller[i - 1]!.population);
    }
  });

  it('keeps the densest tile to its most important places, under the compression threshold', async () => {
    // The densest tile at the deepest zoom (western Java): 374 towns.
    const address = { z: PLACE_TILES_MAX_ZOOM, x: 819, y: 532 };
    const res = await get(urlOf(address), { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    const places = decode(res.rawPayload);
    expect(places).toHaveLength(MAX_PLACES_PER_TILE);
    expectFaithful(places, address);
    // Small enough to go out as it is, as the API's answers do below the threshold.
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('puts a town near an edge into the tile beside it too, within the buffer', async () => {
    // Towns of zoom 6 within half the buffer of the right edge of their tile, in Europe.
    const t = gazetteer.tables;
    const near: { row: number; address: TileAddress }[] = [];
    for (let row = 0; row < t.count && near.length < 5; row += 1) {
      if (t.kind[row] !== 0 || !t.town[row] || t.score[row]! < 100_000) continue;
      if (t.lng[row]! < -10 || t.lng[row]! > 30 || t.lat[row]! < 36 || t.lat[row]! > 60) continue;
      const address = tileAt(t.lng[row]!, t.lat[row]!, 6);
      if (expectedPosition(row, address).x > PLACE_TILES_EXTENT - PLACE_TILES_BUFFER / 2)
        near.push({ row, address });
    }
    expect(near.length).toBeGreaterThan(0);
    for (const { row, address } of near) {
      const id = t.geonameId[row]!;
      const beside = { ...address, x: address.x + 1 };
      const inOwn = (await placesIn(address)).find((place) => place.id === id);
      const inBeside = (await placesIn(beside)).find((place) => place.id === id);
      expect(inOwn, t.names.get(row)).toBeDefined();
      expect(inBeside, t.names.get(row)).toBeDefined();
      expect(inBeside!.x).toBeLessThan(0);
      expect(inBeside!.x + PLACE_TILES_EXTENT).toBeCloseTo(inOwn!.x, -1);
      expect(inBeside!.y).toBe(inOwn!.y);
    }
  });

  it('answers a tile with cache headers, a strong ETag and 304 for it', async () => {
    const url = urlOf(tileAt(2.35, 48.85, 6));
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'application/vnd.mapbox-vector-tile',
      'cache-control': 'public, max-age=86400',
      'content-length': String(res.rawPayload.length),
    });
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await get(url)).headers.etag).toBe(etag);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload).toHaveLength(0);
  });

  it('answers a tile without towns (open ocean) 204 with no body, which MapLibre draws as empty', async () => {
    const res = await get(urlOf(tileAt(-140, -40, 8)));
    expect(res.statusCode).toBe(204);
    expect(res.rawPayload).toHaveLength(0);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each([
    ['a zoom beyond the deepest', `/map/tiles/places/${PLACE_TILES_MAX_ZOOM + 1}/0/0.pbf`],
    ['x beyond the zoom', '/map/tiles/places/2/4/0.pbf'],
    ['y beyond the zoom', '/map/tiles/places/3/0/8.pbf'],
    ['another format', '/map/tiles/places/2/2/1.png'],
    ['a missing coordinate', '/map/tiles/places/2/2.pbf'],
  ])('answers %s with 404', async (_what, url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.code).toBe(ErrorCode.notFound);
  });

  it.each([
    ['a negative zoom', '/map/tiles/places/-1/0/0.pbf'],
    ['a fraction', '/map/tiles/places/2/1.5/1.pbf'],
    ['a leading zero', '/map/tiles/places/02/1/1.pbf'],
    ['a sign', '/map/tiles/places/2/+1/1.pbf'],
    ['letters', '/map/tiles/places/z/x/y.pbf'],
    ['an exponent', '/map/tiles/places/1e1/0/0.pbf'],
    ['eleven digits', '/map/tiles/places/2/10000000000/1.pbf'],
    ['a NUL character', '/map/tiles/places/2/1%00/1.pbf'],
  ])('refuses %s with 400 in the API error shape', async (_what, url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorResponse.safeParse(res.json()).success, res.body).toBe(true);
    expect(res.json().error.code).toBe(ErrorCode.validation);
  });

  it.each([
    ['invalid UTF-8', '/map/tiles/places/2/%FF/1.pbf', [400]],
    ['100,000 characters', `/map/tiles/places/2/${'1'.repeat(100_000)}/1.pbf`, [400, 414]],
  ])('refuses a coordinate of %s in the API error shape', async (_what, url, statuses) => {
    const res = await get(url);
    expect(statuses).toContain(res.statusCode);
    expect(ErrorResponse.safeParse(res.json()).success, res.body).toBe(true);
  });
});
