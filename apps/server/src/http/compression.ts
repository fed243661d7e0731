// Compression of the API's JSON answers, for a client that accepts brotli or gzip. Registered inside the
// /api scope, after the routes whose bytes must stay as they are (stored objects, read by byte ranges):
// the plugin hooks only routes registered after it. The web app's files come precompressed from the build
// (web.ts) and the PMTiles basemap is read by byte ranges; both live outside this scope.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Smaller answers are sent as they are: up to TCP's initial window of 10 segments (RFC 6928) an answer
 * arrives in the first round trip, compressed or not, and compressing it would only cost CPU.
 */
export const COMPRESSION_THRESHOLD_BYTES = 10 * 1460;

/**
 * The fast end of each, because an answer is compressed again on every request and CPU is what the server
 * runs short of. Measured on a 10,000-pin list (3.3 MB, random ids and coordinates as in bench/pins-list):
 * brotli 1 writes 0.18× of it in about 14 ms of CPU; brotli 4 (the plugin's default) 0.16× in 45–55 ms,
 * and 11 (zlib's) takes seconds. gzip 1, for clients without brotli, writes 0.19× in about 22 ms, where
 * gzip 6 (zlib's default) writes 0.17× in 45–50 ms. The few percent more that higher levels save are not
 * worth three times the CPU.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

/**
 * JSON, in place of the plugin's own pattern, which also takes octet-stream. The plugin still consults
 * mime-db, which marks images, videos and ZIP archives as not worth compressing.
 */
const isJson = (contentType: string) => /^application\/json(?:;|$)/.test(contentType);

/**
 * Route option for answers that can grow large (lists of a traveller's pins, countries, media). Only
 * those are compressed: the plugin's two hooks on every other route cost an authenticated request a
 * measurable share of its throughput, for answers that would never reach the threshold.
 */
export const LARGE_ANSWER = { compress: {} } as const;

export async function registerCompression(api: FastifyInstance): Promise<void> {
  api.addHook('onRoute', (route) => {
    route.compress ??= false;
  });
  await api.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: isJson,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    // Request bodies stay as they are: no route accepts a compressed upload.
    globalDecompression: false,
  });
}
