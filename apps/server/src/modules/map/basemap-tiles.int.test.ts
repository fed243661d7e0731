// The basemap tiles through their route, on the real Natural Earth data: what each zoom holds, city
// pins that stand on land only in the 1:10m data, refusals of bad addresses, ocean tiles, the caching
// and compression headers, and what a world view costs against the whole 1:50m file it replaces.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import type { MultiPolygon, Point, Polygon } from 'geojson';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASEMAP_LAYERS,
  BASEMAP_TILES_MAX_ZOOM,
  BASEMAP_TILES_URL,
  ErrorCode,
  ErrorResponse,
} from '@waymarks/shared';
import { startTestApp, type TestApp } from '../../testing/test-app.js';
import { basemapLayers, readWorldAtlas } from './basemap-layers.js';

interface TileAddress {
  z: number;
  x: number;
  y: number;
}

const urlOf = ({ z, x, y }: TileAddress) =>
  BASEMAP_TILES_URL.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

/** The tile holding a point at zoom z (Web Mercator). */
function tileAt(lng: number, lat: number, z: number): TileAddress {
  const sin = Math.sin((lat * Math.PI) / 180);
  const worldY = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return { z, x: Math.floor(((lng + 180) / 360) * 2 ** z), y: Math.floor(worldY * 2 ** z) };
}

/** Even-odd rule over every ring of the geometry. */
function contains(geometry: Polygon | MultiPolygon, [x, y]: [number, number]): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let inside = false;
  for (const ring of polygons.flat()) {
    for (let i = 1; i < ring.length; i++) {
      const [x1, y1] = ring[i - 1] as [number, number];
      const [x2, y2] = ring[i] as [number, number];
      if (y1 > y !== y2 > y && x < x1 + ((y - y1) / (y2 - y1)) * (x2 - x1)) inside = !inside;
    }
  }
  return inside;
}

function layerOf(tile: VectorTile, name: string): VectorTileLayer {
  const layer = tile.layers[name];
  if (!layer) throw new Error(`no ${name} layer`);
  return layer;
}

function featuresOf(layer: VectorTileLayer) {
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i));
}

