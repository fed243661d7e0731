import { describe, expect, it } from 'vitest';
import { distanceTransform, SDF_CUTOFF, signedDistanceField } from './sdf.js';

const INF = 1e20;

describe('distanceTransform', () => {
  it('gives every cell its squared distance to the nearest seed', () => {
    const grid = new Float64Array(5 * 4).fill(INF);
    grid[1 * 5 + 1] = 0;
    grid[3 * 5 + 4] = 0;
    distanceTransform(grid, 5, 4);
    const expected = [];
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 5; x++) {
        expected.push(Math.min((x - 1) ** 2 + (y - 1) ** 2, (x - 4) ** 2 + (y - 3) ** 2));
      }
    }
    expect([...grid]).toEqual(expected);
  });

  it('adds a seed cell’s own squared distance to what lies beyond it', () => {
    const grid = new Float64Array([INF, 0.25, INF, INF]);
    distanceTransform(grid, 4, 1);
    expect([...grid]).toEqual([1.25, 0.25, 1.25, 4.25]);
  });
});

describe('signedDistanceField', () => {
  // A 4 × 4 block of ink in the middle of a 12 × 12 bitmap.
  const size = 12;
  const coverage = new Float32Array(size * size);
  for (let y = 4; y < 8; y++) for (let x = 4; x < 8; x++) coverage[y * size + x] = 1;
  const sdf = signedDistanceField(coverage, size, size);
  const at = (x: number, y: number) => sdf[y * size + x]!;
  const edge = 255 * (1 - SDF_CUTOFF);

  it('is above the edge value inside the ink and below it outside', () => {
    expect(at(5, 5)).toBeGreaterThan(edge);
    expect(at(3, 5)).toBeLessThan(edge);
  });

  it('falls by 255 / 8 per pixel of distance from the ink', () => {
    // Pixel 3 is one pixel from pixel 4, the first inked one; pixel 0 is four pixels from it.
    expect(at(3, 5)).toBe(Math.round(edge - 255 / 8));
    expect(at(0, 5)).toBe(Math.round(edge - (4 * 255) / 8));
  });

  it('is 0 beyond 6 pixels from the ink', () => {
    const wide = new Float32Array(40 * 40);
    wide[20 * 40 + 20] = 1;
    expect(signedDistanceField(wide, 40, 40)[0]).toBe(0);
  });

  it('puts a half-covered pixel on the edge', () => {
    const half = new Float32Array(9).fill(0);
    half[4] = 0.5;
    expect(signedDistanceField(half, 3, 3)[4]).toBe(Math.round(edge));
  });
});
