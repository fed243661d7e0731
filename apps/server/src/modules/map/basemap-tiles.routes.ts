// GET /map/tiles/basemap/{z}/{x}/{y}.pbf: the basemap's vector tiles, public and the same for everyone,
// so browsers and proxies keep them a day and revalidate with the tile's ETag.
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BASEMAP_TILES_MAX_ZOOM } from '@waymarks/shared';
import { notFound } from '../../http/errors.js';
import { BasemapTiles, TILE_ENCODINGS, type TileEncoding } from './basemap-tiles.js';

export const BASEMAP_TILES_ROUTE = '/map/tiles/basemap/:z/:x/:y.pbf';

/** A day: the tiles change only with a new world-atlas release, and then their ETags tell. */
const CACHE_CONTROL = 'public, max-age=86400';

const tileNumber = z
  .string()
  .regex(/^\d{1,10}$/, 'Expected a whole number')
  .transform(Number);
const TileParams = z.object({ z: tileNumber, x: tileNumber, y: tileNumber });

interface BasemapTilesRoutesDeps {
  tiles: BasemapTiles;
}

export async function basemapTilesRoutes(app: FastifyInstance, deps: BasemapTilesRoutesDeps): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(BASEMAP_TILES_ROUTE, { schema: { hide: true, params: TileParams } }, async (request, reply) => {
      const { z: zoom, x, y } = request.params;
      // The source states its maxzoom, so MapLibre never asks beyond it; nor outside the zoom's grid.
      if (!BasemapTiles.exists(zoom, x, y)) {
        throw notFound(`No basemap tile ${zoom}/${x}/${y} (zoom 0 to ${BASEMAP_TILES_MAX_ZOOM})`);
      }
      // Waits while the tile's zoom is being cut; a 503 if that fails, which no one may keep.
      const tile = await deps.tiles.tile(zoom, x, y);
      reply.header('cache-control', CACHE_CONTROL);
      // Open ocean: MapLibre takes an empty answer as a tile without features.
      if (!tile) return reply.status(204).send();

      reply.header('etag', tile.etag).header('vary', 'accept-encoding');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(/\s*,\s*/).includes(tile.etag))) {
        return reply.status(304).send();
      }
      reply.header('content-type', 'application/vnd.mapbox-vector-tile');
      const accepted = request.headers['accept-encoding'];
      const encoding = accepted ? negotiate(accepted.toLowerCase(), TILE_ENCODINGS) : undefined;
      if (encoding !== 'br' && encoding !== 'gzip') return reply.send(tile.bytes);
      const body = await tile.encoded(encoding satisfies TileEncoding);
      return reply.header('content-encoding', encoding).send(body);
    });
}
