// The map's vector tiles as the server serves them and the map style reads them: the basemap's country
// shapes, borders and label points, and the towns and cities for place names.

/** The tile address, as a MapLibre source's `tiles` entry. */
export const BASEMAP_TILES_URL = '/map/tiles/basemap/{z}/{x}/{y}.pbf';
/** The source's minzoom and maxzoom: MapLibre draws the maxzoom tiles bigger at every zoom beyond it. */
export const BASEMAP_TILES_MIN_ZOOM = 0;
export const BASEMAP_TILES_MAX_ZOOM = 7;

/**
 * The layers of each tile. `countries`: polygons with `code` (ISO 3166-1 alpha-2, absent for areas
 * without one) and `name`. `borders`: land borders between countries as lines, no coasts.
 * `country_labels`: one point per country with `code`, `name`, `area` (km²), `rank` (1 for the largest)
 * and `minzoom`, the zoom from which the label fits inside the country.
 */
export const BASEMAP_LAYERS = {
  countries: 'countries',
  borders: 'borders',
  countryLabels: 'country_labels',
} as const;

/** The place-name tiles: towns and cities from the gazetteer, by population as one zooms in. */
export const PLACE_TILES_URL = '/map/tiles/places/{z}/{x}/{y}.pbf';
/** The deepest zoom served: every town is in by then, and MapLibre overzooms these tiles beyond it. */
export const PLACE_TILES_MAX_ZOOM = 10;
/**
 * The one layer of a place tile: points with `name` (GeoNames), `population`, `capital` (a national
 * capital) and `rank` (0 capitals, 1 a million people or more, 2 100,000, 3 10,000, 4 smaller).
 */
export const PLACE_TILES_LAYER = 'places';
