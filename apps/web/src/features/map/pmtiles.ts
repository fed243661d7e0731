// The basemap from an operator's PMTiles file (MAP_PMTILES): a Protomaps-schema style read through the
// pmtiles:// protocol. Its own module, loaded only when the server names a PMTiles file, so the default
// offline map does not carry the PMTiles reader and the Protomaps layer set.
import { addProtocol, type StyleSpecification } from 'maplibre-gl';
import { layers, namedFlavor } from '@protomaps/basemaps';
import { Protocol } from 'pmtiles';
import { BASEMAP_SOURCE_ID, basemapSource, visitedLayer } from './style';

const PROTOMAPS_SOURCE_ID = 'protomaps';

/**
 * A Protomaps-schema basemap from a PMTiles file (needs registerPmtilesProtocol first). Light flavour
 * without labels, so it needs no glyphs; the visited-country layer, from the app's own country tiles at
 * `origin`, sits on top.
 */
export function pmtilesStyle(
  url: string,
  origin: string,
  visitedCodes: readonly string[] = [],
): StyleSpecification {
  return {
    version: 8,
    sources: {
      [PROTOMAPS_SOURCE_ID]: {
        type: 'vector',
        url: `pmtiles://${url}`,
        attribution: '<a href="https://openstreetmap.org/copyright">© OpenStreetMap</a>',
      },
      [BASEMAP_SOURCE_ID]: basemapSource(origin),
    },
    layers: [...layers(PROTOMAPS_SOURCE_ID, namedFlavor('light')), visitedLayer(visitedCodes)],
  };
}

let pmtilesRegistered = false;

/** Lets MapLibre read pmtiles:// sources. Safe to call more than once. */
export function registerPmtilesProtocol(): void {
  if (pmtilesRegistered) return;
  addProtocol('pmtiles', new Protocol().tile);
  pmtilesRegistered = true;
}
