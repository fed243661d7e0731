// Compression of the API's JSON answers, for a client that accepts brotli or gzip. Registered inside the
// /api scope, after the routes whose bytes must stay as they are (stored objects, read by byte ranges):
// the plugin hooks only routes registered after it. The web app's files come precompressed from the build
// (web.ts) and the PMTiles basemap is read by byte ranges; both live outside this scope. A body that is
// sent again and again as the same bytes (a kept pins list) is compressed once per encoding.
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

/** The settings of every compressed answer. */
const OPTIONS = {
  encodings: ['br', 'gzip'],
  threshold: COMPRESSION_THRESHOLD_BYTES,
  customTypes: isJson,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  zlibOptions: { level: GZIP_LEVEL },
} satisfies FastifyCompressOptions;

/**
 * Route option for answers that can grow large (lists of a traveller's pins, countries, media). Only
 * those are compressed: the plugin's two hooks on every other route cost an authenticated request a
 * measurable share of its throughput, for answers that would never reach the threshold. The route's
 * options replace the plugin's, each left out going back to the plugin's default (brotli at quality 4,
 * a 1 KB threshold), so they are given whole.
 */
export const LARGE_ANSWER = { compress: OPTIONS } as const;

/** Route option for an HTML page drawn by the server (a travel page): compressed like a large answer. */
export const LARGE_PAGE = {
  compress: { ...OPTIONS, customTypes: (contentType: string) => /^text\/html(?:;|$)/.test(contentType) },
} as const;

type Encoding = 'br' | 'gzip';
const ENCODERS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, OPTIONS.brotliOptions),
  gzip: (body) => promisify(gzip)(body, OPTIONS.zlibOptions),
};

/** The compressed copies of bodies marked as sent again unchanged, per encoding, while the body lives. */
const compressedCopies = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

/**
 * Marks `body` as one that will be sent again as these very bytes (an answer kept in memory): the first
 * answer that compresses it keeps the compressed copy, and later answers send that copy.
 */
export function keepCompressedCopies(body: Buffer): void {
  if (!compressedCopies.has(body)) compressedCopies.set(body, new Map());
}

/**
 * A kept body goes out as its kept compressed copy; the plugin's own onSend, after this one, finds the
 * answer already encoded and leaves it.
 */
const sendKeptCopy: onSendHookHandler = async (request, reply, payload) => {
  if (!Buffer.isBuffer(payload)) return payload;
  const copies = compressedCopies.get(payload);
  if (!copies || payload.length < OPTIONS.threshold) return payload;
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted.toLowerCase(), OPTIONS.encodings) : undefined;
  if (encoding !== 'br' && encoding !== 'gzip') return payload;
  let copy = copies.get(encoding);
  if (!copy) {
    copy = ENCODERS[encoding](payload);
    copies.set(encoding, copy);
    // A failed compression is not kept: the next answer tries again.
    copy.catch(() => copies.delete(encoding));
  }
  const compressed = await copy;
  reply.header('content-encoding', encoding);
  reply.header('vary', 'accept-encoding');
  reply.header('content-length', compressed.length);
  return compressed;
};

export async function registerCompression(api: FastifyInstance): Promise<void> {
  // Before the plugin's: the plugin appends its hooks to those a route has, so sendKeptCopy runs first,
  // and only on the routes that compress.
  api.addHook('onRoute', (route) => {
    route.compress ??= false;
    if (route.compress === false) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [sendKeptCopy, ...own];
  });
  await api.register(fastifyCompress, {
    ...OPTIONS,
    // Request bodies stay as they are: no route accepts a compressed upload.
    globalDecompression: false,
  });
}
