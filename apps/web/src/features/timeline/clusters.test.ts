import { describe, expect, it } from 'vitest';
import { buildPin } from '@waymarks/shared/testing';
import { badgeText, clusterEntries, clusterThresholdPercent, clustersInView } from './clusters';
import { DAY_MS, type TimelineEntry } from './range';

/** Entries on the given day numbers of a range 1000 days long, so 1% of it is 10 days at zoom 1. */
const RANGE = { start: 0, end: 1000 * DAY_MS };
const onDays = (...days: number[]): TimelineEntry[] =>
  days.map((day, index) => ({ pin: buildPin({ pinId: `p${index}` }), time: day * DAY_MS }));
const sizes = (entries: TimelineEntry[], zoom: number) =>
  clusterEntries(entries, RANGE, zoom).map((cluster) => cluster.count);

describe('the cluster threshold', () => {
  it('is 8/zoom percent of the visible width, never under 2', () => {
    expect([1, 2, 4, 8, 50].map((zoom) => clusterThresholdPercent(zoom))).toEqual([8, 4, 2, 2, 2]);
  });

  it('is exactly that on an axis 1200 px wide or wider', () => {
    for (const zoom of [1, 1.5, 3, 4, 10, 50]) {
      expect(clusterThresholdPercent(zoom, 1200)).toBe(clusterThresholdPercent(zoom));
    }
  });

  it('never lets markers on a phone-wide axis come closer than 24 px', () => {
    // 24 px of a 350 px axis is about 6.9%: above 2% and 8/zoom from zoom 1.2 on, not at zoom 1.
    expect(clusterThresholdPercent(1, 350)).toBe(8);
    expect(clusterThresholdPercent(10, 350)).toBeCloseTo((24 / 350) * 100);
    // Zoom 10: 100 days visible; visits 5 days apart merge on a phone and stand apart on a desktop.
    expect(clusterEntries(onDays(100, 105), RANGE, 10, 350)).toHaveLength(1);
    expect(clusterEntries(onDays(100, 105), RANGE, 10, 1240)).toHaveLength(2);
  });
});

describe('clusterEntries', () => {
  it('merges markers closer than 8% at zoom 1 and keeps those 8% apart separate', () => {
    // 8% of 1000 days is 80 days.
    expect(sizes(onDays(100, 179), 1)).toEqual([2]);
    expect(sizes(onDays(100, 180), 1)).toEqual([1, 1]);
  });

  it('uses 8/zoom percent of the visible width when zoomed', () => {
    // Zoom 2: 500 days visible, 4% of them is 20 days.
    expect(sizes(onDays(100, 119), 2)).toEqual([2]);
    expect(sizes(onDays(100, 120), 2)).toEqual([1, 1]);
  });

  it('never uses less than 2% of the visible width', () => {
    // Zoom 10: 100 days visible; 8/10 = 0.8% would be under the floor, so 2% (2 days) applies.
    expect(sizes(onDays(100, 101.9), 10)).toEqual([2]);
    expect(sizes(onDays(100, 102), 10)).toEqual([1, 1]);
  });

  it('measures from the first visit of a cluster, so a daily run splits instead of chaining', () => {
    // Zoom 50: 20 days visible, 2% is 0.4 days; at zoom 20 (50 days visible) it is 1 day.
    const daily = onDays(0, 0.3, 0.6, 0.9, 1.2);
    expect(sizes(daily, 50)).toEqual([2, 2, 1]);
    expect(sizes(onDays(0, 1, 2, 3), 20)).toEqual([1, 1, 1, 1]);
  });

  it('places a cluster at its earliest visit, so markers stand at least the threshold apart', () => {
    const clusters = clusterEntries(onDays(100, 130, 150, 181, 182, 300), RANGE, 1);
    expect(clusters).toEqual([
      { first: 0, last: 2, count: 3, time: 100 * DAY_MS },
      { first: 3, last: 4, count: 2, time: 181 * DAY_MS },
      { first: 5, last: 5, count: 1, time: 300 * DAY_MS },
    ]);
  });

  it('groups several thousand visits in date order into clusters that cover each exactly once', () => {
    const days = Array.from({ length: 5000 }, (_, index) => (index * 7919) % 1000).sort((a, b) => a - b);
    const clusters = clusterEntries(onDays(...days), RANGE, 3);
    expect(clusters.reduce((total, cluster) => total + cluster.count, 0)).toBe(5000);
    clusters.forEach((cluster, index) => {
      const next = clusters[index + 1];
      if (next) expect(next.first).toBe(cluster.last + 1);
    });
  });
});

describe('clustersInView', () => {
  const clusters = clusterEntries(onDays(...Array.from({ length: 1000 }, (_, day) => day)), RANGE, 50);

  it('keeps only the clusters inside the window', () => {
    const inView = clustersInView(clusters, { start: 200 * DAY_MS, end: 220 * DAY_MS });
    expect(inView.map((cluster) => cluster.time / DAY_MS)).toEqual(
      Array.from({ length: 21 }, (_, index) => 200 + index),
    );
  });

  it('widens the window by a margin in percent of its width', () => {
    // 5% of a 20-day window is one day on each side.
    const inView = clustersInView(clusters, { start: 200 * DAY_MS, end: 220 * DAY_MS }, 5);
    expect(inView[0]?.time).toBe(199 * DAY_MS);
    expect(inView[inView.length - 1]?.time).toBe(221 * DAY_MS);
  });

  it('finds nothing in a window with no visits', () => {
    expect(clustersInView(clusters, { start: -50 * DAY_MS, end: -10 * DAY_MS })).toEqual([]);
    expect(clustersInView([], { start: 0, end: DAY_MS })).toEqual([]);
  });
});

describe('badgeText', () => {
  it('shows the count up to 9 and 9+ above', () => {
    expect([2, 9, 10, 4200].map(badgeText)).toEqual(['2', '9', '9+', '9+']);
  });
});
