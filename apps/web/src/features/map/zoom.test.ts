import { describe, expect, it } from 'vitest';
import { PLACE_TILES_MAX_ZOOM } from '@waymarks/shared';
import { BUILT_IN_MAX_ZOOM, STREET_MAX_ZOOM, pmtilesMaxZoom } from './zoom';

describe('the map’s deepest zoom', () => {
  it('stops the built-in map at zoom 10, where the place-name tiles hold every town', () => {
    expect(BUILT_IN_MAX_ZOOM).toBe(10);
    expect(BUILT_IN_MAX_ZOOM).toBe(PLACE_TILES_MAX_ZOOM);
  });

  it('goes three zooms past a PMTiles file’s deepest tiles', () => {
    expect(pmtilesMaxZoom(14)).toBe(17);
    expect(pmtilesMaxZoom(12)).toBe(15);
  });

  it('stops at street level however deep the PMTiles file goes', () => {
    expect(pmtilesMaxZoom(15)).toBe(STREET_MAX_ZOOM);
    expect(pmtilesMaxZoom(22)).toBe(STREET_MAX_ZOOM);
  });

  it('never stops shallower than the built-in map, even over a coarse PMTiles file', () => {
    expect(pmtilesMaxZoom(4)).toBe(BUILT_IN_MAX_ZOOM);
    expect(pmtilesMaxZoom(0)).toBe(BUILT_IN_MAX_ZOOM);
  });

  it('stops where the built-in map does when the file’s header could not be read', () => {
    expect(pmtilesMaxZoom(null)).toBe(BUILT_IN_MAX_ZOOM);
    expect(pmtilesMaxZoom(Number.NaN)).toBe(BUILT_IN_MAX_ZOOM);
  });
});
