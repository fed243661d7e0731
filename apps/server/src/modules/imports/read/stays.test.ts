import { describe, expect, it } from 'vitest';
import type { Stay, TimedPoint } from './points.js';
import { STAY_RULE, StayFinder } from './stays.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2019, 4, 1, 9, 0);
/** About 111 m of latitude per 0.001°. */
const PARIS = { lat: 48.8566, lng: 2.3522 };

function staysOf(points: TimedPoint[], stays: Stay[] = []): Stay[] {
  const found: Stay[] = [];
  const finder = new StayFinder((stay) => found.push(stay));
  for (const stay of stays) finder.stay(stay);
  for (const point of points) finder.point(point);
  finder.end();
  return found;
}

/** Points every `everyMinutes` from `from`, for `minutes`, jittering by up to `jitterDeg` around `at`. */
function linger(
  at: { lat: number; lng: number },
  from: number,
  minutes: number,
  everyMinutes = 2,
  jitterDeg = 0.0005,
) {
  const points: TimedPoint[] = [];
  for (let m = 0; m <= minutes; m += everyMinutes) {
    const wobble = ((m * 7) % 5) / 4 - 0.5;
    points.push({
      lat: at.lat + wobble * jitterDeg,
      lng: at.lng - wobble * jitterDeg,
      at: from + m * MINUTE,
    });
  }
  return points;
}

describe('StayFinder', () => {
  it('makes a stay of points within 200 m for 20 minutes or more, at their centre, from the first to the last', () => {
    const [stay] = staysOf(linger(PARIS, T0, 45));
    expect(stay).toMatchObject({ source: 'visit', start: T0, end: T0 + 44 * MINUTE });
    expect(stay!.lat).toBeCloseTo(PARIS.lat, 3);
    expect(stay!.lng).toBeCloseTo(PARIS.lng, 3);
  });

  it('makes no stay of 19 minutes in one place', () => {
    expect(staysOf(linger(PARIS, T0, 19, 1))).toEqual([]);
  });

  it('makes no stay of a journey: points that move on leave nothing, however long the trip', () => {
    const drive = Array.from({ length: 200 }, (_, i) => ({
      lat: PARIS.lat + i * 0.003,
      lng: PARIS.lng,
      at: T0 + i * MINUTE,
    }));
    expect(staysOf(drive)).toEqual([]);
  });

  it('ends a stay at the first point beyond 200 m, and finds the next one after the trip between them', () => {
    const lyon = { lat: 45.764, lng: 4.8357 };
    const trip = Array.from({ length: 30 }, (_, i) => ({
      lat: PARIS.lat + ((lyon.lat - PARIS.lat) * i) / 30,
      lng: PARIS.lng + ((lyon.lng - PARIS.lng) * i) / 30,
      at: T0 + (60 + i * 4) * MINUTE,
    }));
    const stays = staysOf([
      ...linger(PARIS, T0, 40),
      ...trip.slice(1),
      ...linger(lyon, T0 + 200 * MINUTE, 30),
    ]);
    expect(stays.map((stay) => [stay.lat.toFixed(2), stay.lng.toFixed(2)])).toEqual([
      ['48.86', '2.35'],
      ['45.76', '4.84'],
    ]);
  });

  it('counts a point farther than the radius as leaving, and one inside it as staying', () => {
    const metres = (m: number) => m / 111_320;
    const near = [0, 7, 14, 21].map((m, i) => ({
      lat: PARIS.lat + metres(i === 3 ? STAY_RULE.radiusMeters - 20 : 50),
      lng: PARIS.lng,
      at: T0 + m * MINUTE,
    }));
    expect(staysOf(near)).toHaveLength(1);
    const away = [0, 7, 14, 21].map((m, i) => ({
      lat: PARIS.lat + metres(i === 3 ? STAY_RULE.radiusMeters + 60 : 0),
      lng: PARIS.lng,
      at: T0 + m * MINUTE,
    }));
    expect(staysOf(away)).toEqual([]);
  });

  it('ends a run at a point earlier than the one before it', () => {
    // 0–14 minutes (too short to be a stay), then a point from minute 4 again, then 16–30 minutes.
    const points = linger(PARIS, T0, 30);
    const stays = staysOf([...points.slice(0, 8), { ...points[2]! }, ...points.slice(8)]);
    expect(stays.map((stay) => [stay.start, stay.end])).toEqual([[T0 + 4 * MINUTE, T0 + 30 * MINUTE]]);
  });

  it('passes stays read as such straight on', () => {
    const visit: Stay = { ...PARIS, start: T0, end: T0 + MINUTE, source: 'step', name: 'Paris' };
    expect(staysOf([], [visit])).toEqual([visit]);
  });
});
