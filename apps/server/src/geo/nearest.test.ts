import KDBush from 'kdbush';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, PlaceLocator, placeScore, reachKm } from './nearest.js';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The same local projection the locator uses, by brute force over every place. */
function bruteForce(
  places: { lat: number; lng: number; country: number; reach: number }[],
  lat: number,
  lng: number,
  country: number,
  maxKm: number,
): number {
  const cos = Math.max(Math.cos((lat * Math.PI) / 180), 1e-6);
  let best = -1;
  let bestScore = Infinity;
  places.forEach((place, i) => {
    if (place.country !== country) return;
    let dLng = Math.abs(place.lng - lng);
    if (dLng > 180) dLng = 360 - dLng;
    const km = Math.hypot(dLng * cos, place.lat - lat) * (Math.PI / 180) * EARTH_RADIUS_KM;
    if (km > maxKm) return;
    const score = placeScore(km, place.reach);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

function locatorFor(places: { lat: number; lng: number; country: number; reach: number }[]) {
  const index = new KDBush(places.length, 16);
  for (const place of places) index.add(place.lng, place.lat);
  index.finish();
  return new PlaceLocator({
    index,
    itemPlace: Uint32Array.from(places, (_, i) => i),
    country: Uint16Array.from(places, (place) => place.country),
    reach: Float32Array.from(places, (place) => place.reach),
  });
}

describe('reach and score', () => {
  it('gives small places 1 km and big cities more (about 9 km for 2 million people)', () => {
    expect(reachKm(500)).toBe(1);
    expect(reachKm(20_000)).toBe(1);
    expect(reachKm(2_138_551)).toBeCloseTo(8.77, 1);
  });

  it('prefers being inside a big city to being near a village, and a near village to a far city', () => {
    const paris = placeScore(4.1, reachKm(2_138_551)); // Eiffel Tower from the centre of Paris
    const suburb = placeScore(3, reachKm(60_000));
    expect(paris).toBeLessThan(suburb);
    const madrid = placeScore(45, reachKm(3_255_944)); // Sierra de Guadarrama from Madrid
    const village = placeScore(7, reachKm(2_900));
    expect(village).toBeLessThan(madrid);
  });
});

describe('PlaceLocator', () => {
  it('finds what a brute-force scan finds, for random places and points', () => {
    const next = random(11);
    const places = Array.from({ length: 4000 }, () => ({
      lat: 40 + next() * 10,
      lng: 170 + next() * 20, // 170 to 190: both sides of the antimeridian, wrapped below
      country: Math.floor(next() * 3),
      reach: Math.fround(reachKm(Math.floor(next() ** 6 * 5_000_000))),
    }));
    for (const place of places) if (place.lng > 180) place.lng -= 360;
    const locator = locatorFor(places);
    for (let i = 0; i < 2000; i += 1) {
      const lat = 40 + next() * 10;
      let lng = 170 + next() * 20;
      if (lng > 180) lng -= 360;
      const country = Math.floor(next() * 3);
      expect(locator.locate(lat, lng, country, 50)).toBe(bruteForce(places, lat, lng, country, 50));
    }
  });

  it('names only places of the country asked for', () => {
    const locator = locatorFor([
      { lat: 48.5839, lng: 7.7455, country: 0, reach: reachKm(280_000) }, // Strasbourg
      { lat: 48.5727, lng: 7.8156, country: 1, reach: reachKm(36_000) }, // Kehl
    ]);
    expect(locator.locate(48.575, 7.8, 1, 50)).toBe(1);
    expect(locator.locate(48.575, 7.8, 0, 50)).toBe(0);
  });

  it('answers -1 beyond the radius or with no place of that country', () => {
    const locator = locatorFor([{ lat: 0, lng: 0, country: 0, reach: 1 }]);
    expect(locator.locate(0, 1, 0, 50)).toBe(-1); // 111 km away
    expect(locator.locate(0, 0.1, 1, 50)).toBe(-1);
    expect(locator.locate(0, 0.1, 0, 50)).toBe(0);
  });
});
