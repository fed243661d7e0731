import { describe, expect, it } from 'vitest';
import { GEOCODE_FALLBACK, type ReverseGeocodeResult } from '@waymarks/shared';
import type { Stay } from './read/points.js';
import { gatherPlaces } from './places.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2018, 6, 1, 9);

/** A map of three towns and the sea: the gazetteer's answers, for the gathering's own rules. */
function reverse(lat: number, lng: number): ReverseGeocodeResult {
  if (Math.abs(lat - 48.8566) < 0.2 && Math.abs(lng - 2.3522) < 0.2) {
    return { city: 'Paris', region: 'Île-de-France', countryCode: 'FR', countryName: 'France' };
  }
  if (Math.abs(lat - 45.764) < 0.2 && Math.abs(lng - 4.8357) < 0.2) {
    return { city: 'Lyon', region: 'Auvergne-Rhône-Alpes', countryCode: 'FR', countryName: 'France' };
  }
  if (Math.abs(lat - 38.7223) < 0.2 && Math.abs(lng + 9.1393) < 0.2) {
    return { city: GEOCODE_FALLBACK.city, region: 'Lisboa', countryCode: 'PT', countryName: 'Portugal' };
  }
  return { ...GEOCODE_FALLBACK };
}

const stay = (lat: number, lng: number, start: number | null, hours = 1, name?: string): Stay => ({
  lat,
  lng,
  start,
  end: start === null ? null : start + hours * HOUR,
  source: 'visit',
  ...(name ? { name } : {}),
});

const gather = (stays: Stay[], pins: { pinId: string; lat: number; lng: number }[] = []) =>
  gatherPlaces(stays, { groupingKm: 1, reverse, pins });

describe('gatherPlaces', () => {
  it('makes one place of stays within the grouping distance, with its first and last visit, visits and minutes', () => {
    const { places } = gather([
      stay(48.8566, 2.3522, T0, 2),
      stay(48.8601, 2.3499, T0 + 3 * DAY, 1),
      stay(48.855, 2.355, T0 + 10 * DAY, 3),
    ]);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({
      title: 'Paris',
      countryCode: 'FR',
      countryName: 'France',
      firstVisit: '2018-07-01',
      lastVisit: '2018-07-11',
      visits: 3,
      minutes: 360,
    });
    expect(places[0]!.lat).toBeCloseTo(48.8572, 3);
  });

  it('keeps places farther apart than the grouping distance apart, the largest stays first', () => {
    const { places } = gather([
      stay(48.8566, 2.3522, T0, 1),
      stay(45.764, 4.8357, T0 + DAY, 5),
      stay(48.8566, 2.3822, T0 + 2 * DAY, 2),
    ]);
    expect(places.map((place) => [place.title, place.minutes])).toEqual([
      ['Lyon', 300],
      ['Paris', 120],
      ['Paris', 60],
    ]);
  });

  it('names a place as its file did, else by its town, region or country', () => {
    const { places } = gather([
      stay(48.8584, 2.2945, T0, 3, 'Eiffel Tower'),
      stay(48.8585, 2.2946, T0 + DAY, 1, 'Tour Eiffel'),
      stay(48.8583, 2.2944, T0 + 2 * DAY, 1, 'Eiffel Tower'),
      stay(38.7223, -9.1393, T0, 2),
    ]);
    expect(places.map((place) => place.title)).toEqual(['Eiffel Tower', 'Lisboa']);
  });

  it('counts only the countries a stay fell in, and none for a place at sea', () => {
    const { countries, places } = gather([
      stay(48.8566, 2.3522, T0),
      stay(45.764, 4.8357, T0),
      stay(38.7223, -9.1393, T0),
      stay(40, -30, T0, 3),
    ]);
    expect(countries).toEqual([
      { countryCode: 'FR', countryName: 'France', places: 2 },
      { countryCode: 'PT', countryName: 'Portugal', places: 1 },
    ]);
    expect(places.find((place) => place.countryCode === 'XX')?.title).toBe(GEOCODE_FALLBACK.region);
  });

  it('names the traveller’s nearest pin within the grouping distance, and none farther', () => {
    const { places } = gather(
      [stay(48.8566, 2.3522, T0, 2), stay(45.764, 4.8357, T0, 1)],
      [
        { pinId: 'pin-far', lat: 48.8566, lng: 2.37 },
        { pinId: 'pin-near', lat: 48.857, lng: 2.353 },
        { pinId: 'pin-lyon-far', lat: 45.8, lng: 4.8357 },
      ],
    );
    expect(places.map((place) => place.pinId)).toEqual(['pin-near', undefined]);
  });

  it('answers the span of all visits, and null dates for stays without times', () => {
    const gathered = gather([
      stay(48.8566, 2.3522, null),
      stay(45.764, 4.8357, T0 + 5 * DAY),
      stay(38.7223, -9.1393, T0),
    ]);
    expect([gathered.from, gathered.to]).toEqual(['2018-07-01', '2018-07-06']);
    const undated = gathered.places.find((place) => place.title === 'Paris')!;
    expect([undated.firstVisit, undated.lastVisit]).toEqual([null, null]);
  });

  it('gives the same stays the same place keys, whatever their order', () => {
    const stays = [
      stay(48.8566, 2.3522, T0),
      stay(45.764, 4.8357, T0 + DAY),
      stay(48.8567, 2.3523, T0 + 2 * DAY),
    ];
    const keys = (list: Stay[]) =>
      gather(list)
        .places.map((place) => place.placeKey)
        .sort();
    expect(keys([...stays].reverse())).toEqual(keys(stays));
  });

  it('gives places whose centres round to the same point keys of their own', () => {
    // Two metres apart, with a grouping distance of one metre: two places, one rounded centre.
    const { places } = gatherPlaces([stay(48.8566, 2.3522, T0, 2), stay(48.85661, 2.35221, T0, 1)], {
      groupingKm: 0.001,
      reverse,
      pins: [],
    });
    expect(places.map((place) => place.placeKey)).toEqual(['48.8566,2.3522', '48.8566,2.3522~2']);
  });

  it('gathers stays near the poles and across the date line without losing any', () => {
    const { places } = gather([
      stay(78.2232, 15.6267, T0),
      stay(78.2235, 15.63, T0 + DAY),
      stay(-16.5, 179.9999, T0),
      stay(-16.5, -179.9999, T0),
    ]);
    expect(places.reduce((sum, place) => sum + place.visits, 0)).toBe(4);
    expect(places.find((place) => place.lat > 78)?.visits).toBe(2);
  });
});
