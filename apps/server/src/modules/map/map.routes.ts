// GET and HEAD /map/basemap.pmtiles: the operator's PMTiles basemap (MAP_PMTILES), read by the browser's
// PMTiles client with HTTP range requests. Each answer is streamed from disk; the file is never held in
// memory. Only registered when MAP_PMTILES is set, so the path is a plain 404 otherwise.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { parseByteRange } from '../../http/byte-range.js';

export const BASEMAP_PMTILES_PATH = '/map/basemap.pmtiles';

/** An hour: a replaced file reaches every browser within that, and its new ETag tells readers it changed. */
const CACHE_CONTROL = 'public, max-age=3600';

interface MapRoutesDeps {
  pmtilesFile: string;
}

export async function mapRoutes(app: FastifyInstance, deps: MapRoutesDeps): Promise<void> {
  app.route({
    method: ['GET', 'HEAD'],
    url: BASEMAP_PMTILES_PATH,
    schema: { hide: true },
    handler: async (request, reply) => {
      const file = await stat(deps.pmtilesFile);
      const size = file.size;
      // Strong, so If-Range can use it: size and modification time change whenever the file is replaced.
      const etag = `"${size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
      const lastModified = file.mtime.toUTCString();
      reply.headers({
        'accept-ranges': 'bytes',
        'content-type': 'application/vnd.pmtiles',
        'cache-control': CACHE_CONTROL,
        etag,
        'last-modified': lastModified,
      });

      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(/\s*,\s*/).includes(etag))) {
        return reply.status(304).send();
      }

      // A Range with an If-Range naming another version of the file gets the whole (new) file.
      const ifRange = request.headers['if-range'];
      const rangeHeader =
        ifRange === undefined || ifRange === etag || ifRange === lastModified
          ? request.headers.range
          : undefined;
      const range = parseByteRange(rangeHeader, size);

      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .header('content-length', 0)
          .send();
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      const length = Math.max(0, end - start + 1);
      reply.header('content-length', length);
      if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      if (request.method === 'HEAD' || length === 0) return reply.send();
      return reply.send(createReadStream(deps.pmtilesFile, { start, end }));
    },
  });
}
