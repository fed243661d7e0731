import { describe, expect, it } from 'vitest';
import type { Pin } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { OWN_PLACES_MAX, foldName, matchOwnPlaces, nearestPinWithin } from './own-places';

const italy = { countryCode: 'IT', countryName: 'Italy' };
const arezzo = buildPin({ pinId: 'arezzo', title: 'Arézzo', lat: 43.4633, lng: 11.8796, ...italy });
const florence = buildPin({ pinId: 'florence', title: 'Florence', lat: 43.7696, lng: 11.2558, ...italy });
const casa = buildPin({ pinId: 'casa', title: 'Casa Vasari', lat: 43.4666, lng: 11.8776, ...italy });
const lisbon = buildPin({
  pinId: 'lisbon',
  title: 'Lisbon',
  lat: 38.7223,
  lng: -9.1393,
  countryCode: 'PT',
  countryName: 'Portugal',
});

const titles = (pins: Pin[]) => pins.map((pin) => pin.title);

describe('foldName', () => {
  it('drops accents, case, apostrophes and full stops, and turns other separators into one space', () => {
    expect(foldName('Arézzo')).toBe('arezzo');
    expect(foldName('ZÜRICH')).toBe('zurich');
    expect(foldName("L'Aquila")).toBe('laquila');
    expect(foldName('  Saint-Malo,  St. Servan ')).toBe('saint malo st servan');
  });
});

describe('matchOwnPlaces', () => {
  it('matches a title whatever its accents and case', () => {
    expect(titles(matchOwnPlaces([florence, arezzo], 'arezzo'))).toEqual(['Arézzo']);
    expect(titles(matchOwnPlaces([florence, arezzo], 'ARÉZ'))).toEqual(['Arézzo']);
  });

  it('matches the start of any word of the title, and anywhere in it', () => {
    expect(titles(matchOwnPlaces([casa, lisbon], 'vas'))).toEqual(['Casa Vasari']);
    expect(titles(matchOwnPlaces([casa, lisbon], 'sbo'))).toEqual(['Lisbon']);
  });

  it('matches the start of a word of the country name', () => {
    expect(titles(matchOwnPlaces([lisbon, florence, arezzo], 'ital'))).toEqual(['Florence', 'Arézzo']);
    expect(matchOwnPlaces([lisbon], 'tugal')).toEqual([]);
  });

  it('puts the exact title first, then titles that start with the query, then the rest', () => {
    const arezzoOld = buildPin({ pinId: 'old', title: 'Old town of Arezzo', ...italy });
    const arezzoFair = buildPin({ pinId: 'fair', title: 'Arezzo antiques fair', ...italy });
    expect(titles(matchOwnPlaces([arezzoOld, arezzoFair, arezzo], 'Arezzo'))).toEqual([
      'Arézzo',
      'Arezzo antiques fair',
      'Old town of Arezzo',
    ]);
  });

  it(`lists at most ${OWN_PLACES_MAX} places, keeping the pins' order among equals`, () => {
    const pins = ['Rome', 'Ravenna', 'Rimini', 'Riva'].map((title) =>
      buildPin({ pinId: title, title, ...italy }),
    );
    expect(titles(matchOwnPlaces(pins, 'r'))).toEqual(['Rome', 'Ravenna', 'Rimini']);
  });

  it('finds nothing for a blank query or one made of separators', () => {
    expect(matchOwnPlaces([arezzo], '   ')).toEqual([]);
    expect(matchOwnPlaces([arezzo], ' - ')).toEqual([]);
  });
});

describe('nearestPinWithin', () => {
  // Arezzo in the gazetteer (GeoNames): about 0.1 km from the Arezzo pin and 0.5 km from Casa Vasari.
  const arezzoCity = { lat: 43.46276, lng: 11.88068 };

  it('offers the nearest pin within the default grouping distance of 1 km', () => {
    expect(nearestPinWithin([florence, casa, arezzo], arezzoCity)?.pinId).toBe('arezzo');
    expect(nearestPinWithin([casa], arezzoCity)?.pinId).toBe('casa');
  });

  it('offers no pin farther away than the grouping distance', () => {
    expect(nearestPinWithin([florence, lisbon], arezzoCity)).toBeUndefined();
    expect(nearestPinWithin([arezzo], arezzoCity, 0.1)).toBeUndefined();
    expect(nearestPinWithin([], arezzoCity)).toBeUndefined();
  });
});
