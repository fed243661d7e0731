import { describe, expect, it } from 'vitest';
import { setupMaplibre } from './worker';

describe('setupMaplibre', () => {
  it('points MapLibre at its own worker file, emitted beside the app rather than inlined as a blob', () => {
    const maplibre = setupMaplibre();
    expect(maplibre.getWorkerUrl()).toMatch(/maplibre-gl-worker\.mjs$/);
    expect(maplibre.getWorkerUrl()).not.toMatch(/^(blob|data):/);
    expect(setupMaplibre()).toBe(maplibre);
  });
});
