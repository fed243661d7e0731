import { describe, expect, it, vi } from 'vitest';
import { createExpression, featureFilter, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { FeatureCollection } from 'geojson';
import type { FillLayerSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import {
  addVisitedLayer,
  BASEMAP_SOURCE_ID,
  COUNTRY_LABELS_LAYER_ID,
  MAP_COLORS,
  offlineStyle,
  PLACE_LABELS_LAYER_ID,
  VISITED_LAYER_ID,
  VISITED_OPACITY,
  visitedFilter,
} from './style';
import { contrastRatio, drawnOver, rgbOf } from './contrast';
import { MAP_FONTS } from './glyphs';
import { pmtilesStyle } from './pmtiles';

function square(code: string | null, name: string, west: number): FeatureCollection['features'][number] {
  return {
    type: 'Feature',
    properties: { code, name },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, 40],
          [west + 5, 40],
          [west + 5, 45],
          [west, 45],
          [west, 40],
        ],
      ],
    },
  };
}

const countries: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    square('FR', 'France', 0),
    square('DE', 'Germany', 6),
    square('IT', 'Italy', 12),
    square(null, 'Somaliland', 18),
  ],
};

function visitedLayerOf(style: StyleSpecification): FillLayerSpecification {
  const layer = style.layers.find((l) => l.id === VISITED_LAYER_ID);
  if (layer?.type !== 'fill') throw new Error('no visited fill layer');
  return layer;
}

/** Which of the test countries the visited filter lets through. */
function matching(codes: string[]): (string | null)[] {
  const { filter } = featureFilter(visitedFilter(codes), 'filter');
  return countries.features
    .filter((feature) => filter({ zoom: 3 }, { type: 3, properties: feature.properties ?? {} }))
    .map((feature) => feature.properties?.['code'] as string | null);
}

const ORIGIN = 'https://waymarks.example';

