import { describe, expect, it } from 'vitest';
import { naturalEarth, worldMap } from './world-outline.js';

const BOX = { x: 100, y: 50, width: 800, height: 600 };

describe('worldMap', () => {
  const map = worldMap(BOX);

  it('fits the world into the box, keeping its shape', () => {
    const { extent } = map;
    expect(extent.x).toBeCloseTo(BOX.x);
    expect(extent.width).toBeCloseTo(BOX.width);
    expect(extent.y).toBeGreaterThan(BOX.y);
    expect(extent.y + extent.height).toBeLessThan(BOX.y + BOX.height);
    const [x, y] = map.project(0, 0);
    expect(x).toBeCloseTo(BOX.x + BOX.width / 2, 0);
    expect(y).toBeGreaterThan(extent.y);
  });

  it('has each country by its alpha-2 code, the small ones too, and no Antarctica', () => {
    for (const code of ['FR', 'US', 'RU', 'FJ', 'XK']) expect(map.country(code)).toMatch(/^M/);
    // Not in the 1:110m file: taken from the 1:50m one.
    for (const code of ['SG', 'MT', 'AD', 'BH']) expect(map.country(code)).toMatch(/^M/);
    expect(map.country('AQ')).toBe('');
    expect(map.country('ZZ')).toBe('');
  });

  it('draws the countries cut at ±180°, no ring running across the map', () => {
    const steps = map
      .country('RU')
      .split(/(?=[MZ])/)
      .flatMap((ring) => {
        const points = [...ring.matchAll(/[ML]([\d.]+) [\d.]+/g)].map((match) => Number(match[1]));
        return points.slice(1).map((x, i) => Math.abs(x - points[i]!));
      });
    expect(Math.max(...steps)).toBeLessThan(BOX.width / 4);
  });

  it('draws a territory inside its state’s outline as its own: French Guiana apart from France', () => {
    const xs = (path: string) => [...path.matchAll(/[ML](-?[\d.]+) /g)].map((match) => Number(match[1]));
    const [guianaX] = map.project(-53, 4);
    const [parisX] = map.project(2.35, 48.86);
    expect(Math.max(...xs(map.country('FR')))).toBeGreaterThan(parisX);
    // Every point of France lies east of the Atlantic: none in South America.
    expect(Math.min(...xs(map.country('FR')))).toBeGreaterThan(guianaX + 50);
    const guiana = xs(map.country('GF'));
    expect(guiana.length).toBeGreaterThan(2);
    expect(Math.abs(guiana[0]! - guianaX)).toBeLessThan(20);
  });

  it('is the same map for the same box', () => {
    expect(worldMap({ ...BOX })).toBe(map);
  });
});

describe('naturalEarth', () => {
  it('keeps the equator straight, the hemispheres mirrored and meridians narrowing polewards', () => {
    expect(naturalEarth(0, 0)).toEqual([0, 0]);
    expect(naturalEarth(180, 0)).toEqual([Math.PI * 0.8707, 0]);
    const [x, y] = naturalEarth(90, 45);
    expect(naturalEarth(-90, -45)).toEqual([-x, -y]);
    expect(x).toBeLessThan(naturalEarth(90, 0)[0]);
    // The pole is drawn as a line, shorter than the equator.
    expect(naturalEarth(180, 90)[0]).toBeLessThan(naturalEarth(180, 0)[0]);
    expect(naturalEarth(0, 90)[1]).toBeGreaterThan(naturalEarth(0, 80)[1]);
  });
});
