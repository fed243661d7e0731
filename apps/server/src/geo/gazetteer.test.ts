// The gazetteer on the real packaged data: search ranking, reverse geocoding accuracy, the country grid,
// and the country list against the 195 rule. Loads the data once (a couple of seconds).
import {
  COUNTED_STATES,
  GEOCODE_FALLBACK,
  TERRITORY_SOVEREIGN,
  UNCOUNTED_AREAS,
  countedCountry,
} from '@waymarks/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BORDER_POINTS,
  FIXTURE_POINTS,
  KNOWN_LIMITS,
  OCEAN_POINTS,
  TERRITORY_POINTS,
  type AccuracyPoint,
} from './accuracy-points.js';
import type { Gazetteer } from './gazetteer.js';
import { loadGazetteerNow } from './gazetteer-service.js';

let g: Gazetteer;
beforeAll(async () => {
  g = await loadGazetteerNow();
}, 60_000);

const names = (query: string) => g.search(query).map((result) => result.name);
const first = (query: string) => g.search(query)[0];

describe('search finds places by name, diacritic- and case-insensitively', () => {
  it.each([
    ['zurich', 'Zürich', 'CH'],
    ['ZÜRICH', 'Zürich', 'CH'],
    ['Munich', 'Munich', 'DE'],
    ['München', 'Munich', 'DE'],
    ['muenchen', 'Munich', 'DE'],
    ['Lisboa', 'Lisbon', 'PT'],
    ['sao paulo', 'São Paulo', 'BR'],
    ['krakow', 'Kraków', 'PL'],
    ['東京', 'Tokyo', 'JP'],
    ['Москва', 'Moscow', 'RU'],
    ['deutschland', 'Germany', 'DE'],
    ['Allemagne', 'Germany', 'DE'],
  ])("'%s' finds %s (%s) first", (query, name, countryCode) => {
    expect(first(query)).toMatchObject({ name, countryCode });
  });

  it("finds the region Bavaria for 'bavaria' and the country for 'portugal'", () => {
    expect(first('bavaria')).toMatchObject({ name: 'Bavaria', placeType: 'region', countryCode: 'DE' });
    expect(first('portugal')).toMatchObject({ name: 'Portugal', placeType: 'country', countryCode: 'PT' });
  });

  it('finds by prefix while the name is typed', () => {
    expect(first('lisb')).toMatchObject({ name: 'Lisbon' });
    expect(first('zur')).toMatchObject({ name: 'Zürich' });
    expect(first('mün')).toMatchObject({ name: 'Munich' });
    expect(first('munic')).toMatchObject({ name: 'Munich' });
    expect(first('bava')).toMatchObject({ name: 'Bavaria' });
    expect(first('portug')).toMatchObject({ name: 'Portugal' });
  });

  it('answers at most 5 results, and nothing for a query that normalises to nothing', () => {
    expect(g.search('s')).toHaveLength(5);
    expect(g.search('!!!')).toEqual([]);
    expect(g.search('xqxqxqxq')).toEqual([]);
  });
});

describe('search ranks by match quality, then population', () => {
  it('puts an exact name before a longer name that starts with it (Par before Paraguay for "par")', () => {
    const results = names('par');
    expect(results.indexOf('Par')).toBeGreaterThanOrEqual(0);
    expect(results.indexOf('Par')).toBeLessThan(results.indexOf('Paraguay'));
  });

  it('ranks the exact matches of a name by population (Paris, France before Paris, Texas)', () => {
    const results = g.search('paris');
    expect(results[0]).toMatchObject({ countryCode: 'FR' });
    expect(results.slice(1).every((result) => result.name === 'Paris')).toBe(true);
  });

  it('puts a prefix of the name before a later word of it ("york": York before New York City)', () => {
    const results = names('york');
    expect(results[0]).toBe('York');
    expect(results).not.toContain('New York City');
    expect(names('york c')).toContain('New York City');
  });

  it('finds a later word of a name ("lumpur" → Kuala Lumpur)', () => {
    expect(first('lumpur')).toMatchObject({ name: 'Kuala Lumpur', countryCode: 'MY' });
  });

  it('weighs an exact alternate name below an exact name of a similar place ("Roma" is Rome before Roma, Queensland)', () => {
    expect(first('Roma')).toMatchObject({ name: 'Rome', countryCode: 'IT' });
  });

  it('lists a city before the region of the same name ("New York")', () => {
    expect(g.search('new york').slice(0, 2)).toMatchObject([
      { name: 'New York City', placeType: 'locality' },
      { name: 'New York', placeType: 'region' },
    ]);
  });

  it('"New York" lists New York City first however it is typed, then the state', () => {
    for (const query of ['New York', 'NEW YORK', 'Nwe York', 'New York, USA', 'new york united states']) {
      expect(g.search(query).slice(0, 2), query).toMatchObject([
        { name: 'New York City', placeType: 'locality', countryCode: 'US' },
        { name: 'New York', placeType: 'region', countryCode: 'US' },
      ]);
    }
  });

  it('ranks a section of a city below towns of its own (Zürich (Kreis 11) after Zürich)', () => {
    expect(names('zurich')[0]).toBe('Zürich');
  });
});

