// Cutting the basemap's tiles (Mapbox Vector Tile 2.1, extent 4096) from Natural Earth countries: 1:50m up
// to zoom 4, 1:10m from zoom 5 to the source's maxzoom. Runs in basemap-worker's thread, never on the
// server's event loop: building one resolution's index takes seconds.
import { createHash } from 'node:crypto';
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { BASEMAP_TILES_MAX_ZOOM } from '@waymarks/shared';
import type { BasemapLayers, Resolution } from './basemap-layers.js';

const EXTENT = 4096;

export interface BasemapBand {
  resolution: Resolution;
  minZoom: number;
  maxZoom: number;
}

/**
 * Which data each zoom is cut from. 1:50m from zoom 0 keeps the small countries a visited-country layer
 * needs (1:110m has 177 of 241) for 48 KB at zoom 0. At the maxzoom, 7, a tile unit is 0.0007° of
 * longitude, a fifth of world-atlas's own step (0.0036°, its quantization), and geojson-vt's tolerance
 * of 3 units drops no 1:10m vertex (counted around Lisbon, Venice and Istanbul): the data, not the
 * tile grid, limits what the map shows at zoom 12. A maxzoom of 8 would double the tiles for nothing.
 */
export const BASEMAP_BANDS: readonly BasemapBand[] = [
  { resolution: '50m', minZoom: 0, maxZoom: 4 },
  { resolution: '10m', minZoom: 5, maxZoom: BASEMAP_TILES_MAX_ZOOM },
];

/** One tile with features; the tiles of a zoom not listed hold none (open ocean). */
export interface CutTile {
  x: number;
  y: number;
  bytes: Uint8Array;
}

/** Strong: a hash of the bytes, which change only with the data. */
export const tileEtag = (bytes: Uint8Array) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/**
 * Every tile of the band that holds something, zoom by zoom from the top. A tile's four children are
 * looked at only where geojson-vt kept a tile (a clip with features, even if all of them are simplified
 * away at that zoom, as a small island is): a child's area, buffer included, lies inside its parent's.
 * Zooms above the band's minZoom are cut on the way down but not encoded.
 */
export function* cutBand(
  layers: BasemapLayers,
  band: BasemapBand,
): Generator<{ z: number; tiles: CutTile[] }> {
  const options = { maxZoom: band.maxZoom, indexMaxZoom: 0, tolerance: 3, extent: EXTENT, buffer: 64 };
  const indexes = Object.entries(layers).map(([name, data]) => [name, new GeoJSONVT(data, options)] as const);
  let candidates = [{ x: 0, y: 0 }];
  for (let z = 0; z <= band.maxZoom; z++) {
    const kept: { x: number; y: number }[] = [];
    const tiles: CutTile[] = [];
    for (const { x, y } of candidates) {
      const tile: Record<string, GeoJSONVTTile> = {};
      let found = false;
      for (const [name, index] of indexes) {
        const layer = index.getTile(z, x, y);
        found ||= layer !== null;
        if (layer && layer.features.length > 0) tile[name] = layer;
      }
      if (found) kept.push({ x, y });
      if (z >= band.minZoom && Object.keys(tile).length > 0) tiles.push({ x, y, bytes: encode(tile) });
    }
    if (z >= band.minZoom) yield { z, tiles };
    candidates = kept.flatMap(({ x, y }) => [
      { x: 2 * x, y: 2 * y },
      { x: 2 * x + 1, y: 2 * y },
      { x: 2 * x, y: 2 * y + 1 },
      { x: 2 * x + 1, y: 2 * y + 1 },
    ]);
  }
}

/** The tile in a buffer of its own, so that it can be handed to another thread without a copy. */
function encode(layers: Record<string, GeoJSONVTTile>): Uint8Array {
  const bytes = fromGeojsonVt(layers, { version: 2, extent: EXTENT });
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}
