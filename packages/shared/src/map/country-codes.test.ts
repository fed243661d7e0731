/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type * as IsoCountries from 'i18n-iso-countries';
import { countryCode, NUMERIC_TO_ALPHA2 } from './country-codes.js';

const require = createRequire(import.meta.url);
const isoCountries = require('i18n-iso-countries') as typeof IsoCountries;

/** The id and name of every country of a world-atlas file, as shipped in node_modules. */
function worldAtlasCountries(resolution: '110m' | '50m' | '10m') {
  const file = require.resolve(`world-atlas/countries-${resolution}.json`);
  const topology = JSON.parse(readFileSync(file, 'utf8')) as {
    objects: { countries: { geometries: { id?: string; properties: { name: string } }[] } };
  };
  return topology.objects.countries.geometries.map(({ id, properties }) => ({ id, name: properties.name }));
}

const countries = (['110m', '50m', '10m'] as const).flatMap(worldAtlasCountries);

describe('NUMERIC_TO_ALPHA2', () => {
  it('holds exactly the numeric ids world-atlas uses, each with the code i18n-iso-countries gives', () => {
    const ids = [...new Set(countries.flatMap(({ id }) => (id === undefined ? [] : [id])))].sort();
    expect(Object.keys(NUMERIC_TO_ALPHA2).sort()).toEqual(ids);
    for (const id of ids) expect(NUMERIC_TO_ALPHA2[id], id).toBe(isoCountries.numericToAlpha2(id));
  });
});

describe('countryCode', () => {
  it('codes a country by its numeric id', () => {
    expect(countryCode('250', 'France')).toBe('FR');
    expect(countryCode('036', 'Ashmore and Cartier Is.')).toBe('AU');
    expect(countryCode('292', 'Gibraltar')).toBe('GI');
  });

  it('codes Kosovo XK by name and leaves the other areas without an id null', () => {
    const withoutId = [...new Set(countries.filter(({ id }) => id === undefined).map(({ name }) => name))];
    expect(withoutId).toContain('Kosovo');
    expect(withoutId.map((name) => [name, countryCode(undefined, name)])).toEqual(
      withoutId.map((name) => [name, name === 'Kosovo' ? 'XK' : null]),
    );
    expect(withoutId).toEqual(
      expect.arrayContaining(['N. Cyprus', 'Somaliland', 'Indian Ocean Ter.', 'Akrotiri', 'Baikonur']),
    );
  });
});