describe('search reads a region or country after the name as where the place is', () => {
  it.each([
    ['Kyoto, Japan', 'Kyoto', 'JP'],
    ['kyoto japan', 'Kyoto', 'JP'],
    ['Porto Portugal', 'Porto', 'PT'],
    ['Paris, Texas', 'Paris', 'US'],
    ['london ontario', 'London', 'CA'],
    ['san jose costa rica', 'San José', 'CR'],
  ])("'%s' finds the city %s (%s) first", (query, name, countryCode) => {
    expect(first(query)).toMatchObject({ name, countryCode, placeType: 'locality' });
  });

  it('lists only places in that region or country ("Paris, Texas")', () => {
    const results = g.search('Paris, Texas');
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.formattedAddress).toMatch(/, Texas, United States$/);
  });

  it('reads several of them, their names in other languages, and one still being typed after a comma', () => {
    expect(first('Munich, Bavaria, Germany')).toMatchObject({ name: 'Munich', countryCode: 'DE' });
    expect(first('springfield illinois usa')).toMatchObject({ name: 'Springfield', countryCode: 'US' });
    expect(first('porto portogallo')).toMatchObject({ name: 'Porto', countryCode: 'PT' });
    expect(first('Kyoto, Ja')).toMatchObject({ name: 'Kyoto', countryCode: 'JP' });
  });

  it('searches the name alone when what follows the comma names no region or country ("Paris, TX")', () => {
    expect(first('Washington, D.C.')).toMatchObject({ name: 'Washington', countryCode: 'US' });
    expect(names('Paris, TX')).toEqual(names('Paris'));
  });

  it('still lists first a place whose whole name is the query ("New Mexico", "Papua New Guinea")', () => {
    expect(first('New Mexico')).toMatchObject({ name: 'New Mexico', placeType: 'region' });
    expect(first('Papua New Guinea')).toMatchObject({ name: 'Papua New Guinea', placeType: 'country' });
  });
});

describe('search forgives typos in names of five letters or more', () => {
  it.each([
    ['Nwe York', 'New York City', 'US'],
    ['Lisbn', 'Lisbon', 'PT'],
    ['Barcleona', 'Barcelona', 'ES'],
  ])("'%s' finds %s (%s) first", (query, name, countryCode) => {
    expect(first(query)).toMatchObject({ name, countryCode });
  });

  it('forgives one typo from five letters, two from eight, none below five', () => {
    expect(first('Johanesbrug')).toMatchObject({ name: 'Johannesburg', countryCode: 'ZA' });
    expect(names('Lsibn')).not.toContain('Lisbon'); // two typos in five letters
    expect(names('Rme')).not.toContain('Rome');
  });

  it('takes a typo in the name before a country too ("Lisbn, Portugal")', () => {
    expect(first('Lisbn, Portugal')).toMatchObject({ name: 'Lisbon', countryCode: 'PT' });
  });

  it('assumes no typo when a name is what was typed ("Milna" is Milna, Croatia; Milan is not listed)', () => {
    expect(first('Milna')).toMatchObject({ name: 'Milna', countryCode: 'HR' });
    expect(names('Milna')).not.toContain('Milan');
  });

  it('lets a typo only fill the places that names starting with the query leave ("Pargue")', () => {
    expect(names('Pargue').slice(0, 2)).toEqual(['La Parguera', 'Prague']);
  });
});

