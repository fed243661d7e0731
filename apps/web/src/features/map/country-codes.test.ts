import { describe, expect, it } from 'vitest';
import type * as IsoCountries from 'i18n-iso-countries';
import { countryCode, NUMERIC_TO_ALPHA2 } from './country-codes';
import { requireFromTest, worldAtlasCountries, worldAtlasTopology } from './world-atlas.testing';

const isoCountries = requireFromTest('i18n-iso-countries') as typeof IsoCountries;
const countries = worldAtlasCountries(worldAtlasTopology());

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
  });

  it('codes Kosovo XK by name and leaves the other areas without an id null', () => {
    const withoutId = countries.filter(({ id }) => id === undefined);
    expect(withoutId.map(({ name }) => name).sort()).toEqual([
      'Indian Ocean Ter.',
      'Kosovo',
      'N. Cyprus',
      'Siachen Glacier',
      'Somaliland',
    ]);
    expect(withoutId.map(({ id, name }) => [name, countryCode(id, name)])).toEqual(
      expect.arrayContaining([
        ['Kosovo', 'XK'],
        ['N. Cyprus', null],
        ['Somaliland', null],
      ]),
    );
    expect(countryCode(undefined, 'Indian Ocean Ter.')).toBeNull();
  });
});
