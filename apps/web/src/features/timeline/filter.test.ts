import { describe, expect, it } from 'vitest';
import { buildPin } from '@waymarks/shared/testing';
import {
  activeSpan,
  nextPlayYear,
  normaliseSpan,
  pinsInSpan,
  undatedPins,
  visitYears,
  visitedCodesOf,
  yearBounds,
} from './filter';
import { filterSummary, spanText, undatedText } from './labels';

const pin = (pinId: string, visitDate: string | null, countryCode = 'PT') =>
  buildPin({ pinId, title: pinId, visitDate, countryCode });

const madrid = pin('madrid', '2019-12-31', 'ES');
const warsaw = pin('warsaw', '2021-01-01', 'PL');
const rome = pin('rome', '2021-06-15', 'IT');
const oslo = pin('oslo', '2024-03-03', 'NO');
const paris = pin('paris', null, 'FR');
const oddDate = pin('odd', '2023-02-30', 'DE');
const PINS = [oslo, madrid, paris, warsaw, oddDate, rome];

const ids = (pins: readonly { pinId: string }[]) => pins.map((found) => found.pinId);

describe('the years of the visits', () => {
  it('are each year with a dated visit once, oldest first, leaving out dates that are not calendar days', () => {
    expect(visitYears(PINS)).toEqual([2019, 2021, 2024]);
    expect(yearBounds(visitYears(PINS))).toEqual({ from: 2019, to: 2024 });
  });

  it('have no bounds when nothing is dated', () => {
    expect(yearBounds(visitYears([paris, oddDate]))).toBeNull();
  });
});

describe('normaliseSpan', () => {
  const bounds = { from: 2019, to: 2024 };

  it('keeps a span inside the dated years with its ends in order', () => {
    expect(normaliseSpan({ from: 2022, to: 2020 }, bounds)).toEqual({ from: 2020, to: 2022 });
    expect(normaliseSpan({ from: 2010, to: 2021 }, bounds)).toEqual({ from: 2019, to: 2021 });
    expect(normaliseSpan({ from: 2023, to: 2030 }, bounds)).toEqual({ from: 2023, to: 2024 });
  });

  it('turns a span over every dated year into no filter, as Show all does', () => {
    expect(normaliseSpan({ from: 2019, to: 2024 }, bounds)).toBeNull();
    expect(normaliseSpan({ from: 2000, to: 2030 }, bounds)).toBeNull();
    expect(normaliseSpan(null, bounds)).toBeNull();
    expect(normaliseSpan({ from: 2020, to: 2020 }, null)).toBeNull();
  });
});

describe('pinsInSpan', () => {
  it('shows every pin, undated ones too, when there is no filter', () => {
    expect(pinsInSpan(PINS, null)).toBe(PINS);
    expect(pinsInSpan(PINS, { from: 2019, to: 2024 })).toBe(PINS);
  });

  it('keeps only the pins visited in the span, both end years whole, and hides the undated', () => {
    expect(ids(pinsInSpan(PINS, { from: 2019, to: 2021 }))).toEqual(['madrid', 'warsaw', 'rome']);
    expect(ids(pinsInSpan(PINS, { from: 2020, to: 2021 }))).toEqual(['warsaw', 'rome']);
    expect(ids(pinsInSpan(PINS, { from: 2022, to: 2023 }))).toEqual([]);
  });

  it('applies a span kept within the dated years', () => {
    expect(activeSpan(PINS, { from: 2015, to: 2020 })).toEqual({ from: 2019, to: 2020 });
    expect(ids(pinsInSpan(PINS, { from: 2015, to: 2020 }))).toEqual(['madrid']);
  });
});

describe('undatedPins', () => {
  it('lists the pins without a date the timeline can place, in the order given', () => {
    expect(ids(undatedPins(PINS))).toEqual(['paris', 'odd']);
  });
});

describe('visitedCodesOf', () => {
  it('names each country once and none for a place at sea', () => {
    const atSea = pin('sea', '2021-05-05', 'XX');
    const lisbon = pin('lisbon', '2021-05-06', 'PT');
    const porto = pin('porto', '2021-05-07', 'PT');
    expect(visitedCodesOf([lisbon, atSea, porto, rome])).toEqual(['PT', 'IT']);
  });

  it('fills only the countries with a pin in the span', () => {
    expect(visitedCodesOf(pinsInSpan(PINS, { from: 2021, to: 2021 }))).toEqual(['PL', 'IT']);
  });
});

describe('nextPlayYear', () => {
  const years = [2019, 2021, 2024];

  it('starts from the first year with visits from all years or a span of several', () => {
    expect(nextPlayYear(years, null)).toBe(2019);
    expect(nextPlayYear(years, { from: 2021, to: 2024 })).toBe(2019);
  });

  it('steps from one year to the next year with visits, skipping years without', () => {
    expect(nextPlayYear(years, { from: 2019, to: 2019 })).toBe(2021);
    expect(nextPlayYear(years, { from: 2021, to: 2021 })).toBe(2024);
  });

  it('ends after the last year', () => {
    expect(nextPlayYear(years, { from: 2024, to: 2024 })).toBeNull();
    expect(nextPlayYear([], null)).toBeNull();
  });
});

describe('the words', () => {
  it('say which years and how many places the map shows', () => {
    expect(spanText({ from: 2019, to: 2021 })).toBe('2019–2021');
    expect(spanText({ from: 2020, to: 2020 })).toBe('2020');
    expect(filterSummary({ from: 2019, to: 2021 }, 12)).toBe('2019–2021 · 12 places');
    expect(filterSummary({ from: 2020, to: 2020 }, 1)).toBe('2020 · 1 place');
    expect(filterSummary(null, 15)).toBe('All years · 15 places');
  });

  it('count the undated places', () => {
    expect(undatedText(1)).toBe('1 undated place');
    expect(undatedText(3)).toBe('3 undated places');
  });
});
