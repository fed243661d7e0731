// A small street-level basemap extract in the Protomaps schema, as `pmtiles extract` cuts one from a
// Protomaps build: the land (`earth`), the Tagus (`water`), a park (`landuse`) and a motorway (`roads`) in
// central Lisbon, at zooms 12 to 14. Its features are plain rectangles and a straight line, so a test
// knows where each one is drawn.
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection } from 'geojson';
import { writePmtiles, type ArchiveTile } from './pmtiles-writer.js';

type Box = [west: number, south: number, east: number, north: number];

/** Where the extract has tiles. */
export const EXTRACT_BOUNDS: Box = [-9.2, 38.68, -9.08, 38.78];
/** A park round the middle of Baixa and Lisbon's gazetteer point. */
export const EXTRACT_PARK: Box = [-9.15, 38.712, -9.128, 38.732];
/** A motorway running north and south along this longitude, across the park. */
export const EXTRACT_MOTORWAY_LNG = -9.1443;
export const EXTRACT_MIN_ZOOM = 12;
export const EXTRACT_MAX_ZOOM = 14;

const EXTENT = 4096;
const [WEST, SOUTH, EAST, NORTH] = EXTRACT_BOUNDS;
const TAGUS_NORTH = 38.7;

function rectangle([west, south, east, north]: Box, properties: Record<string, string>): Feature {
  return {
    type: 'Feature',
    properties,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  };
}

const collection = (...features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

/** The extract's layers, named as in the Protomaps basemap schema. */
export function streetLayers(): Record<string, FeatureCollection> {
  return {
    earth: collection(rectangle([WEST, TAGUS_NORTH, EAST, NORTH], { kind: 'earth' })),
    water: collection(rectangle([WEST, SOUTH, EAST, TAGUS_NORTH], { kind: 'water' })),
    landuse: collection(rectangle(EXTRACT_PARK, { kind: 'park' })),
    roads: collection({
      type: 'Feature',
      properties: { kind: 'highway', kind_detail: 'motorway', ref: 'A1' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [EXTRACT_MOTORWAY_LNG, TAGUS_NORTH],
          [EXTRACT_MOTORWAY_LNG, NORTH],
        ],
      },
    }),
  };
}

/** The tile column and row holding a point at a zoom (Web Mercator). */
export function tileAt(z: number, lng: number, lat: number): { x: number; y: number } {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n;
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(y) };
}

/** Every tile of zooms 12 to 14 over the bounds, encoded as Mapbox Vector Tiles. */
export function streetTiles(): ArchiveTile[] {
  const options = { maxZoom: EXTRACT_MAX_ZOOM, indexMaxZoom: 0, tolerance: 3, extent: EXTENT, buffer: 64 };
  const indexes = Object.entries(streetLayers()).map(
    ([name, data]) => [name, new GeoJSONVT(data, options)] as const,
  );
  const tiles: ArchiveTile[] = [];
  for (let z = EXTRACT_MIN_ZOOM; z <= EXTRACT_MAX_ZOOM; z++) {
    const topLeft = tileAt(z, WEST, NORTH);
    const bottomRight = tileAt(z, EAST, SOUTH);
    for (let x = topLeft.x; x <= bottomRight.x; x++) {
      for (let y = topLeft.y; y <= bottomRight.y; y++) {
        const layers = Object.fromEntries(
          indexes.flatMap(([name, index]) => {
            const tile = index.getTile(z, x, y);
            return tile && tile.features.length > 0 ? [[name, tile]] : [];
          }),
        );
        tiles.push({ z, x, y, data: fromGeojsonVt(layers, { version: 2, extent: EXTENT }) });
      }
    }
  }
  return tiles;
}

/** The extract as a PMTiles archive. */
export function streetExtract(): Buffer {
  return writePmtiles(streetTiles(), {
    bounds: EXTRACT_BOUNDS,
    metadata: {
      name: 'Central Lisbon (test extract)',
      attribution: '© OpenStreetMap',
      vector_layers: Object.keys(streetLayers()).map((id) => ({ id, fields: { kind: 'String' } })),
    },
  });
}