describe('search lists each place once', () => {
  it('a city and the region of its name that sits on it are one result ("São Paulo", "Kyoto", "Dubai")', () => {
    for (const query of ['sao paulo', 'kyoto', 'Dubai']) {
      const results = g.search(query);
      expect(results[0], query).toMatchObject({ placeType: 'locality' });
      expect(
        results.filter((result) => result.name === results[0]!.name),
        query,
      ).toHaveLength(1);
    }
  });

  it('two places of one name in one region are one result ("Shibganj", Rajshahi Division)', () => {
    expect(g.search('Shibganj').filter((result) => result.name === 'Shibganj')).toHaveLength(1);
  });

  it('no two results share a place id or read the same, for the name of every place of 20,000 people or more', () => {
    const t = g.tables;
    const repeated: string[] = [];
    for (let place = 0; place < t.count; place += 1) {
      if (t.score[place]! < 20_000) continue;
      const query = t.names.get(place);
      const results = g.search(query);
      const ids = new Set(results.map((result) => result.placeId));
      const readings = new Set(results.map((result) => `${result.formattedAddress} ${result.countryCode}`));
      if (ids.size < results.length || readings.size < results.length) repeated.push(query);
    }
    expect(repeated).toEqual([]);
  }, 60_000);
});

describe('search results have the shape of SPEC §3', () => {
  it('for a place, a region and a country', () => {
    expect(first('Munich')).toEqual({
      placeId: 'gn:2867714',
      name: 'Munich',
      title: 'Munich',
      description: '',
      lat: 48.13743,
      lng: 11.57549,
      country: 'Germany',
      countryCode: 'DE',
      countryName: 'Germany',
      formattedAddress: 'Munich, Bavaria, Germany',
      placeType: 'locality',
      visitDate: null,
    });
    expect(first('bavaria')).toMatchObject({ placeId: 'a1:DE.02', formattedAddress: 'Bavaria, Germany' });
    expect(first('portugal')).toMatchObject({ placeId: 'cc:PT', formattedAddress: 'Portugal' });
  });

  it('places a region at its capital and a country at its capital', () => {
    expect(first('bavaria')).toMatchObject({ lat: 48.13743, lng: 11.57549 });
    expect(first('portugal')).toMatchObject({ lat: 38.71667, lng: -9.13333 });
  });

  it('gives a territory its own code and name (Hong Kong, HK)', () => {
    expect(first('hong kong')).toMatchObject({ countryCode: 'HK', countryName: 'Hong Kong' });
  });
});

function expectPoint(point: AccuracyPoint) {
  const result = g.reverse(point.lat, point.lng);
  expect(result.countryCode).toBe(point.countryCode);
  expect(result.countryName).toBe(g.tables.countryNames.get(point.countryCode));
  if (typeof point.city === 'string') expect(result.city).toBe(point.city);
  if (Array.isArray(point.city)) expect(point.city).toContain(result.city);
  if (point.region) expect(result.region).toBe(point.region);
}

describe('reverse geocoding resolves the right country on both sides of a border', () => {
  it('covers at least 30 border points', () => {
    expect(BORDER_POINTS.length).toBeGreaterThanOrEqual(30);
  });
  it.each(BORDER_POINTS)('$label is $countryCode', expectPoint);
});

describe('reverse geocoding of the GPS fixtures (../shared/fixtures/media/README.md)', () => {
  it.each(FIXTURE_POINTS)('$label is in $countryCode', expectPoint);
});

describe('reverse geocoding of territories and disputed areas', () => {
  it.each(TERRITORY_POINTS)('$label is $countryCode', expectPoint);
});

describe('reverse geocoding where the border data is coarse (documented limits)', () => {
  it.each(KNOWN_LIMITS)('$label resolves to $countryCode although it $why', expectPoint);
});

