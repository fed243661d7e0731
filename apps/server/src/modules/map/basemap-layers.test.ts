// Runs over the real world-atlas file: every ring of every country, as the tiles are cut from them.
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { basemapLayers, readWorldAtlas } from './basemap-layers.js';
import { contains, largestLongitudeStep, polygonsOf, signedArea } from './geometry.testing.js';

const topology = readWorldAtlas('50m');
const layers = basemapLayers(topology);
const countries = layers.countries.features;

function country(code: string): Polygon | MultiPolygon {
  const found = countries.find((feature) => feature.properties.code === code);
  if (!found) throw new Error(`no ${code}`);
  return found.geometry;
}

const longitudes = (geometry: Polygon | MultiPolygon) =>
  polygonsOf(geometry)
    .flat(2)
    .map((point) => point[0] as number);

describe('basemapLayers: countries', () => {
  it('keeps every world-atlas country with its name', () => {
    const object = topology.objects['countries'] as unknown as {
      geometries: { properties: { name: string } }[];
    };
    expect(countries.map((feature) => feature.properties.name)).toEqual(
      object.geometries.map((geometry) => geometry.properties.name),
    );
    expect(countries).toHaveLength(241);
  });

  it('leaves no ring with a step of more than 180° of longitude, nor a point beyond ±180°', () => {
    for (const feature of countries) {
      const rings = polygonsOf(feature.geometry).flat();
      expect(largestLongitudeStep(rings), feature.properties.name).toBeLessThanOrEqual(180);
      expect(
        Math.max(...longitudes(feature.geometry).map(Math.abs)),
        feature.properties.name,
      ).toBeLessThanOrEqual(180);
    }
  });

  it('winds every ring the RFC 7946 way (MapLibre tells holes by it) and closes it', () => {
    const wrong: string[] = [];
    for (const feature of countries) {
      for (const [exterior = [], ...holes] of polygonsOf(feature.geometry)) {
        const wound = signedArea(exterior) > 0 && holes.every((hole) => signedArea(hole) < 0);
        const closed = [exterior, ...holes].every((ring) => ring.at(-1)?.join() === ring[0]?.join());
        if (!wound || !closed) wrong.push(feature.properties.name);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the countries on the antimeridian, with land on both sides of it', () => {
    for (const code of ['RU', 'FJ', 'US', 'KI', 'AQ', 'NZ']) {
      const lngs = longitudes(country(code));
      expect(Math.max(...lngs), code).toBeGreaterThan(170);
      expect(Math.min(...lngs), code).toBeLessThan(-170);
    }
    // Chukotka, cut at 180°: both halves are Russia.
    expect(contains(country('RU'), [179.5, 67])).toBe(true);
    expect(contains(country('RU'), [-179.5, 67])).toBe(true);
  });

  it('closes Antarctica over the South Pole, with the ocean left open', () => {
    for (const lng of [-179.9, -90, 0, 90, 179.9])
      expect(contains(country('AQ'), [lng, -86]), `${lng}`).toBe(true);
    expect(contains(country('AQ'), [0, -60])).toBe(false);
    expect(contains(country('AQ'), [-179.9, -70])).toBe(false);
  });

  it('codes countries alpha-2, Kosovo XK, and leaves the code out for areas without one', () => {
    expect(countries.find((f) => f.properties.code === 'FR')?.properties.name).toBe('France');
    expect(countries.find((f) => f.properties.code === 'XK')?.properties.name).toBe('Kosovo');
    const uncoded = countries.filter((feature) => feature.properties.code === undefined);
    expect(uncoded.map((feature) => feature.properties.name).sort()).toEqual([
      'Indian Ocean Ter.',
      'N. Cyprus',
      'Siachen Glacier',
      'Somaliland',
    ]);
  });
});

describe('basemapLayers: borders', () => {
  const lines = layers.borders.features.flatMap((feature) => feature.geometry.coordinates);
  const crossesFranceSpain = (line: Position[]) =>
    line.some(([lng = 0, lat = 0]) => lat > 42.3 && lat < 43.3 && lng > -1.8 && lng < 3.2);

  it('draws the land borders between countries, and no line across ±180°', () => {
    expect(lines.some(crossesFranceSpain)).toBe(true);
    expect(largestLongitudeStep(lines)).toBeLessThanOrEqual(180);
  });

  it("draws no coast: no border runs along Portugal's Atlantic shore", () => {
    const onTheShore = lines.some((line) =>
      line.some(([lng = 0, lat = 0]) => lng < -8.9 && lat > 38 && lat < 41),
    );
    expect(onTheShore).toBe(false);
  });
});