/** Every URL in a style: tile templates, glyphs, anything else that looks like one. */
function urlsIn(style: StyleSpecification): string[] {
  return JSON.stringify(style).match(/[a-z]+:\/\/[^"]*/g) ?? [];
}

describe('offlineStyle', () => {
  const style = offlineStyle({ origin: ORIGIN });

  it("is a valid style whose every URL is on the app's own origin", () => {
    expect(validateStyleMin(style)).toEqual([]);
    expect(style).not.toHaveProperty('sprite');
    const urls = urlsIn(style);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/map/tiles/basemap/{z}/{x}/{y}.pbf`,
        `${ORIGIN}/map/tiles/places/{z}/{x}/{y}.pbf`,
        style.glyphs,
      ]),
    );
    expect(urls.every((url) => url.startsWith(`${ORIGIN}/`))).toBe(true);
  });

  it('draws ocean, land, visited countries, borders, then town and country names on top', () => {
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'ocean',
      'land',
      VISITED_LAYER_ID,
      'borders',
      PLACE_LABELS_LAYER_ID,
      COUNTRY_LABELS_LAYER_ID,
    ]);
  });

  it('names places with the fonts its glyphs are made for', () => {
    const fonts = JSON.stringify(
      style.layers.filter((layer) => layer.type === 'symbol').map((layer) => layer.layout?.['text-font']),
    );
    expect(fonts).toContain(MAP_FONTS.regular);
    expect(fonts).toContain(MAP_FONTS.semibold);
    const known: string[] = Object.values(MAP_FONTS);
    const named = (fonts.match(/"[^"]*(Regular|Bold|Italic|Medium|Light)[^"]*"/g) ?? []).map((f) =>
      f.slice(1, -1),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((font) => !known.includes(font))).toEqual([]);
  });

  it('gives every name a halo so it reads on land, sea and the green visited fill alike', () => {
    for (const layer of style.layers.filter((l) => l.type === 'symbol')) {
      expect(layer.paint?.['text-halo-width']).toBeGreaterThanOrEqual(1);
      expect(layer.paint?.['text-halo-color']).toBe(MAP_COLORS.labelHalo);
    }
  });

  it('fills visited countries green, from the basemap tiles, starting with none', () => {
    const visited = visitedLayerOf(style);
    expect(visited.paint?.['fill-opacity']).toBe(VISITED_OPACITY);
    const colour = String(visited.paint?.['fill-color']);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(g).toBeGreaterThan(r + 60);
    expect(g).toBeGreaterThan(b + 60);
    expect(visited.source).toBe(BASEMAP_SOURCE_ID);
    expect(visited['source-layer']).toBe('countries');
    expect(visited.filter).toEqual(visitedFilter([]));
    expect(matching([])).toEqual([]);
  });

  it('tints visited land enough to tell at a glance, and town names still read on it without their halo', () => {
    const land = rgbOf(MAP_COLORS.land);
    const visited = drawnOver(land, rgbOf(MAP_COLORS.visited), VISITED_OPACITY);
    expect(contrastRatio(visited, land)).toBeGreaterThanOrEqual(1.75);
    expect(contrastRatio(visited, rgbOf(MAP_COLORS.placeLabel))).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(visited, rgbOf(MAP_COLORS.countryLabel))).toBeGreaterThanOrEqual(3);
  });

  it('starts with the visited codes it is given', () => {
    expect(visitedLayerOf(offlineStyle({ origin: ORIGIN, visitedCodes: ['IT'] })).filter).toEqual(
      visitedFilter(['IT']),
    );
  });
});

describe('country names', () => {
  const field = (names: Record<string, string>) => {
    const layer = offlineStyle({ origin: ORIGIN, countryNames: names }).layers.find(
      (l) => l.id === COUNTRY_LABELS_LAYER_ID,
    );
    if (layer?.type !== 'symbol') throw new Error('no country labels');
    return createExpression(layer.layout?.['text-field'], 'layers.country-labels.layout.text-field');
  };
  const nameOf = (names: Record<string, string>, properties: Record<string, string>) => {
    const expression = field(names);
    if (expression.result !== 'success') throw new Error('bad text-field');
    return String(expression.value.evaluate({ zoom: 3 }, { type: 1, properties } as never));
  };

  it("use the tiles' own names when the page language adds none", () => {
    expect(nameOf({}, { code: 'BA', name: 'Bosnia and Herz.' })).toBe('Bosnia and Herz.');
  });

  it('use the name in the page language where there is one, and the tile name elsewhere', () => {
    const german = { DE: 'Deutschland', FR: 'Frankreich' };
    expect(nameOf(german, { code: 'DE', name: 'Germany' })).toBe('Deutschland');
    expect(nameOf(german, { code: 'SO', name: 'Somaliland' })).toBe('Somaliland');
  });
});

describe('visitedFilter', () => {
  it('matches exactly the countries with the given codes', () => {
    expect(matching(['FR', 'DE'])).toEqual(['FR', 'DE']);
    expect(matching(['IT'])).toEqual(['IT']);
    expect(matching(['ES'])).toEqual([]);
  });

  it('ignores the case of the codes and never matches a country without a code', () => {
    expect(matching(['fr', 'FR'])).toEqual(['FR']);
    expect(matching(['XX', ''])).toEqual([]);
  });
});

describe('pmtilesStyle', () => {
  const style = pmtilesStyle('/tiles/world.pmtiles', ORIGIN);

  it('reads the basemap from the PMTiles file and is valid', () => {
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources['protomaps']).toMatchObject({
      type: 'vector',
      url: 'pmtiles:///tiles/world.pmtiles',
    });
  });

  it('has no label layers, so it needs no glyphs', () => {
    expect(style).not.toHaveProperty('glyphs');
    expect(style.layers.filter((layer) => layer.type === 'symbol')).toEqual([]);
    expect(JSON.stringify(style.layers)).not.toContain('text-field');
  });

  it("draws the built-in sea, land and borders under the file's layers, to go on past a regional file's edge", () => {
    const ids = style.layers.map((layer) => layer.id);
    expect(ids.slice(0, 3)).toEqual(['ocean', 'land', 'borders']);
    const fromFile = style.layers.filter((layer) => 'source' in layer && layer.source === 'protomaps');
    expect(fromFile.map((layer) => layer.id)).toEqual(
      expect.arrayContaining(['earth', 'water', 'roads_minor']),
    );
    expect(style.layers.filter((layer) => layer.type === 'background')).toHaveLength(1);
  });

  it("paints the file's sea and land in the built-in colours, so its edge does not show", () => {
    const paint = (id: string) =>
      (style.layers.find((layer) => layer.id === id) as FillLayerSpecification).paint;
    expect(paint('earth')?.['fill-color']).toBe(MAP_COLORS.land);
    expect(paint('water')?.['fill-color']).toBe(MAP_COLORS.ocean);
  });

  it("draws the visited countries from the app's own country tiles on top of the basemap", () => {
    expect(style.layers.at(-1)?.id).toBe(VISITED_LAYER_ID);
    expect(visitedLayerOf(style).paint?.['fill-opacity']).toBe(VISITED_OPACITY);
    expect(style.sources[BASEMAP_SOURCE_ID]).toMatchObject({
      type: 'vector',
      tiles: [`${ORIGIN}/map/tiles/basemap/{z}/{x}/{y}.pbf`],
    });
  });
});

describe('addVisitedLayer', () => {
  /** A loaded custom style: a fill, then labels. */
  function fakeMap(layers: Pick<LayerSpecification, 'id' | 'type'>[]) {
    const sources = new Map<string, unknown>();
    const map = {
      getSource: vi.fn((id: string) => sources.get(id)),
      addSource: vi.fn((id: string, source: unknown) => void sources.set(id, source)),
      getLayer: vi.fn((id: string) => layers.find((layer) => layer.id === id)),
      addLayer: vi.fn((layer: LayerSpecification, beforeId?: string) => {
        const at = beforeId === undefined ? layers.length : layers.findIndex((l) => l.id === beforeId);
        layers.splice(at, 0, layer);
      }),
      getLayersOrder: vi.fn(() => layers.map((layer) => layer.id)),
    };
    return { map, layers };
  }

  it('adds the basemap source and the visited layer under the first label layer, once', () => {
    const { map, layers } = fakeMap([
      { id: 'water', type: 'fill' },
      { id: 'roads', type: 'line' },
      { id: 'places', type: 'symbol' },
      { id: 'pois', type: 'symbol' },
    ]);
    addVisitedLayer(map as never, ORIGIN, ['DE']);
    addVisitedLayer(map as never, ORIGIN, ['DE']);

    expect(layers.map((layer) => layer.id)).toEqual(['water', 'roads', VISITED_LAYER_ID, 'places', 'pois']);
    expect(map.addSource).toHaveBeenCalledTimes(1);
    expect(map.addSource).toHaveBeenCalledWith(
      BASEMAP_SOURCE_ID,
      expect.objectContaining({ tiles: [`${ORIGIN}/map/tiles/basemap/{z}/{x}/{y}.pbf`] }),
    );
    expect(map.addLayer).toHaveBeenCalledTimes(1);
    expect((layers[2] as FillLayerSpecification).filter).toEqual(visitedFilter(['DE']));
  });

  it('puts the layer on top of a style without labels', () => {
    const { map, layers } = fakeMap([{ id: 'land', type: 'fill' }]);
    addVisitedLayer(map as never, ORIGIN);
    expect(layers.map((layer) => layer.id)).toEqual(['land', VISITED_LAYER_ID]);
  });
});
