import { describe, expect, it } from 'vitest';
import { countryNamesIn } from './country-names';

describe('countryNamesIn', () => {
  it("leaves English pages to the basemap's own map names", () => {
    expect(countryNamesIn('en')).toEqual({});
    expect(countryNamesIn('en-GB')).toEqual({});
  });

  it('names the countries in the page language', () => {
    const german = countryNamesIn('de');
    expect(german['DE']).toBe('Deutschland');
    expect(german['FR']).toBe('Frankreich');
    expect(countryNamesIn('fr')['DE']).toBe('Allemagne');
  });

  it('leaves out codes that name no region', () => {
    const german = countryNamesIn('de');
    expect(german).not.toHaveProperty('QQ');
    expect(Object.keys(german).length).toBeGreaterThan(240);
  });

  it('gives nothing for a language tag the browser rejects', () => {
    expect(countryNamesIn('not a language!')).toEqual({});
  });
});
