import { describe, expect, it } from 'vitest';
import {
  COUNTED_STATES,
  TERRITORY_SOVEREIGN,
  TOTAL_COUNTRIES,
  UNCOUNTED_AREAS,
  UN_MEMBER_STATES,
  UN_OBSERVER_STATES,
  countVisitedCountries,
  countedCountry,
  countedStates,
  worldProgressPercent,
} from './geo.js';

describe('the 195 countries', () => {
  it('are the 193 UN member states plus the Holy See and Palestine', () => {
    expect(new Set(UN_MEMBER_STATES).size).toBe(193);
    expect([...UN_OBSERVER_STATES]).toEqual(['VA', 'PS']);
    expect(new Set(COUNTED_STATES).size).toBe(TOTAL_COUNTRIES);
    expect(TOTAL_COUNTRIES).toBe(195);
  });

  it('are all 2-letter upper-case codes', () => {
    for (const code of COUNTED_STATES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('do not include territories or the areas that count toward no state', () => {
    for (const code of [...Object.keys(TERRITORY_SOVEREIGN), ...Object.keys(UNCOUNTED_AREAS)]) {
      expect(COUNTED_STATES).not.toContain(code);
    }
  });

  it('have every territory count toward one of the 195', () => {
    for (const [territory, sovereign] of Object.entries(TERRITORY_SOVEREIGN)) {
      expect(COUNTED_STATES, `${territory} → ${sovereign}`).toContain(sovereign);
    }
  });
});

describe('countedCountry: the state a code counts toward', () => {
  it.each(['FR', 'US', 'CN', 'JP', 'VA', 'PS', 'SS', 'MK'])(
    'a member or observer state %s counts as itself',
    (code) => {
      expect(countedCountry(code)).toBe(code);
    },
  );

  it.each([
    ['HK', 'CN', 'Hong Kong'],
    ['MO', 'CN', 'Macau'],
    ['PR', 'US', 'Puerto Rico'],
    ['GU', 'US', 'Guam'],
    ['VI', 'US', 'US Virgin Islands'],
    ['AS', 'US', 'American Samoa'],
    ['MP', 'US', 'Northern Mariana Islands'],
    ['GL', 'DK', 'Greenland'],
    ['FO', 'DK', 'Faroe Islands'],
    ['GI', 'GB', 'Gibraltar'],
    ['BM', 'GB', 'Bermuda'],
    ['KY', 'GB', 'Cayman Islands'],
    ['FK', 'GB', 'Falkland Islands'],
    ['JE', 'GB', 'Jersey'],
    ['IM', 'GB', 'Isle of Man'],
    ['RE', 'FR', 'Réunion'],
    ['GP', 'FR', 'Guadeloupe'],
    ['NC', 'FR', 'New Caledonia'],
    ['PF', 'FR', 'French Polynesia'],
    ['AW', 'NL', 'Aruba'],
    ['CW', 'NL', 'Curaçao'],
    ['SX', 'NL', 'Sint Maarten'],
    ['AX', 'FI', 'Åland'],
    ['SJ', 'NO', 'Svalbard'],
    ['CX', 'AU', 'Christmas Island'],
    ['NF', 'AU', 'Norfolk Island'],
    ['CC', 'AU', 'Cocos Islands'],
    ['CK', 'NZ', 'Cook Islands'],
    ['NU', 'NZ', 'Niue'],
    ['TK', 'NZ', 'Tokelau'],
  ])('a territory %s counts toward its sovereign %s (%s)', (territory, sovereign) => {
    expect(countedCountry(territory)).toBe(sovereign);
  });

  it.each([
    ['TW', 'Taiwan'],
    ['XK', 'Kosovo'],
    ['EH', 'Western Sahara'],
    ['AQ', 'Antarctica'],
  ])('%s (%s) counts toward no state', (code) => {
    expect(countedCountry(code)).toBeNull();
    expect(UNCOUNTED_AREAS[code]).toBeTruthy();
  });

  it.each([
    ['XX', 'the unknown-country code'],
    ['ZZ', 'a code no country has'],
    ['USA', 'a 3-letter code'],
    ['F', 'a 1-letter code'],
    ['', 'an empty code'],
    ['F1', 'a code with a digit'],
  ])('%s (%s) counts toward nothing', (code) => {
    expect(countedCountry(code)).toBeNull();
  });

  it('ignores case and surrounding spaces, and counts nothing for null and undefined', () => {
    expect(countedCountry('fr')).toBe('FR');
    expect(countedCountry(' hk ')).toBe('CN');
    expect(countedCountry(null)).toBeNull();
    expect(countedCountry(undefined)).toBeNull();
  });
});

describe('countVisitedCountries', () => {
  it('counts each state once however many pins it has', () => {
    expect(countVisitedCountries(['FR', 'FR', 'DE', 'fr'])).toBe(2);
  });

  it('counts a territory and its sovereign state as one (Hong Kong and China)', () => {
    expect(countVisitedCountries(['HK', 'CN'])).toBe(1);
    expect(countVisitedCountries(['HK', 'MO'])).toBe(1);
    expect(countedStates(['PR', 'GU', 'US'])).toEqual(new Set(['US']));
  });

  it('counts a territory alone as its sovereign state (Greenland alone is 1, Denmark)', () => {
    expect(countedStates(['GL'])).toEqual(new Set(['DK']));
  });

  it('counts only 2-letter codes and never XX (SPEC §5)', () => {
    expect(countVisitedCountries(['XX', 'USA', '', null, undefined, 'ES'])).toBe(1);
  });

  it('counts Taiwan, Kosovo and Western Sahara toward nothing', () => {
    expect(countVisitedCountries(['TW', 'XK', 'EH'])).toBe(0);
    expect(countVisitedCountries(['TW', 'CN'])).toBe(1);
  });

  it('reaches 195 for all the states and no more with every territory added', () => {
    const all = [...COUNTED_STATES, ...Object.keys(TERRITORY_SOVEREIGN), ...Object.keys(UNCOUNTED_AREAS)];
    expect(countVisitedCountries(all)).toBe(195);
  });

  it('takes any iterable', () => {
    expect(countVisitedCountries(new Set(['JP', 'KR']))).toBe(2);
  });
});

describe('worldProgressPercent', () => {
  it('is visited out of 195 in percent, capped at 100 (SPEC §9)', () => {
    expect(worldProgressPercent(0)).toBe(0);
    expect(worldProgressPercent(39)).toBeCloseTo(20, 10);
    expect(worldProgressPercent(195)).toBe(100);
    expect(worldProgressPercent(300)).toBe(100);
    expect(worldProgressPercent(-1)).toBe(0);
    expect(worldProgressPercent(Number.NaN)).toBe(0);
  });
});