/** Whether the country `code` of the tile covers the point, read back to degrees from tile units. */
function countryCovers(tile: VectorTile, address: TileAddress, code: string, point: [number, number]) {
  return featuresOf(layerOf(tile, BASEMAP_LAYERS.countries))
    .filter((feature) => feature.properties.code === code)
    .some((feature) => {
      const { geometry } = feature.toGeoJSON(address.x, address.y, address.z);
      return (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') && contains(geometry, point);
    });
}

const fiftyMetre = basemapLayers(readWorldAtlas('50m'));

/** Whether the country `code` of the 1:50m data the web app draws today covers the point. */
function fiftyMetreCovers(code: string, point: [number, number]) {
  const country = fiftyMetre.countries.features.find((feature) => feature.properties.code === code);
  if (!country) throw new Error(`no ${code} in the 1:50m data`);
  return contains(country.geometry, point);
}

describe('the basemap tiles', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  async function tileOf(address: TileAddress): Promise<VectorTile> {
    const res = await get(urlOf(address));
    expect(res.statusCode, urlOf(address)).toBe(200);
    return new VectorTile(new PbfReader(res.rawPayload));
  }

  it('draws the world at zoom 0: countries with their codes, land borders and label points', async () => {
    const res = await get(urlOf({ z: 0, x: 0, y: 0 }));
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'application/vnd.mapbox-vector-tile',
      'cache-control': 'public, max-age=86400',
      vary: 'accept-encoding',
    });
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const tile = new VectorTile(new PbfReader(res.rawPayload));
    expect(Object.keys(tile.layers).sort()).toEqual(['borders', 'countries', 'country_labels']);

    const countries = layerOf(tile, BASEMAP_LAYERS.countries);
    expect(countries.extent).toBe(4096);
    const codes = new Set(featuresOf(countries).map((feature) => feature.properties.code));
    for (const code of ['PT', 'FR', 'RU', 'FJ', 'XK']) expect(codes, code).toContain(code);
    for (const feature of featuresOf(countries)) {
      expect(feature.type).toBe(3);
      expect(feature.properties.name).toEqual(expect.any(String));
    }
    const portugal = featuresOf(countries).find((feature) => feature.properties.code === 'PT');
    expect(portugal?.properties.name).toBe('Portugal');

    const borders = featuresOf(layerOf(tile, BASEMAP_LAYERS.borders));
    expect(borders.length).toBeGreaterThan(0);
    for (const feature of borders) expect(feature.type).toBe(2);

    const labels = featuresOf(layerOf(tile, BASEMAP_LAYERS.countryLabels));
    // Countries smaller than the simplification's tolerance (Singapore, the Vatican) have no polygon at
    // zoom 0, as in a GeoJSON source, but every country of the 1:50m data has its label point (those
    // near ±180° twice: once more in the tile's buffer, for the next copy of the world).
    expect(new Set(labels.map((feature) => feature.properties.name))).toEqual(
      new Set(fiftyMetre.countries.features.map((feature) => feature.properties.name)),
    );
    const label = (code: string) => labels.find((feature) => feature.properties.code === code);
    expect(label('RU')?.properties).toMatchObject({ name: 'Russia', rank: 1, minzoom: 0 });
    expect(label('FR')?.properties.area).toBeGreaterThan(500_000);
    expect(Number(label('VA')?.properties.minzoom)).toBeGreaterThan(Number(label('PT')?.properties.minzoom));
    expect(Number(label('PT')?.properties.rank)).toBeLessThan(Number(label('LU')?.properties.rank));
  });

  it.each([
    ['Portugal', 'PT', [-9.1366, 38.71]],
    ['France', 'FR', [2.35, 46.5]],
    ['Norway', 'NO', [9, 61.5]],
    ['Canada', 'CA', [-100, 56]],
  ] as const)("puts %s's label inside %s at the maxzoom", async (_, code, near) => {
    const address = tileAt(near[0], near[1], 0);
    const tile = await tileOf(address);
    const label = featuresOf(layerOf(tile, BASEMAP_LAYERS.countryLabels)).find(
      (feature) => feature.properties.code === code,
    );
    const [lng, lat] = (label?.toGeoJSON(0, 0, 0).geometry as Point).coordinates;
    const at = tileAt(lng!, lat!, BASEMAP_TILES_MAX_ZOOM);
    expect(countryCovers(await tileOf(at), at, code, [lng!, lat!])).toBe(true);
  });

  // Points on land in reality that the 1:50m coast of today's basemap puts in the water.
  it.each([
    ['Lisbon, Baixa', 'PT', [-9.1366, 38.71]],
    ['Lisbon, Alfama', 'PT', [-9.13, 38.7115]],
    ['Venice, Rialto', 'IT', [12.3358, 45.438]],
    ['Hong Kong, Kowloon', 'HK', [114.1694, 22.3193]],
    ['Istanbul, Sultanahmet', 'TR', [28.9784, 41.0082]],
  ] as const)('puts %s on land at the maxzoom, where the 1:50m data has water', async (_, code, point) => {
    const at = tileAt(point[0], point[1], BASEMAP_TILES_MAX_ZOOM);
    expect(fiftyMetreCovers(code, [...point])).toBe(false);
    expect(countryCovers(await tileOf(at), at, code, [...point])).toBe(true);
  });

  it('cuts zooms 5 and up from the 1:10m data and the lower ones from 1:50m', async () => {
    // Gibraltar is in the 1:10m countries only.
    const hasGibraltar = async (z: number) => {
      const address = tileAt(-5.35, 36.14, z);
      const codes = featuresOf(layerOf(await tileOf(address), BASEMAP_LAYERS.countries)).map(
        (feature) => feature.properties.code,
      );
      return codes.includes('GI');
    };
    expect(await hasGibraltar(4)).toBe(false);
    expect(await hasGibraltar(5)).toBe(true);
    expect(await hasGibraltar(BASEMAP_TILES_MAX_ZOOM)).toBe(true);
  });

  it('answers a tile of open ocean 204 with no body, cacheable', async () => {
    const res = await get(urlOf(tileAt(-140, 0, BASEMAP_TILES_MAX_ZOOM)));
    expect(res.statusCode).toBe(204);
    expect(res.rawPayload).toHaveLength(0);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each([
    [`/map/tiles/basemap/${BASEMAP_TILES_MAX_ZOOM + 1}/0/0.pbf`, 404],
    ['/map/tiles/basemap/1/2/0.pbf', 404],
    ['/map/tiles/basemap/1/0/2.pbf', 404],
    ['/map/tiles/basemap/0/0/4294967296.pbf', 404],
    ['/map/tiles/basemap/-1/0/0.pbf', 400],
    ['/map/tiles/basemap/a/0/0.pbf', 400],
    ['/map/tiles/basemap/1.5/0/0.pbf', 400],
    ['/map/tiles/basemap/0/0x0/0.pbf', 400],
    ['/map/tiles/basemap/0/0/1e0.pbf', 400],
    ['/map/tiles/basemap/0/0/00000000000.pbf', 400],
    ['/map/tiles/basemap/0/0/0.png', 404],
    ['/map/tiles/basemap/0/0.pbf', 404],
  ])('refuses %s with %i in the API error shape', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe(status === 400 ? ErrorCode.validation : ErrorCode.notFound);
  });

  it('answers If-None-Match with 304, and another tile has another ETag', async () => {
    const address = tileAt(-9.1366, 38.71, BASEMAP_TILES_MAX_ZOOM);
    const first = await get(urlOf(address));
    const etag = String(first.headers.etag);
    const again = await get(urlOf(address), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=86400' });
    expect((await get(urlOf(address), { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const other = await get(urlOf({ ...address, x: address.x + 1 }));
    expect(other.headers.etag).not.toBe(etag);
  });

  it('sends brotli or gzip to a browser that accepts it, the same tile inside', async () => {
    const url = urlOf({ z: 0, x: 0, y: 0 });
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it('costs a world view less than the 1:50m file it replaces, both compressed', async () => {
    const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
    const whole = gzipSync(readFileSync(file)).length;
    for (const z of [0, 1, 2]) {
      let bytes = 0;
      for (let x = 0; x < 2 ** z; x++) {
        for (let y = 0; y < 2 ** z; y++) {
          const res = await get(urlOf({ z, x, y }), { 'accept-encoding': 'gzip' });
          bytes += res.rawPayload.length;
        }
      }
      expect(bytes, `zoom ${z}`).toBeLessThan(whole / 2);
    }
  });
});
