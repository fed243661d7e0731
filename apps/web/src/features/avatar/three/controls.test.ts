// The viewer's zoom and turn rules (SPEC.md §8, Avatar viewer), without WebGL.
import { describe, expect, it } from 'vitest';
import {
  canZoom,
  clampDistance,
  DEFAULT_DISTANCE,
  easedAngle,
  FAR_FOCUS,
  focusHeight,
  MAX_DISTANCE,
  MIN_DISTANCE,
  NEAR_FOCUS,
  normalizeDegrees,
  ROTATE_DURATION_MS,
  ROTATE_STEP_DEGREES,
  turnedAngle,
  ZOOM_STEP,
  zoomedDistance,
} from './controls';

describe('zoom', () => {
  it('steps the distance by 0.5 between the bounds, the default lying between them', () => {
    expect(ZOOM_STEP).toBe(0.5);
    expect(MIN_DISTANCE).toBeLessThan(DEFAULT_DISTANCE);
    expect(DEFAULT_DISTANCE).toBeLessThan(MAX_DISTANCE);
    expect(zoomedDistance(4.5, 'in')).toBe(4);
    expect(zoomedDistance(4.5, 'out')).toBe(5);
  });

  it('never passes the bounds', () => {
    expect(zoomedDistance(MIN_DISTANCE + 0.2, 'in')).toBe(MIN_DISTANCE);
    expect(zoomedDistance(MIN_DISTANCE, 'in')).toBe(MIN_DISTANCE);
    expect(zoomedDistance(MAX_DISTANCE - 0.1, 'out')).toBe(MAX_DISTANCE);
    expect(zoomedDistance(MAX_DISTANCE, 'out')).toBe(MAX_DISTANCE);
    expect(clampDistance(0)).toBe(MIN_DISTANCE);
    expect(clampDistance(100)).toBe(MAX_DISTANCE);
  });

  it('reaches each bound in whole steps from the default', () => {
    let distance = DEFAULT_DISTANCE;
    let steps = 0;
    while (canZoom(distance, 'in')) {
      distance = zoomedDistance(distance, 'in');
      steps++;
    }
    expect(distance).toBe(MIN_DISTANCE);
    expect(steps).toBe(Math.ceil((DEFAULT_DISTANCE - MIN_DISTANCE) / ZOOM_STEP));
  });

  it('cannot zoom further at a bound, nor a hair short of it after a wheel zoom', () => {
    expect(canZoom(MIN_DISTANCE, 'in')).toBe(false);
    expect(canZoom(MIN_DISTANCE + 1e-5, 'in')).toBe(false);
    expect(canZoom(MIN_DISTANCE, 'out')).toBe(true);
    expect(canZoom(MAX_DISTANCE, 'out')).toBe(false);
    expect(canZoom(MAX_DISTANCE, 'in')).toBe(true);
  });

  it('looks at the face and chest up close and at the middle of the figure from the default distance', () => {
    expect(focusHeight(MIN_DISTANCE)).toBe(NEAR_FOCUS);
    expect(focusHeight(DEFAULT_DISTANCE)).toBe(FAR_FOCUS);
    expect(focusHeight(MAX_DISTANCE)).toBe(FAR_FOCUS);
    const halfway = focusHeight((MIN_DISTANCE + DEFAULT_DISTANCE) / 2);
    expect(halfway).toBeCloseTo((NEAR_FOCUS + FAR_FOCUS) / 2, 10);
  });
});

describe('turn', () => {
  it('turns by 90 degrees, left negative and right positive', () => {
    expect(ROTATE_STEP_DEGREES).toBe(90);
    expect(turnedAngle(0, 'left')).toBe(-90);
    expect(turnedAngle(0, 'right')).toBe(90);
    expect(turnedAngle(turnedAngle(0, 'left'), 'right')).toBe(0);
  });

  it('keeps counting past a full turn, so easing never runs backwards, and reports it in [0, 360)', () => {
    let angle = 0;
    for (let step = 0; step < 5; step++) angle = turnedAngle(angle, 'right');
    expect(angle).toBe(450);
    expect(normalizeDegrees(angle)).toBe(90);
    expect(normalizeDegrees(-90)).toBe(270);
    expect(Object.is(normalizeDegrees(-360), 0)).toBe(true);
  });

  it('eases from one angle to the next over the duration, then stops there', () => {
    expect(easedAngle(0, 90, 0)).toEqual({ angle: 0, done: false });
    expect(easedAngle(0, 90, ROTATE_DURATION_MS / 2).angle).toBeCloseTo(45, 10);
    expect(easedAngle(0, 90, ROTATE_DURATION_MS / 4).angle).toBeLessThan(90 / 4);
    expect(easedAngle(0, 90, ROTATE_DURATION_MS)).toEqual({ angle: 90, done: true });
    expect(easedAngle(0, 90, ROTATE_DURATION_MS * 3)).toEqual({ angle: 90, done: true });
    expect(easedAngle(90, 0, 10, 0)).toEqual({ angle: 0, done: true });
  });
});
