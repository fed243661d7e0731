import { describe, expect, it } from 'vitest';
import type { CountryPinsRow } from './countries.repository.js';
import { summarise } from './countries.service.js';

const row = (countryCode: string, pinCount: number, mediaCount = 0): CountryPinsRow => ({
  countryCode,
  countryName: countryCode,
  pinCount,
  mediaCount,
  totalSizeMB: 0,
});

describe('summarise', () => {
  it('is all zeros without pins', () => {
    expect(summarise([])).toEqual({ totalCountries: 0, totalPins: 0, totalMedia: 0, countries: [] });
  });

  it('lists territories and uncounted areas under their own code but counts only the 195', () => {
    const body = summarise([row('CN', 3), row('HK', 2), row('TW', 1), row('PR', 1), row('AQ', 1)]);
    expect(body.countries.map((country) => country.countryCode)).toEqual(['CN', 'HK', 'TW', 'PR', 'AQ']);
    // China (with Hong Kong) and the United States (for Puerto Rico).
    expect(body.totalCountries).toBe(2);
  });

  it('keeps XX and malformed codes out of the list but in the pin and media totals', () => {
    const body = summarise([row('FR', 2, 5), row('XX', 4, 1), row('fr', 1), row('USA', 1, 2)]);
    expect(body.countries).toEqual([row('FR', 2, 5)]);
    expect(body).toMatchObject({ totalCountries: 1, totalPins: 8, totalMedia: 8 });
  });
});
