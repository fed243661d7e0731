import { describe, expect, it } from 'vitest';
import { contrastRatio, drawnOver, rgbOf } from './contrast';

describe('contrast', () => {
  it('reads #rrggbb', () => {
    expect(rgbOf('#16a34a')).toEqual([22, 163, 74]);
  });

  it('gives the WCAG figures: 21 for black on white, 1 for a colour on itself, either order', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio(rgbOf('#f3f0e8'), rgbOf('#f3f0e8'))).toBe(1);
    // Tailwind's slate-600 on white, 7.58:1 by the WCAG formula.
    expect(contrastRatio(rgbOf('#ffffff'), rgbOf('#475569'))).toBeCloseTo(7.58, 2);
    expect(contrastRatio(rgbOf('#475569'), rgbOf('#ffffff'))).toBeCloseTo(7.58, 2);
  });

  it('draws a colour over another at an opacity', () => {
    expect(drawnOver([200, 100, 0], [0, 100, 200], 0.25)).toEqual([150, 100, 50]);
    expect(drawnOver([200, 100, 0], [0, 100, 200], 0)).toEqual([200, 100, 0]);
  });
});
