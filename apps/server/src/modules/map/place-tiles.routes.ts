// GET and HEAD /map/tiles/places/{z}/{x}/{y}.pbf: place names for the map as vector tiles (place-tiles.ts),
// public and the same for everyone, read by MapLibre. Like the PMTiles basemap it lives outside /api and
// outside the API document: its answer is a binary tile, not JSON.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { isServedTile, type PlaceTileService } from './place-tiles.js';

export const PLACE_TILES_PATH = '/map/tiles/places/{z}/{x}/{y}.pbf';

/**
 * A day: the tiles change only when the gazetteer or the thresholds do, with a release, and the ETag lets
 * a browser revalidate cheaply after that.
 */
const CACHE_CONTROL = 'public, max-age=86400';

/** A tile coordinate as written in the address: a whole number without sign or leading zeros. */
const tileNumber = z
  .string()
  .regex(/^(?:0|[1-9]\d{0,9})$/, 'Expected a whole number')
  .transform(Number);
const TileParams = z.object({ z: tileNumber, x: tileNumber, y: tileNumber });

interface PlaceTilesRoutesDeps {
  tiles: PlaceTileService;
}

export async function placeTilesRoutes(app: FastifyInstance, deps: PlaceTilesRoutesDeps): Promise<void> {
  const { tiles } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    PLACE_TILES_PATH.replace(/\{(\w+)\}/g, ':$1'),
    { schema: { hide: true, params: TileParams } },
    async (request, reply) => {
      const address = request.params;
      // A tile outside the pyramid, deeper than the deepest zoom among them, names nothing.
      if (!isServedTile(address)) throw notFound('No such tile');
      // Until the gazetteer has loaded (about a second after start) the request waits: MapLibre never
      // asks again for a tile that failed.
      const bytes = await tiles.tile(address);
      reply.header('cache-control', CACHE_CONTROL);
      // No town in it: MapLibre takes an empty answer as an empty tile.
      if (!bytes) return reply.status(204).send();

      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(/\s*,\s*/).includes(etag))) {
        return reply.status(304).send();
      }
      return reply.type('application/vnd.mapbox-vector-tile').send(body);
    },
  );
}
