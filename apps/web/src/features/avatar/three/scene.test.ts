// @vitest-environment happy-dom
// The viewer without WebGL: creating it fails with an error the caller can act on (the test DOM has no WebGL,
// as a browser with it switched off). What it draws is checked in the browser.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAvatarScene,
  MAX_DISTANCE,
  MIN_DISTANCE,
  ROTATE_STEP_DEGREES,
  WebGLUnavailableError,
  ZOOM_STEP,
} from './scene';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createAvatarScene', () => {
  it('throws a WebGLUnavailableError, saying so, when the browser gives no WebGL context', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    // three.js logs the failure before throwing it.
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const create = () => createAvatarScene(document.createElement('canvas'));

    expect(create).toThrow(WebGLUnavailableError);
    expect(create).toThrow(/WebGL is not available/);
  });

  it('exports the viewer rules of the specification', () => {
    expect(ZOOM_STEP).toBe(0.5);
    expect(ROTATE_STEP_DEGREES).toBe(90);
    expect(MIN_DISTANCE).toBeLessThan(MAX_DISTANCE);
  });
});
