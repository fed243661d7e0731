import { describe, expect, it } from 'vitest';
import {
  INITIAL_VIEW,
  MAX_ZOOM,
  clampOffset,
  clampZoom,
  panBy,
  positionPercent,
  visibleWindow,
  zoomAround,
  zoomIn,
  zoomOut,
  zoomText,
  type TimelineView,
} from './view';

const steps = (view: TimelineView, step: (view: TimelineView) => TimelineView, times: number) =>
  Array.from({ length: times }).reduce<TimelineView>((current) => step(current), view);

describe('zoom', () => {
  it('stays between 1 and 50', () => {
    expect(clampZoom(0.4)).toBe(1);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(75)).toBe(50);
    expect(clampZoom(12.5)).toBe(12.5);
  });

  it('steps by a factor of 1.5 in and out', () => {
    expect(zoomIn(INITIAL_VIEW).zoom).toBe(1.5);
    expect(zoomIn(zoomIn(INITIAL_VIEW)).zoom).toBe(2.25);
    expect(zoomOut({ zoom: 9, offset: 0.4 }).zoom).toBe(6);
  });

  it('stops at 50 however often it is zoomed in, and at 1 however often out', () => {
    expect(steps(INITIAL_VIEW, zoomIn, 9).zoom).toBeCloseTo(1.5 ** 9);
    expect(steps(INITIAL_VIEW, zoomIn, 10).zoom).toBe(MAX_ZOOM);
    expect(steps(INITIAL_VIEW, zoomIn, 20).zoom).toBe(MAX_ZOOM);
    expect(steps({ zoom: MAX_ZOOM, offset: 0.5 }, zoomOut, 20)).toEqual(INITIAL_VIEW);
  });

  it('keeps the moment under the anchor in place', () => {
    // At zoom 2 from offset 0.25 the middle of the view is half way through the range.
    const zoomed = zoomAround({ zoom: 2, offset: 0.25 }, 4, 0.5);
    expect(zoomed).toEqual({ zoom: 4, offset: 0.375 });
    // Anchored at the left edge the view keeps its start.
    expect(zoomAround({ zoom: 2, offset: 0.25 }, 4, 0)).toEqual({ zoom: 4, offset: 0.25 });
  });

  it('puts the pan offset back to 0 when zooming out to 1', () => {
    const panned = panBy(zoomIn(INITIAL_VIEW), 0.5);
    expect(panned.offset).toBeGreaterThan(0);
    expect(zoomOut(panned)).toEqual({ zoom: 1, offset: 0 });
    expect(zoomAround({ zoom: 3, offset: 0.6 }, 0.5, 0.9)).toEqual({ zoom: 1, offset: 0 });
  });

  it('shows the zoom with at most one decimal', () => {
    expect([1, 1.5, 2.25, 38.443, 50].map(zoomText)).toEqual(['1×', '1.5×', '2.3×', '38.4×', '50×']);
  });
});

describe('pan', () => {
  it('keeps the visible window inside the range', () => {
    expect(panBy({ zoom: 2, offset: 0.25 }, 10)).toEqual({ zoom: 2, offset: 0.5 });
    expect(panBy({ zoom: 2, offset: 0.25 }, -10)).toEqual({ zoom: 2, offset: 0 });
    expect(clampOffset(0.99, 4)).toBe(0.75);
  });

  it('cannot move at zoom 1, where the whole range is in view', () => {
    expect(panBy(INITIAL_VIEW, 0.3)).toEqual(INITIAL_VIEW);
  });

  it('moves by a share of the visible width, so the same key moves less time when zoomed in', () => {
    expect(panBy({ zoom: 2, offset: 0.2 }, 0.1).offset).toBeCloseTo(0.25);
    expect(panBy({ zoom: 10, offset: 0.2 }, 0.1).offset).toBeCloseTo(0.21);
  });
});

describe('the visible window', () => {
  const range = { start: 0, end: 1000 };

  it('is the whole range at zoom 1 and a slice of it when zoomed', () => {
    expect(visibleWindow(range, INITIAL_VIEW)).toEqual(range);
    expect(visibleWindow(range, { zoom: 4, offset: 0.5 })).toEqual({ start: 500, end: 750 });
  });

  it('places a time in percent of its width', () => {
    const window = visibleWindow(range, { zoom: 4, offset: 0.5 });
    expect(positionPercent(625, window)).toBe(50);
    expect(positionPercent(400, window)).toBe(-40);
  });
});
