import { describe, expect, it } from 'vitest';
import { boundsAround } from './map-bounds';

const AREZZO = { lat: 43.4633, lng: 11.8796 };
const MADRID = { lat: 40.447, lng: -3.7248 };
const HELSINKI = { lat: 60.1467, lng: 24.9068 };
const TOKYO = { lat: 35.6586, lng: 139.7454 };
const HONOLULU = { lat: 21.3069, lng: -157.8583 };

describe('boundsAround', () => {
  it('holds every place, west to east and south to north', () => {
    expect(boundsAround([AREZZO, HELSINKI, MADRID])).toEqual([-3.7248, 40.447, 24.9068, 60.1467]);
  });

  it('is a box of no size around a single place', () => {
    expect(boundsAround([AREZZO])).toEqual([11.8796, 43.4633, 11.8796, 43.4633]);
  });

  it('crosses the Pacific when that is the shorter way round', () => {
    const [west, south, east, north] = boundsAround([TOKYO, HONOLULU])!;
    expect([west, south, north]).toEqual([139.7454, 21.3069, 35.6586]);
    expect(east).toBeCloseTo(360 - 157.8583, 6);
  });

  it('has nothing to hold without places', () => {
    expect(boundsAround([])).toBeNull();
  });
});
