// What other features may use of the map: the offline style, the visited-country layer, country names
// in the page's language and the worker setup.
export { countryNamesIn } from './country-names';
export { MAP_COLORS, VISITED_LAYER_ID, addVisitedLayer, offlineStyle, visitedFilter } from './style';
export { setupMaplibre } from './worker';

/** The PMTiles style and protocol, loaded only when the map is configured to use PMTiles. */
export const loadPmtiles = () => import('./pmtiles');
