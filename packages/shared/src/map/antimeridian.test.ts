import { describe, expect, it } from 'vitest';
import type { Position } from 'geojson';
import { isCutEdge, splitAtAntimeridian } from './antimeridian.js';
import { polygonArea, signedArea } from './geometry.js';

/** The largest step in longitude between consecutive points of any ring. */
function largestLongitudeStep(rings: Position[][]): number {
  let largest = 0;
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      largest = Math.max(largest, Math.abs((ring[i]?.[0] as number) - (ring[i - 1]?.[0] as number)));
    }
  }
  return largest;
}

/** A lng/lat box as world-atlas draws it: clockwise, longitudes wrapped into [-180, 180]. */
function box(west: number, south: number, east: number, north: number): Position[] {
  const wrap = (lng: number) => (lng > 180 ? lng - 360 : lng);
  return [
    [wrap(west), south],
    [wrap(west), north],
    [wrap(east), north],
    [wrap(east), south],
    [wrap(west), south],
  ];
}

function bounds(rings: Position[][]): [number, number, number, number] {
  const points = rings.flat();
  const xs = points.map((p) => p[0] as number);
  const ys = points.map((p) => p[1] as number);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

describe('splitAtAntimeridian', () => {
  it('returns a polygon that stays on one side whole, wound counter-clockwise with clockwise holes', () => {
    const [piece, ...rest] = splitAtAntimeridian([box(10, 10, 20, 20), box(12, 12, 14, 14).reverse()]);
    expect(rest).toEqual([]);
    expect(piece).toHaveLength(2);
    expect(signedArea(piece?.[0] ?? [])).toBe(100);
    expect(signedArea(piece?.[1] ?? [])).toBe(-4);
  });

  it('cuts a square across the antimeridian into one square on each side, losing no area', () => {
    const square = box(170, 0, 190, 10);
    expect(largestLongitudeStep([square])).toBeGreaterThan(180);

    const pieces = splitAtAntimeridian([square]);

    expect(pieces).toHaveLength(2);
    expect(pieces.map(bounds)).toEqual(
      expect.arrayContaining([
        [170, 0, 180, 10],
        [-180, 0, -170, 10],
      ]),
    );
    expect(largestLongitudeStep(pieces.flat())).toBeLessThanOrEqual(180);
    expect(pieces.map(polygonArea)).toEqual([100, 100]);
  });

  it('cuts a slanted ring at the latitude where its edges meet ±180°', () => {
    const ring: Position[] = [
      [176, 0],
      [176, 8],
      [-176, 0],
      [176, 0],
    ];
    const pieces = splitAtAntimeridian([ring]);
    expect(pieces.map(bounds)).toEqual(
      expect.arrayContaining([
        [176, 0, 180, 8],
        [-180, 0, -176, 4],
      ]),
    );
    expect(pieces.map(polygonArea).reduce((a, b) => a + b)).toBeCloseTo(32);
  });

  it('keeps a hole with the piece it lies in, on whichever side it was given', () => {
    const pieces = splitAtAntimeridian([box(170, 0, 190, 10), box(184, 2, 186, 4).reverse()]);
    const east = pieces.find((piece) => bounds(piece)[0] === -180);
    const west = pieces.find((piece) => bounds(piece)[2] === 180);
    expect(west).toHaveLength(1);
    expect(east).toHaveLength(2);
    expect(bounds([east?.[1] ?? []])).toEqual([-176, 2, -174, 4]);
    expect(polygonArea(east ?? [])).toBe(96);
  });

  it('closes a ring running east round the South Pole over the pole', () => {
    const ring: Position[] = [-150, -90, -30, 30, 90, 150, -150].map((lng) => [lng, -70]);
    const [piece, ...rest] = splitAtAntimeridian([ring]);
    expect(rest).toEqual([]);
    expect(bounds(piece ?? [])).toEqual([-180, -90, 180, -70]);
    expect(polygonArea(piece ?? [])).toBeCloseTo(360 * 20);
    expect(largestLongitudeStep(piece ?? [])).toBeLessThanOrEqual(180);
  });

  it('turns a coast running east and a circle running west round the pole into the band between them', () => {
    const coast: Position[] = [-150, -30, 90, -150].map((lng) => [lng, -70]);
    const circle: Position[] = [150, 30, -90, 150].map((lng) => [lng, -89]);
    const [piece, ...rest] = splitAtAntimeridian([circle, coast]);
    expect(rest).toEqual([]);
    expect(bounds(piece ?? [])).toEqual([-180, -89, 180, -70]);
    expect(polygonArea(piece ?? [])).toBeCloseTo(360 * 19);
  });
});

describe('isCutEdge', () => {
  it('marks edges along ±180° and beyond the Mercator limit, not ordinary edges', () => {
    expect(isCutEdge([180, 65], [180, 69])).toBe(true);
    expect(isCutEdge([-180, 65], [-180, 69])).toBe(true);
    expect(isCutEdge([180, -89], [-180, -89])).toBe(true);
    expect(isCutEdge([180, 65], [179.5, 66])).toBe(false);
    expect(isCutEdge([10, 40], [10, 45])).toBe(false);
  });
});
