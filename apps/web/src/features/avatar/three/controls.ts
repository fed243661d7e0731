// The viewer's zoom and turn rules (SPEC.md §8, Avatar viewer: zoom step 0.5 between distance bounds,
// rotate step 90 degrees), kept free of three.js so the buttons and the tests can use them without WebGL.

export const ZOOM_STEP = 0.5;
/** Close enough to see the face fill the view. */
export const MIN_DISTANCE = 1.5;
/** Far enough to see the whole figure small in a fullscreen view. */
export const MAX_DISTANCE = 7;
/** The whole figure, head to shoes, in a portrait viewer. */
export const DEFAULT_DISTANCE = 4.5;
export const ROTATE_STEP_DEGREES = 90;
/** Heights the camera looks at: the face and chest from close by, the figure's middle from afar. */
export const NEAR_FOCUS = 1.4;
export const FAR_FOCUS = 0.95;
export const ROTATE_DURATION_MS = 250;

/** Distances within this of a bound count as at it (wheel zoom stops a hair short). */
const BOUND_TOLERANCE = 1e-3;

export type ZoomDirection = 'in' | 'out';
export type TurnDirection = 'left' | 'right';

export function clampDistance(distance: number): number {
  return Math.min(MAX_DISTANCE, Math.max(MIN_DISTANCE, distance));
}

/** The camera's distance one zoom step in or out, never past the bounds. */
export function zoomedDistance(distance: number, direction: ZoomDirection): number {
  return clampDistance(direction === 'in' ? distance - ZOOM_STEP : distance + ZOOM_STEP);
}

/** Whether a zoom step would move the camera at all: the buttons are disabled at the bounds. */
export function canZoom(distance: number, direction: ZoomDirection): boolean {
  return direction === 'in'
    ? distance > MIN_DISTANCE + BOUND_TOLERANCE
    : distance < MAX_DISTANCE - BOUND_TOLERANCE;
}

/**
 * The model's turn after one step, in degrees. Left turns the figure to face the viewer's left, a negative
 * turn about y. Not wrapped, so that easing from 270 to 360 goes forwards rather than back to 0.
 */
export function turnedAngle(angle: number, direction: TurnDirection): number {
  return direction === 'left' ? angle - ROTATE_STEP_DEGREES : angle + ROTATE_STEP_DEGREES;
}

/** An angle in [0, 360), as the controller reports it. */
export function normalizeDegrees(angle: number): number {
  const wrapped = angle % 360;
  // + 0 turns -0 (from -360) into 0.
  return wrapped < 0 ? wrapped + 360 : wrapped + 0;
}

/**
 * Where the camera looks at a distance. Zoomed in it looks at the chest and face; backing off, the focus
 * slides down to the figure's middle, so at the default distance the whole figure is centred.
 */
export function focusHeight(distance: number): number {
  const t = (clampDistance(distance) - MIN_DISTANCE) / (DEFAULT_DISTANCE - MIN_DISTANCE);
  return NEAR_FOCUS + (FAR_FOCUS - NEAR_FOCUS) * Math.min(1, t);
}

export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where an eased turn from one angle to another stands after some time, and whether it is over. */
export function easedAngle(
  from: number,
  to: number,
  elapsedMs: number,
  durationMs = ROTATE_DURATION_MS,
): { angle: number; done: boolean } {
  if (durationMs <= 0 || elapsedMs >= durationMs) return { angle: to, done: true };
  const t = easeInOutCubic(Math.max(0, elapsedMs) / durationMs);
  return { angle: from + (to - from) * t, done: false };
}
