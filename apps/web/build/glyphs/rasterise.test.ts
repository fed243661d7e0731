import { describe, expect, it } from 'vitest';
import { flattenPath, rasterise, type Contour } from './rasterise.js';

const square = (x0: number, y0: number, x1: number, y1: number): Contour => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const reversed = (contour: Contour): Contour => [...contour].reverse();
const rows = (coverage: Float32Array, width: number) =>
  Array.from({ length: coverage.length / width }, (_, y) =>
    [...coverage.slice(y * width, (y + 1) * width)].map((value) => Math.round(value * 100) / 100),
  );

describe('rasterise', () => {
  it('covers whole pixels inside a shape and none outside', () => {
    expect(rows(rasterise([square(1, 1, 3, 2)], 4, 3), 4)).toEqual([
      [0, 0, 0, 0],
      [0, 1, 1, 0],
      [0, 0, 0, 0],
    ]);
  });

  it('covers pixels an edge crosses by the share of them inside', () => {
    expect(rows(rasterise([square(0.5, 0, 2.25, 1.5)], 3, 2), 3)).toEqual([
      [0.5, 1, 0.25],
      [0.25, 0.5, 0.13],
    ]);
  });

  it('fills by the nonzero rule: overlaps once, holes of the opposite direction empty', () => {
    expect(rows(rasterise([square(0, 0, 2, 1), square(1, 0, 3, 1)], 3, 1), 3)).toEqual([[1, 1, 1]]);
    expect(rows(rasterise([square(0, 0, 3, 1), reversed(square(1, 0, 2, 1))], 3, 1), 3)).toEqual([[1, 0, 1]]);
  });

  it('covers as much as the shape’s area', () => {
    const triangle: Contour = [
      { x: 0.3, y: 0.2 },
      { x: 7.6, y: 1.1 },
      { x: 2.2, y: 6.7 },
    ];
    const area = Math.abs((7.6 - 0.3) * (6.7 - 0.2) - (2.2 - 0.3) * (1.1 - 0.2)) / 2;
    const total = rasterise([triangle], 8, 7).reduce((sum, value) => sum + value, 0);
    expect(total).toBeCloseTo(area, 1);
  });
});

describe('flattenPath', () => {
  it('turns curves into points on them, ending where they end, one contour per move', () => {
    const contours = flattenPath([
      { type: 'M', x: 0, y: 0 },
      { type: 'Q', x1: 4, y1: 0, x: 4, y: 4 },
      { type: 'C', x1: 4, y1: 8, x2: 0, y2: 8, x: 0, y: 4 },
      { type: 'Z' },
      { type: 'M', x: 10, y: 0 },
      { type: 'L', x: 12, y: 0 },
      { type: 'L', x: 12, y: 2 },
      { type: 'Z' },
    ]);
    expect(contours).toHaveLength(2);
    const [curve, triangle] = contours;
    expect(curve!.length).toBeGreaterThan(10);
    expect(curve).toContainEqual({ x: 4, y: 4 });
    expect(curve!.at(-1)).toEqual({ x: 0, y: 4 });
    // The quadratic's midpoint (t = 0.5) is (3, 1).
    expect(curve).toContainEqual({ x: 3, y: 1 });
    expect(triangle).toEqual([
      { x: 10, y: 0 },
      { x: 12, y: 0 },
      { x: 12, y: 2 },
    ]);
  });
});
