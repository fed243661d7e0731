// What other features may use of the map: the basemap, the visited-country layer and the worker setup.
export { loadBasemap } from './basemap';
export { VISITED_LAYER_ID, addVisitedLayer, offlineStyle, visitedFilter } from './style';
export { setupMaplibre } from './worker';

/** The PMTiles style and protocol, loaded only when the map is configured to use PMTiles. */
export const loadPmtiles = () => import('./pmtiles');
