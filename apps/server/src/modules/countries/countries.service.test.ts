import { describe, expect, it } from 'vitest';
import { travelFigures } from '../../common/travel-figures.js';
import type { CountryPinsRow } from './countries.repository.js';
import { summarise as summariseWith } from './countries.service.js';

const row = (countryCode: string, pinCount: number, mediaCount = 0): CountryPinsRow => ({
  countryCode,
  countryName: countryCode,
  pinCount,
  mediaCount,
  totalSizeMB: 0,
});

/** The summary of rows whose figures are those of the same pins, as the service reads them. */
const summarise = (rows: readonly CountryPinsRow[], totalCities: number) =>
  summariseWith(
    rows,
    travelFigures(
      rows.map((row) => ({
        userId: 'u',
        countryCode: row.countryCode,
        pins: row.pinCount,
        verifiedPins: 0,
        scoreSum: 0,
        firstVisit: null,
        lastVisit: null,
      })),
    ),
    totalCities,
  );

describe('summarise', () => {
  it('is all zeros without pins', () => {
    expect(summarise([], 0)).toEqual({
      totalCountries: 0,
      totalPins: 0,
      totalMedia: 0,
      totalCities: 0,
      achievements: [
        { id: 'explorer', name: 'Explorer', countries: 1, earned: false },
        { id: 'wanderer', name: 'Wanderer', countries: 5, earned: false },
        { id: 'traveler', name: 'Traveler', countries: 10, earned: false },
      ],
      countries: [],
    });
  });

  it('lists territories and uncounted areas under their own code but counts only the 195', () => {
    const body = summarise([row('CN', 3), row('HK', 2), row('TW', 1), row('PR', 1), row('AQ', 1)], 4);
    expect(body.countries.map((country) => country.countryCode)).toEqual(['CN', 'HK', 'TW', 'PR', 'AQ']);
    // China (with Hong Kong) and the United States (for Puerto Rico).
    expect(body.totalCountries).toBe(2);
  });

  it('keeps XX and malformed codes out of the list but in the pin and media totals', () => {
    const body = summarise([row('FR', 2, 5), row('XX', 4, 1), row('fr', 1), row('USA', 1, 2)], 2);
    expect(body.countries).toEqual([row('FR', 2, 5)]);
    expect(body).toMatchObject({ totalCountries: 1, totalPins: 8, totalMedia: 8 });
  });
});
