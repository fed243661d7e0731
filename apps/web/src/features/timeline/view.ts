// What part of the timeline is in view: a zoom from 1 to 50 and a pan offset (SPEC.md §4, §9 Timeline).
// Pure functions, so the buttons, the wheel, pinch, drag and the keys all move the view by the same rules.
import type { TimelineRange } from './range';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 50;
/** One zoom step (a button, a key, a wheel notch) multiplies or divides the zoom by this. */
export const ZOOM_STEP = 1.5;
/** An arrow key moves the view by this share of what is visible. */
export const KEY_PAN_SHARE = 0.1;

export interface TimelineView {
  zoom: number;
  /**
   * Where the visible window starts, as a share of the whole range: 0 is the range's start. It stays
   * within 0 and 1 − 1/zoom, so the window never leaves the range; at zoom 1 it is always 0.
   */
  offset: number;
}

export const INITIAL_VIEW: TimelineView = { zoom: MIN_ZOOM, offset: 0 };

/** Zoom kept within 1 and 50; a value that rounding left a hair above 1 counts as 1. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom) || zoom < MIN_ZOOM + 1e-9) return MIN_ZOOM;
  return Math.min(zoom, MAX_ZOOM);
}

/** The offset clamped to the range at this zoom. */
export function clampOffset(offset: number, zoom: number): number {
  const latest = 1 - 1 / zoom;
  if (!(latest > 0) || !Number.isFinite(offset)) return 0;
  return Math.min(Math.max(offset, 0), latest);
}

/**
 * The view at another zoom that keeps the same moment under the anchor, a share of the visible width
 * (0 the left edge, 0.5 the middle: the buttons; the pointer's place: the wheel and pinch). Zooming out
 * to 1 puts the offset back to 0 (SPEC.md §4).
 */
export function zoomAround(view: TimelineView, nextZoom: number, anchor = 0.5): TimelineView {
  const zoom = clampZoom(nextZoom);
  if (zoom === MIN_ZOOM) return INITIAL_VIEW;
  const anchored = view.offset + anchor / view.zoom;
  return { zoom, offset: clampOffset(anchored - anchor / zoom, zoom) };
}

export function zoomIn(view: TimelineView, anchor = 0.5): TimelineView {
  return zoomAround(view, view.zoom * ZOOM_STEP, anchor);
}

export function zoomOut(view: TimelineView, anchor = 0.5): TimelineView {
  return zoomAround(view, view.zoom / ZOOM_STEP, anchor);
}

/** Moves the view by a share of the visible width: positive moves later in time. */
export function panBy(view: TimelineView, visibleShare: number): TimelineView {
  const offset = clampOffset(view.offset + visibleShare / view.zoom, view.zoom);
  return offset === view.offset ? view : { zoom: view.zoom, offset };
}

/** The view at a zoom with a share of the whole range (a cluster, say) in the middle. */
export function centreOn(rangeShare: number, zoom: number): TimelineView {
  const clamped = clampZoom(zoom);
  if (clamped === MIN_ZOOM) return INITIAL_VIEW;
  return { zoom: clamped, offset: clampOffset(rangeShare - 0.5 / clamped, clamped) };
}

/** The visible window in time. */
export function visibleWindow(range: TimelineRange, view: TimelineView): TimelineRange {
  const span = (range.end - range.start) / view.zoom;
  const start = range.start + view.offset * (range.end - range.start);
  return { start, end: start + span };
}

/** Where a time sits in the visible window, in percent of its width (outside 0–100 when out of view). */
export function positionPercent(time: number, window: TimelineRange): number {
  return ((time - window.start) / (window.end - window.start)) * 100;
}

/** The share of the whole range at which a time sits. */
export function rangeShare(time: number, range: TimelineRange): number {
  return (time - range.start) / (range.end - range.start);
}

/** '1×', '1.5×', '2.3×', '50×': the zoom as the controls show it. */
export function zoomText(zoom: number): string {
  return `${Number(zoom.toFixed(1))}×`;
}
