// The map module's public entry: createMap, which the composition root (services.ts) builds it with, and
// its routes for app.ts.
import type { GazetteerService } from '../../geo/gazetteer-service.js';
import { BasemapTiles, type BasemapTilesOptions } from './basemap-tiles.js';
import { PlaceTileService } from './place-tiles.js';

export { basemapTilesRoutes } from './basemap-tiles.routes.js';
export { BASEMAP_PMTILES_PATH, mapRoutes } from './map.routes.js';
export { placeTilesRoutes } from './place-tiles.routes.js';

/** The offline map's tiles: the basemap cut from the borders, and the place names from the gazetteer. */
export function createMap({
  gazetteer,
  log,
}: {
  gazetteer: GazetteerService;
  log: BasemapTilesOptions['log'];
}) {
  return { basemapTiles: new BasemapTiles({ log }), placeTiles: new PlaceTileService(gazetteer) };
}
