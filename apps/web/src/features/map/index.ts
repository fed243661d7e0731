// What other features may use of the map: the basemap and its zoom limit, the visited-country layer,
// country names in the page's language and the worker setup.
export { chooseBasemap, type Basemap } from './basemap';
export { countryNamesIn } from './country-names';
export { MAP_COLORS, VISITED_LAYER_ID, addVisitedLayer, offlineStyle, visitedFilter } from './style';
export { setupMaplibre } from './worker';
export { BUILT_IN_MAX_ZOOM, STREET_MAX_ZOOM } from './zoom';
