import { describe, expect, it } from 'vitest';
import type { Pin } from '@waymarks/shared';
import { CLUSTER_MAX_ZOOM, PinClusters, paddedBounds } from './clusters';
import { buildPin } from '@waymarks/shared/testing';

function pin(pinId: string, lat: number, lng: number): Pin {
  return buildPin({ pinId, title: pinId, lat, lng, countryCode: 'XX', countryName: 'Unknown' });
}

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe('PinClusters', () => {
  const paris = [
    pin('louvre', 48.8606, 2.3376),
    pin('eiffel', 48.8584, 2.2945),
    pin('notre-dame', 48.853, 2.3499),
  ];
  const clusters = new PinClusters([...paris, pin('tokyo', 35.6762, 139.6503)]);

  it('groups pins that are close at a world view and keeps a far pin alone', () => {
    const items = clusters.itemsIn(WORLD, 3);
    const group = items.find((item) => item.kind === 'cluster');
    expect(group).toMatchObject({ kind: 'cluster', count: 3 });
    expect(
      items.filter((item) => item.kind === 'pin').map((item) => item.kind === 'pin' && item.pin.pinId),
    ).toEqual(['tokyo']);
  });

  it('shows every pin alone from the maximum cluster zoom on', () => {
    const items = clusters.itemsIn(WORLD, CLUSTER_MAX_ZOOM + 1);
    expect(items).toHaveLength(4);
    expect(items.every((item) => item.kind === 'pin')).toBe(true);
  });

  it('gives a zoom at which a cluster splits apart', () => {
    const group = clusters.itemsIn(WORLD, 3).find((item) => item.kind === 'cluster');
    if (group?.kind !== 'cluster') throw new Error('expected a cluster');
    const zoom = clusters.expansionZoom(group.id);
    expect(zoom).toBeGreaterThan(3);
    expect(
      clusters.itemsIn(WORLD, zoom).filter((item) => item.kind === 'pin' || item.count < 3).length,
    ).toBeGreaterThan(1);
  });

  it('shows every pin alone at the map’s deepest zoom, and a click on a group never asks for deeper', () => {
    const stopsAtTen = new PinClusters(paris, 10);
    const atNine = stopsAtTen.itemsIn(WORLD, 9);
    const group = atNine.find((item) => item.kind === 'cluster');
    if (group?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(stopsAtTen.expansionZoom(group.id)).toBeLessThanOrEqual(10);
    const atTen = stopsAtTen.itemsIn(WORLD, 10);
    expect(atTen).toHaveLength(3);
    expect(atTen.every((item) => item.kind === 'pin')).toBe(true);
  });

  it('finds pins on both sides of the antimeridian for a view that crosses it', () => {
    const pacific = new PinClusters([
      pin('fiji', -17.7, 178.1),
      pin('samoa', -13.8, -172.1),
      pin('paris', 48.8, 2.3),
    ]);
    const ids = pacific
      .itemsIn(paddedBounds(170, -30, 190, 0), 4)
      .map((item) => (item.kind === 'pin' ? item.pin.pinId : 'cluster'));
    expect(ids.sort()).toEqual(['fiji', 'samoa']);
  });
});

describe('paddedBounds', () => {
  it('widens the view by half its size on each side and clamps latitude', () => {
    expect(paddedBounds(0, 40, 10, 50)).toEqual([-5, 35, 15, 55]);
    expect(paddedBounds(0, 60, 10, 85)).toEqual([-5, 47.5, 15, 90]);
  });

  it('covers the whole world once the widened view would span it', () => {
    expect(paddedBounds(-120, -60, 100, 60)).toEqual([-180, -90, 180, 90]);
  });
});
