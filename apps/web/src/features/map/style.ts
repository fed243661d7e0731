// MapLibre styles: the offline basemap (the server's Natural Earth and GeoNames vector tiles, with names
// drawn from the server's own glyphs), a Protomaps basemap from a PMTiles file, and the visited-country
// layer all of them carry (and that a custom MAP_STYLE_URL style gets once it has loaded). Every URL a style
// names is on the app's own origin: the map makes no third-party request.
import {
  type BackgroundLayerSpecification,
  type ExpressionSpecification,
  type FillLayerSpecification,
  type FilterSpecification,
  type LineLayerSpecification,
  type Map as MaplibreMap,
  type StyleSpecification,
  type SymbolLayerSpecification,
  type VectorSourceSpecification,
} from 'maplibre-gl';
import {
  BASEMAP_LAYERS,
  BASEMAP_TILES_MAX_ZOOM,
  BASEMAP_TILES_URL,
  PLACE_TILES_LAYER,
  PLACE_TILES_MAX_ZOOM,
  PLACE_TILES_URL,
} from '@waymarks/shared';
import { MAP_COLORS, VISITED_OPACITY } from './colors';
import { MAP_FONTS, glyphsUrl } from './glyphs';

export const BASEMAP_SOURCE_ID = 'basemap';
export const PLACES_SOURCE_ID = 'places';
export const VISITED_LAYER_ID = 'visited-countries';
export const COUNTRY_LABELS_LAYER_ID = 'country-labels';
export const PLACE_LABELS_LAYER_ID = 'place-labels';

export { MAP_COLORS, VISITED_OPACITY };

/** Country names stop at this zoom: by then the view is a region, named by its towns. */
const COUNTRY_LABELS_MAX_ZOOM = 7;

/** Matches the countries whose alpha-2 code is in the list. */
export function visitedFilter(codes: readonly string[]): FilterSpecification {
  return ['in', ['get', 'code'], ['literal', [...new Set(codes.map((code) => code.toUpperCase()))]]];
}

/** Country shapes (`countries`), land borders (`borders`) and label points (`country_labels`). */
export function basemapSource(origin: string): VectorSourceSpecification {
  return {
    type: 'vector',
    tiles: [`${origin}${BASEMAP_TILES_URL}`],
    minzoom: 0,
    // Deeper zooms are drawn from these tiles (overzoomed): they hold the 1:10m data's full detail.
    maxzoom: BASEMAP_TILES_MAX_ZOOM,
    attribution: 'Natural Earth',
  };
}

/** Towns and cities by population (`places`). */
export function placesSource(origin: string): VectorSourceSpecification {
  return {
    type: 'vector',
    tiles: [`${origin}${PLACE_TILES_URL}`],
    minzoom: 0,
    maxzoom: PLACE_TILES_MAX_ZOOM,
    attribution: 'GeoNames',
  };
}

export function visitedLayer(codes: readonly string[]): FillLayerSpecification {
  return {
    id: VISITED_LAYER_ID,
    type: 'fill',
    source: BASEMAP_SOURCE_ID,
    'source-layer': BASEMAP_LAYERS.countries,
    filter: visitedFilter(codes),
    paint: {
      'fill-color': MAP_COLORS.visited,
      'fill-opacity': VISITED_OPACITY,
      // The antialiasing outline is drawn over the translucent fill on every edge, including where a
      // country is cut at a tile's edge or at ±180°, which would show as darker seams.
      'fill-antialias': false,
    },
  };
}

/**
 * The country's name in the page's language where the browser knows it (`names`, alpha-2 code to name),
 * else the tile's English name.
 */
export function countryNameField(names: Readonly<Record<string, string>>): ExpressionSpecification {
  const pairs = Object.entries(names).flatMap(([code, name]) => [code, name]);
  if (pairs.length === 0) return ['get', 'name'];
  // A 'match' of any length: the spec's type lists only its first pair.
  return ['match', ['get', 'code'], ...pairs, ['get', 'name']] as unknown as ExpressionSpecification;
}

/** Names stay readable on the plain land, on the green visited fill and on the sea. */
const LABEL_HALO = {
  'text-halo-color': MAP_COLORS.labelHalo,
  'text-halo-width': 1.5,
  'text-halo-blur': 0.5,
} as const;

