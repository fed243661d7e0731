// The basemap from an operator's PMTiles file (MAP_PMTILES): a Protomaps-schema style read through the
// pmtiles:// protocol, over the built-in map, and the zoom the file's own tiles allow. Its own module,
// loaded only when the server names a PMTiles file, so the default offline map does not carry the PMTiles
// reader and the Protomaps layer set.
import { addProtocol, type StyleSpecification } from 'maplibre-gl';
import { layers, namedFlavor } from '@protomaps/basemaps';
import { PMTiles, Protocol } from 'pmtiles';
import { MAP_COLORS } from './colors';
import { BASEMAP_SOURCE_ID, basemapSource, bordersLayer, groundLayers, visitedLayer } from './style';
import { pmtilesMaxZoom } from './zoom';

const PROTOMAPS_SOURCE_ID = 'protomaps';

/**
 * Protomaps' light flavour in the built-in map's sea and land colours, so the edge of a regional file
 * does not show: past it the built-in map goes on in the same colours.
 */
const FLAVOR = {
  ...namedFlavor('light'),
  background: MAP_COLORS.ocean,
  earth: MAP_COLORS.land,
  water: MAP_COLORS.ocean,
};

/**
 * A Protomaps-schema basemap from a PMTiles file (needs registerPmtilesProtocol first), drawn over the
 * built-in sea, land and borders from the app's own tiles at `origin`, which show wherever the file has no
 * tiles (outside a regional extract, or above its lowest zoom). Without labels, so it needs no glyphs; the
 * visited-country layer sits on top.
 */
export function pmtilesStyle(
  url: string,
  origin: string,
  visitedCodes: readonly string[] = [],
): StyleSpecification {
  const protomaps = layers(PROTOMAPS_SOURCE_ID, FLAVOR).filter((layer) => layer.type !== 'background');
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
    layers: [...groundLayers(), bordersLayer(), ...protomaps, visitedLayer(visitedCodes)],
  };
}

let protocol: Protocol | null = null;

/** Lets MapLibre read pmtiles:// sources. Safe to call more than once. */
export function registerPmtilesProtocol(): Protocol {
  if (protocol) return protocol;
  protocol = new Protocol();
  addProtocol('pmtiles', protocol.tile);
  return protocol;
}

/**
 * How far in the map may zoom over the PMTiles file at `url`: read from the file's header by the same
 * reader the map's source uses, so the header is fetched once.
 */
export async function pmtilesZoomLimit(url: string): Promise<number> {
  const reader = new PMTiles(url);
  registerPmtilesProtocol().add(reader);
  try {
    return pmtilesMaxZoom((await reader.getHeader()).maxZoom);
  } catch (error) {
    // The map's source fails on the same file and the built-in map shows alone: zoom only as far as it.
    console.error('The PMTiles basemap could not be read', error);
    return pmtilesMaxZoom(null);
  }
}
