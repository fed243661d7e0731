// MapLibre styles: the offline Natural Earth basemap, a Protomaps basemap from a PMTiles file, and the
// visited-country layer both carry (and that a custom MAP_STYLE_URL style gets once it has loaded).
import {
  type FillLayerSpecification,
  type FilterSpecification,
  type GeoJSONSourceSpecification,
  type Map as MaplibreMap,
  type StyleSpecification,
} from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { MAP_COLORS } from './colors';
import { countryBorders } from './countries';

export const COUNTRIES_SOURCE_ID = 'countries';
export const VISITED_LAYER_ID = 'visited-countries';
const BORDERS_SOURCE_ID = 'country-borders';

export { MAP_COLORS };

/** SPEC: 'Visited-country layer: green, fill opacity 0.3'. */
const VISITED_OPACITY = 0.3;

/** Matches the countries whose alpha-2 code is in the list. */
export function visitedFilter(codes: readonly string[]): FilterSpecification {
  return ['in', ['get', 'code'], ['literal', [...new Set(codes.map((code) => code.toUpperCase()))]]];
}

export function countriesSource(countries: FeatureCollection): GeoJSONSourceSpecification {
  return { type: 'geojson', data: countries, attribution: 'Natural Earth' };
}

export function visitedLayer(codes: readonly string[]): FillLayerSpecification {
  return {
    id: VISITED_LAYER_ID,
    type: 'fill',
    source: COUNTRIES_SOURCE_ID,
    filter: visitedFilter(codes),
    paint: {
      'fill-color': MAP_COLORS.visited,
      'fill-opacity': VISITED_OPACITY,
      // The antialiasing outline is drawn over the translucent fill on every edge, including where a
      // country is cut at ±180°, which would show as a darker seam through Chukotka or Fiji.
      'fill-antialias': false,
    },
  };
}

/** The basemap that needs nothing but the app: no tiles, glyphs, sprites or other URL. */
export function offlineStyle(
  countries: FeatureCollection,
  visitedCodes: readonly string[] = [],
): StyleSpecification {
  return {
    version: 8,
    sources: {
      [COUNTRIES_SOURCE_ID]: countriesSource(countries),
      [BORDERS_SOURCE_ID]: { type: 'geojson', data: countryBorders(countries) },
    },
    layers: [
      { id: 'ocean', type: 'background', paint: { 'background-color': MAP_COLORS.ocean } },
      { id: 'land', type: 'fill', source: COUNTRIES_SOURCE_ID, paint: { 'fill-color': MAP_COLORS.land } },
      visitedLayer(visitedCodes),
      {
        id: 'borders',
        type: 'line',
        source: BORDERS_SOURCE_ID,
        layout: { 'line-join': 'round' },
        paint: {
          'line-color': MAP_COLORS.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.25],
        },
      },
    ],
  };
}

type StyleHost = Pick<MaplibreMap, 'getSource' | 'addSource' | 'getLayer' | 'addLayer' | 'getLayersOrder'>;

/**
 * Adds the countries source and the visited layer to a loaded style that lacks them (a custom
 * MAP_STYLE_URL style; the built-in styles have them already). The layer goes under the style's first
 * label layer so that names stay readable. Call it again after every style load.
 */
export function addVisitedLayer(
  map: StyleHost,
  countries: FeatureCollection,
  visitedCodes: readonly string[] = [],
): void {
  if (!map.getSource(COUNTRIES_SOURCE_ID)) map.addSource(COUNTRIES_SOURCE_ID, countriesSource(countries));
  if (map.getLayer(VISITED_LAYER_ID)) return;
  const firstLabel = map.getLayersOrder().find((id) => map.getLayer(id)?.type === 'symbol');
  map.addLayer(visitedLayer(visitedCodes), firstLabel);
}