describe('reverse geocoding falls back as SPEC §8 says', () => {
  it.each(OCEAN_POINTS)('a point in $label gives XX, Unknown', ({ lat, lng }) => {
    expect(g.reverse(lat, lng)).toEqual(GEOCODE_FALLBACK);
  });

  it("keeps the country but says 'Unknown City' where no town is within 50 km (central Sahara)", () => {
    expect(g.reverse(23.5, 10.5)).toEqual({
      city: 'Unknown City',
      region: 'Unknown Location',
      countryCode: 'DZ',
      countryName: 'Algeria',
    });
  });

  it('answers the fallback for coordinates out of range or not numbers', () => {
    expect(g.reverse(91, 0)).toEqual(GEOCODE_FALLBACK);
    expect(g.reverse(0, Number.NaN)).toEqual(GEOCODE_FALLBACK);
  });
});

describe('reverse geocoding agrees with GeoNames', () => {
  it('puts at least 99.9% of the 199,568 town centres in the country GeoNames gives them', () => {
    const t = g.tables;
    let towns = 0;
    const disagreements = new Map<string, number>();
    for (let place = 0; place < t.count; place += 1) {
      if (t.kind[place] !== 0) continue;
      towns += 1;
      const expected = t.countryCodes[t.country[place]!]!;
      const found = g.reverse(t.lat[place]!, t.lng[place]!).countryCode;
      if (found !== expected) {
        const key = `${expected}→${found}`;
        disagreements.set(key, (disagreements.get(key) ?? 0) + 1);
      }
    }
    const total = [...disagreements.values()].reduce((sum, n) => sum + n, 0);
    expect(towns).toBeGreaterThan(199_000);
    expect(total / towns, JSON.stringify(Object.fromEntries(disagreements))).toBeLessThan(0.001);
  }, 60_000);

  it('names the town itself for a point at its centre (99.5% of towns of 10,000 people or more)', () => {
    const t = g.tables;
    let towns = 0;
    let same = 0;
    for (let place = 0; place < t.count; place += 1) {
      if (t.kind[place] !== 0 || t.score[place]! < 10_000) continue;
      towns += 1;
      if (g.reversePlace(t.lat[place]!, t.lng[place]!) === place) same += 1;
    }
    expect(same / towns).toBeGreaterThan(0.995);
  }, 60_000);
});

describe('the country grid', () => {
  it('answers exactly what country-coder answers, for 50,000 random points', () => {
    let state = 5;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let i = 0; i < 50_000; i += 1) {
      const lat = Math.asin(2 * next() - 1) * (180 / Math.PI);
      const lng = next() * 360 - 180;
      expect(g.countries.countryAt(lat, lng), `${lat}, ${lng}`).toBe(g.countries.countryAtUncached(lat, lng));
    }
  }, 60_000);

  it('answers most of the globe without country-coder', () => {
    expect(g.countries.gridCoverage).toBeGreaterThan(0.95);
  });
});

describe('country data', () => {
  it('has a code and an English name for every ISO 3166-1 country and territory, and Kosovo', () => {
    const codes = g.tables.countryCodes.filter((code) => g.tables.countryNames.has(code));
    expect(codes.length).toBeGreaterThanOrEqual(250);
    expect(g.tables.countryNames.get('XK')).toBe('Kosovo');
    expect(g.tables.countryNames.get('TW')).toBe('Taiwan');
    expect(g.tables.countryNames.get('US')).toBe('United States');
  });

  it('places every code under the 195 rule: one of the 195, a territory, or counted toward no state', () => {
    for (const code of g.tables.countryNames.keys()) {
      const known = COUNTED_STATES.includes(code) || code in TERRITORY_SOVEREIGN || code in UNCOUNTED_AREAS;
      expect(known, code).toBe(true);
    }
    expect(countedCountry('HK')).toBe('CN');
  });

  it('finds every country by its English name', () => {
    for (const [code, name] of g.tables.countryNames) {
      if (code === 'UM' || code === 'HM' || code === 'BV') continue; // no town and a generic name
      const found = g
        .search(name)
        .some((result) => result.placeType === 'country' && result.countryCode === code);
      expect(found, `${name} (${code})`).toBe(true);
    }
  });
});
