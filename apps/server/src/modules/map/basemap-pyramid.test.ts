// The pyramid walk against asking geojson-vt for every address of the grid: it finds the same tiles with
// the same bytes, small islands simplified away above their zoom included.
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { describe, expect, it } from 'vitest';
import { basemapLayers, readWorldAtlas, type BasemapLayers } from './basemap-layers.js';
import { BASEMAP_BANDS, cutBand, tileEtag } from './basemap-pyramid.js';

describe('cutBand', () => {
  it('cuts every tile of the 1:50m band that holds something, as a lookup of each address would', () => {
    const band = BASEMAP_BANDS[0]!;
    const layers = basemapLayers(readWorldAtlas(band.resolution));
    const walked = new Map<string, string>();
    for (const { z, tiles } of cutBand(layers, band)) {
      for (const { x, y, bytes } of tiles) walked.set(`${z}/${x}/${y}`, tileEtag(bytes));
    }

    const options = { maxZoom: band.maxZoom, indexMaxZoom: 0, tolerance: 3, extent: 4096, buffer: 64 };
    const indexes = Object.entries(layers).map(
      ([name, data]) => [name, new GeoJSONVT(data, options)] as const,
    );
    const looked = new Map<string, string>();
    for (let z = band.minZoom; z <= band.maxZoom; z++) {
      for (let x = 0; x < 2 ** z; x++) {
        for (let y = 0; y < 2 ** z; y++) {
          const tile: Record<string, GeoJSONVTTile> = {};
          for (const [name, index] of indexes) {
            const layer = index.getTile(z, x, y);
            if (layer && layer.features.length > 0) tile[name] = layer;
          }
          if (Object.keys(tile).length === 0) continue;
          looked.set(`${z}/${x}/${y}`, tileEtag(fromGeojsonVt(tile, { version: 2, extent: 4096 })));
        }
      }
    }
    expect(walked.size).toBe(290);
    expect(walked).toEqual(looked);
  });

  it('walks down to an island too small to be drawn at the zooms above it', () => {
    // 0.05° across: less than geojson-vt's tolerance up to zoom 2, drawn from zoom 3.
    const island: [number, number][] = [
      [10, 10],
      [10.05, 10],
      [10.05, 10.05],
      [10, 10.05],
      [10, 10],
    ];
    const layers: BasemapLayers = {
      countries: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: 'Island' },
            geometry: { type: 'Polygon', coordinates: [island] },
          },
        ],
      },
      borders: { type: 'FeatureCollection', features: [] },
      country_labels: { type: 'FeatureCollection', features: [] },
    };
    const counts = [...cutBand(layers, { resolution: '50m', minZoom: 0, maxZoom: 4 })].map(
      ({ tiles }) => tiles.length,
    );
    expect(counts).toEqual([0, 0, 0, 1, 1]);
  });
});
