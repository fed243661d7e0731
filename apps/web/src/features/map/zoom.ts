// How far in the map may zoom: only as far as its basemap's data holds up (decision 091).
import { PLACE_TILES_MAX_ZOOM } from '@waymarks/shared';

/**
 * The deepest zoom of the built-in map. Its coastlines are Natural Earth 1:10m, quantized by world-atlas
 * to 0.0036° (about 400 m): around Lisbon a step of 5 to 7 screen pixels at zoom 10, 10 to 13 at zoom 11,
 * where the shore turns to stairs across otherwise empty land. Zoom 10 is also where the place-name tiles
 * hold every town, so the map stops with all the names it has.
 */
export const BUILT_IN_MAX_ZOOM = PLACE_TILES_MAX_ZOOM;

/** The deepest zoom of any basemap: street level. */
export const STREET_MAX_ZOOM = 18;

/**
 * Zooms drawn past a PMTiles file's deepest tiles. A Protomaps build's deepest tiles (zoom 15) keep every
 * vertex of the streets they hold, which MapLibre draws larger without inventing anything.
 */
const PMTILES_OVERZOOM = 3;

/**
 * The map's deepest zoom over a PMTiles basemap whose deepest tiles are at `tilesMaxZoom` (from its
 * header; null when the header could not be read, so only the built-in map is drawn): never shallower than
 * the built-in map, never deeper than street level.
 */
export function pmtilesMaxZoom(tilesMaxZoom: number | null): number {
  if (tilesMaxZoom === null || !Number.isFinite(tilesMaxZoom)) return BUILT_IN_MAX_ZOOM;
  return Math.min(STREET_MAX_ZOOM, Math.max(BUILT_IN_MAX_ZOOM, tilesMaxZoom + PMTILES_OVERZOOM));
}
