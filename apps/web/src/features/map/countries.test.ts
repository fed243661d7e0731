// Runs over the real world-atlas file: every ring of every country, as MapLibre will get them.
import { describe, expect, it } from 'vitest';
import { countriesFromTopology, countryBorders, type CountryFeature } from './countries';
import { contains, largestLongitudeStep, polygonsOf, signedArea } from './geometry.testing';
import { worldAtlasCountries, worldAtlasTopology } from './world-atlas.testing';

const topology = worldAtlasTopology();
const countries = countriesFromTopology(topology);

function country(code: string): CountryFeature {
  const found = countries.features.find((feature) => feature.properties.code === code);
  if (!found) throw new Error(`no ${code}`);
  return found;
}

/** Longitudes of every point of the country. */
function longitudes(feature: CountryFeature): number[] {
  return polygonsOf(feature.geometry)
    .flat(2)
    .map((point) => point[0] as number);
}

describe('countriesFromTopology', () => {
  it('keeps every world-atlas country, in order, with its name', () => {
    expect(countries.features.map((feature) => feature.properties.name)).toEqual(
      worldAtlasCountries(topology).map(({ name }) => name),
    );
    expect(countries.features).toHaveLength(241);
  });

  it('leaves no ring with a step of more than 180° of longitude, nor a point beyond ±180°', () => {
    for (const feature of countries.features) {
      const rings = polygonsOf(feature.geometry).flat();
      expect(largestLongitudeStep(rings), feature.properties.name).toBeLessThanOrEqual(180);
      expect(Math.max(...longitudes(feature).map(Math.abs)), feature.properties.name).toBeLessThanOrEqual(
        180,
      );
    }
  });

  it('winds every ring the RFC 7946 way (MapLibre tells holes by it) and closes it', () => {
    const wrong: string[] = [];
    for (const feature of countries.features) {
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
    expect(contains(country('RU').geometry, [179.5, 67])).toBe(true);
    expect(contains(country('RU').geometry, [-179.5, 67])).toBe(true);
  });

  it('closes Antarctica over the South Pole, with the ocean left open', () => {
    const { geometry } = country('AQ');
    for (const lng of [-179.9, -90, 0, 90, 179.9])
      expect(contains(geometry, [lng, -86]), `${lng}`).toBe(true);
    expect(contains(geometry, [0, -60])).toBe(false);
    expect(contains(geometry, [-179.9, -70])).toBe(false);
  });

  it('codes countries alpha-2, Kosovo XK, and areas without a code null', () => {
    expect(country('FR').properties.name).toBe('France');
    expect(country('XK').properties.name).toBe('Kosovo');
    const uncoded = countries.features.filter((feature) => feature.properties.code === null);
    expect(uncoded.map((feature) => feature.properties.name).sort()).toEqual([
      'Indian Ocean Ter.',
      'N. Cyprus',
      'Siachen Glacier',
      'Somaliland',
    ]);
  });
});

describe('countryBorders', () => {
  const borders = countryBorders(countries);

  it('draws every country outline except the edges made by cutting at ±180°', () => {
    expect(borders.features).toHaveLength(countries.features.length);
    const seams: string[] = [];
    const alongAntimeridian = (line: number[][]) =>
      line.some((point, i) => i > 0 && point[0] === line[i - 1]?.[0] && Math.abs(point[0] ?? 0) === 180);
    // The cut polygons do have such edges (Chukotka's halves meet along 180°).
    expect(polygonsOf(country('RU').geometry).flat().some(alongAntimeridian)).toBe(true);
    for (const feature of borders.features) {
      const lines = feature.geometry.coordinates;
      expect(lines.length, feature.properties.name).toBeGreaterThan(0);
      expect(largestLongitudeStep(lines), feature.properties.name).toBeLessThanOrEqual(180);
      if (lines.some(alongAntimeridian)) seams.push(feature.properties.name);
    }
    expect(seams).toEqual([]);
  });

  it('keeps the outline of a country away from the antimeridian whole, as one closed line per ring', () => {
    const france = borders.features.find((feature) => feature.properties.code === 'FR');
    const rings = polygonsOf(country('FR').geometry).flat();
    expect(france?.geometry.coordinates).toEqual(rings);
  });
});
