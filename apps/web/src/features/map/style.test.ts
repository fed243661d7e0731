import { describe, expect, it, vi } from 'vitest';
import { featureFilter, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { FeatureCollection } from 'geojson';
import type { FillLayerSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { addVisitedLayer, COUNTRIES_SOURCE_ID, offlineStyle, VISITED_LAYER_ID, visitedFilter } from './style';
import { countriesFromTopology } from './countries';
import { pmtilesStyle } from './pmtiles';
import { worldAtlasTopology } from './world-atlas.testing';

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

describe('offlineStyle', () => {
  const style = offlineStyle(countries);

  it('is a valid style that needs no glyphs, sprites or any URL', () => {
    expect(validateStyleMin(style)).toEqual([]);
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
    expect(JSON.stringify(style)).not.toMatch(/http|:\/\//);
  });

  it('stays free of URLs with the real basemap data in it', () => {
    const real = offlineStyle(countriesFromTopology(worldAtlasTopology()));
    expect(validateStyleMin(real)).toEqual([]);
    expect(JSON.stringify(real)).not.toMatch(/http|:\/\//);
  });

  it('draws ocean, land, visited countries and borders, in that order', () => {
    expect(style.layers.map((layer) => layer.type)).toEqual(['background', 'fill', 'fill', 'line']);
    expect(style.layers[2]?.id).toBe(VISITED_LAYER_ID);
  });

  it('fills visited countries green at opacity 0.3, starting with none', () => {
    const visited = visitedLayerOf(style);
    expect(visited.paint?.['fill-opacity']).toBe(0.3);
    const colour = String(visited.paint?.['fill-color']);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(g).toBeGreaterThan(r + 60);
    expect(g).toBeGreaterThan(b + 60);
    expect(visited.source).toBe(COUNTRIES_SOURCE_ID);
    expect(visited.filter).toEqual(visitedFilter([]));
    expect(matching([])).toEqual([]);
  });

  it('starts with the visited codes it is given', () => {
    expect(visitedLayerOf(offlineStyle(countries, ['IT'])).filter).toEqual(visitedFilter(['IT']));
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
  const style = pmtilesStyle('/tiles/world.pmtiles', countries);

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

  it('draws the visited countries on top of the basemap', () => {
    expect(style.layers.at(-1)?.id).toBe(VISITED_LAYER_ID);
    expect(visitedLayerOf(style).paint?.['fill-opacity']).toBe(0.3);
    expect(style.sources[COUNTRIES_SOURCE_ID]).toMatchObject({ type: 'geojson', data: countries });
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

  it('adds the countries source and the visited layer under the first label layer, once', () => {
    const { map, layers } = fakeMap([
      { id: 'water', type: 'fill' },
      { id: 'roads', type: 'line' },
      { id: 'places', type: 'symbol' },
      { id: 'pois', type: 'symbol' },
    ]);
    addVisitedLayer(map as never, countries, ['DE']);
    addVisitedLayer(map as never, countries, ['DE']);

    expect(layers.map((layer) => layer.id)).toEqual(['water', 'roads', VISITED_LAYER_ID, 'places', 'pois']);
    expect(map.addSource).toHaveBeenCalledTimes(1);
    expect(map.addSource).toHaveBeenCalledWith(
      COUNTRIES_SOURCE_ID,
      expect.objectContaining({ data: countries }),
    );
    expect(map.addLayer).toHaveBeenCalledTimes(1);
    expect((layers[2] as FillLayerSpecification).filter).toEqual(visitedFilter(['DE']));
  });

  it('puts the layer on top of a style without labels', () => {
    const { map, layers } = fakeMap([{ id: 'land', type: 'fill' }]);
    addVisitedLayer(map as never, countries);
    expect(layers.map((layer) => layer.id)).toEqual(['land', VISITED_LAYER_ID]);
  });
});
