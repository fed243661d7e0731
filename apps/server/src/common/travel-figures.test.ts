import { describe, expect, it } from 'vitest';
import { travelFigures, type CountryTally } from './travel-figures.js';

const tally = (countryCode: string, pins: number, more: Partial<CountryTally> = {}): CountryTally => ({
  userId: 'u',
  countryCode,
  pins,
  verifiedPins: 0,
  scoreSum: 0,
  firstVisit: null,
  lastVisit: null,
  ...more,
});

describe('travelFigures', () => {
  it('is all zeros and no dates without pins', () => {
    expect(travelFigures([])).toEqual({
      countries: new Set(),
      verifiedCountries: new Set(),
      pinCount: 0,
      verifiedPinCount: 0,
      verificationScore: 0,
      firstVisit: null,
      lastVisit: null,
    });
  });

  it('counts the states of the 195 the codes reach: a territory toward its state, XX and uncounted areas not at all', () => {
    const figures = travelFigures([
      tally('CN', 3),
      tally('HK', 2),
      tally('PR', 1),
      tally('TW', 1),
      tally('XX', 4),
    ]);
    expect([...figures.countries].sort()).toEqual(['CN', 'US']);
    expect(figures.pinCount).toBe(11);
  });

  it('counts verified pins, and the states reached by a verified pin only', () => {
    const figures = travelFigures([
      tally('FR', 3, { verifiedPins: 2 }),
      tally('DE', 2),
      tally('HK', 1, { verifiedPins: 1 }),
    ]);
    expect(figures.verifiedPinCount).toBe(3);
    expect([...figures.verifiedCountries].sort()).toEqual(['CN', 'FR']);
    expect(figures.countries.size).toBe(3);
  });

  it('scores the mean of the pins, rounded, and spans the earliest to the latest visit', () => {
    const figures = travelFigures([
      tally('FR', 2, { scoreSum: 150, firstVisit: '2021-05-01', lastVisit: '2023-01-09' }),
      tally('DE', 1, { scoreSum: 51, firstVisit: '2019-12-31', lastVisit: '2019-12-31' }),
      tally('IT', 1),
    ]);
    expect(figures.verificationScore).toBe(50);
    expect(figures).toMatchObject({ firstVisit: '2019-12-31', lastVisit: '2023-01-09' });
  });
});