export function countryLabelsLayer(names: Readonly<Record<string, string>>): SymbolLayerSpecification {
  return {
    id: COUNTRY_LABELS_LAYER_ID,
    type: 'symbol',
    source: BASEMAP_SOURCE_ID,
    'source-layer': BASEMAP_LAYERS.countryLabels,
    maxzoom: COUNTRY_LABELS_MAX_ZOOM,
    // Small countries wait for the zoom their label point says, so the large ones are named first.
    filter: ['>=', ['zoom'], ['get', 'minzoom']],
    layout: {
      'text-field': countryNameField(names),
      'text-font': [MAP_FONTS.semibold],
      'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 3, 12, 6, 16],
      'text-max-width': 7,
      'text-letter-spacing': 0.04,
      'text-padding': 4,
      'symbol-sort-key': ['get', 'rank'],
    },
    paint: { 'text-color': MAP_COLORS.countryLabel, ...LABEL_HALO },
  };
}

export function placeLabelsLayer(): SymbolLayerSpecification {
  const capital: ExpressionSpecification = ['to-boolean', ['get', 'capital']];
  return {
    id: PLACE_LABELS_LAYER_ID,
    type: 'symbol',
    source: PLACES_SOURCE_ID,
    'source-layer': PLACE_TILES_LAYER,
    minzoom: 2,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': ['case', capital, ['literal', [MAP_FONTS.semibold]], ['literal', [MAP_FONTS.regular]]],
      // rank 0 (capitals) to 4 (villages): bigger places, bigger names.
      'text-size': [
        'interpolate',
        ['linear'],
        ['zoom'],
        3,
        ['-', 13, ['get', 'rank']],
        12,
        ['-', 17, ['get', 'rank']],
      ],
      'text-max-width': 8,
      'text-padding': 3,
      // Capitals first, then the most populous: the names that win a crowded spot.
      'symbol-sort-key': ['case', capital, -1e10, ['-', 0, ['get', 'population']]],
    },
    paint: { 'text-color': MAP_COLORS.placeLabel, ...LABEL_HALO },
  };
}

export interface OfflineStyleOptions {
  /** The app's origin (`location.origin`): tiles and glyphs are read from it. */
  origin: string;
  visitedCodes?: readonly string[];
  /** Country names in the page's language, by alpha-2 code. */
  countryNames?: Readonly<Record<string, string>>;
}

/** The basemap that needs nothing but the app's own server: its tiles and glyphs, no other URL. */
export function offlineStyle({
  origin,
  visitedCodes = [],
  countryNames = {},
}: OfflineStyleOptions): StyleSpecification {
  return {
    version: 8,
    glyphs: glyphsUrl(origin),
    // A glow at the globe's rim, gone by the time the globe has flattened into a map.
    sky: { 'atmosphere-blend': ['interpolate', ['linear'], ['zoom'], 0, 1, 4, 1, 6, 0] },
    sources: {
      [BASEMAP_SOURCE_ID]: basemapSource(origin),
      [PLACES_SOURCE_ID]: placesSource(origin),
    },
    layers: [
      ...groundLayers(),
      visitedLayer(visitedCodes),
      bordersLayer(),
      placeLabelsLayer(),
      countryLabelsLayer(countryNames),
    ],
  };
}

/** The sea and the countries' land from the app's own tiles: the bottom of every built-in basemap. */
export function groundLayers(): [BackgroundLayerSpecification, FillLayerSpecification] {
  return [
    { id: 'ocean', type: 'background', paint: { 'background-color': MAP_COLORS.ocean } },
    {
      id: 'land',
      type: 'fill',
      source: BASEMAP_SOURCE_ID,
      'source-layer': BASEMAP_LAYERS.countries,
      paint: { 'fill-color': MAP_COLORS.land, 'fill-antialias': false },
    },
  ];
}

/** Land borders between countries from the app's own tiles. */
export function bordersLayer(): LineLayerSpecification {
  return {
    id: 'borders',
    type: 'line',
    source: BASEMAP_SOURCE_ID,
    'source-layer': BASEMAP_LAYERS.borders,
    layout: { 'line-join': 'round' },
    paint: {
      'line-color': MAP_COLORS.border,
      'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 6, 1.25, 12, 2],
    },
  };
}

type StyleHost = Pick<MaplibreMap, 'getSource' | 'addSource' | 'getLayer' | 'addLayer' | 'getLayersOrder'>;

/**
 * Adds the basemap source and the visited layer to a loaded style that lacks them (a custom
 * MAP_STYLE_URL style; the built-in styles have them already). The layer goes under the style's first
 * label layer so that names stay readable. Call it again after every style load.
 */
export function addVisitedLayer(map: StyleHost, origin: string, visitedCodes: readonly string[] = []): void {
  if (!map.getSource(BASEMAP_SOURCE_ID)) map.addSource(BASEMAP_SOURCE_ID, basemapSource(origin));
  if (map.getLayer(VISITED_LAYER_ID)) return;
  const firstLabel = map.getLayersOrder().find((id) => map.getLayer(id)?.type === 'symbol');
  map.addLayer(visitedLayer(visitedCodes), firstLabel);
}
