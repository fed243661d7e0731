// PUT /storage/upload/<token> and GET|HEAD /storage/object/<token>: the browser's way in and out of local
// storage. No bearer token on either (an <img>, a <video> or a bare PUT cannot send one): the signed,
// expiring token in the path is the authority. Registered under /api, for local storage only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@waymarks/shared';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parseByteRange } from '../../http/byte-range.js';
import { AppError } from '../../http/errors.js';
import { contentDisposition } from './content-disposition.js';
import { StorageTokenError, type DownloadGrant } from './local-links.js';
import { ObjectExistsError, UploadInProgressError, UploadTooLargeError, type LocalStorage } from './local.js';

interface LocalStorageRoutesDeps {
  storage: LocalStorage;
  /**
   * Whether an upload to this key is still wanted. A signed link cannot be revoked, but what it was made
   * for can end (the upload deleted or finished, the account closed): then its PUT is refused.
   */
  uploadWanted: (key: string) => Promise<boolean>;
}

// A wildcard, not `:token`: the router refuses parameters over 100 characters (maxParamLength, a
// server-wide option), and a token carrying a key, a filename and a signature is longer.
type TokenRequest = FastifyRequest<{ Params: { '*': string } }>;

export async function localStorageRoutes(app: FastifyInstance, deps: LocalStorageRoutesDeps): Promise<void> {
  const { storage, uploadWanted } = deps;

  // Uploads are files of any type and any size: hand the handler the raw stream, never a parsed or
  // buffered body (the app's JSON parser included). Scoped to this plugin only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put(
    '/storage/upload/*',
    // The limit that counts is the token's size cap, enforced while streaming.
    { bodyLimit: Number.MAX_SAFE_INTEGER, schema: { hide: true } },
    async (request: TokenRequest, reply) => {
      try {
        const grant = verify(() => storage.verifyUploadToken(request.params['*']), 'upload');
        if (mediaType(request.headers['content-type']) !== mediaType(grant.contentType)) {
          throw new AppError(
            400,
            ErrorCode.validation,
            `The upload must be sent with Content-Type: ${grant.contentType}`,
          );
        }
        const declared = request.headers['content-length'];
        if (declared !== undefined && Number(declared) > grant.maxSize) throw tooLarge();
        if (!(await uploadWanted(grant.key))) throw uploadNotWanted();
        const body = (request.body as Readable | undefined) ?? Readable.from([]);
        await storage.receiveUpload(grant, body);
        // Asked again once the file is in place: an upload deleted while its bytes arrived deleted
        // its objects before this file existed, so it is removed here. One deleted after this check
        // finds the file and deletes it itself.
        if (!(await uploadWanted(grant.key))) {
          await storage.delete([grant.key]);
          throw uploadNotWanted();
        }
      } catch (error) {
        // Whatever the client has not sent yet is not wanted: close instead of reading it all.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw uploadError(error, request);
      }
      // What S3 answers to a PUT: 200 and no body.
      return reply.status(200).send();
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/storage/object/*',
    schema: { hide: true },
    handler: async (request: TokenRequest, reply) => {
      const grant = verify(() => storage.verifyDownloadToken(request.params['*']), 'download');
      let handle: FileHandle;
      try {
        handle = await open(storage.localPath(grant.key), 'r');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') {
          throw new AppError(404, ErrorCode.notFound, 'This file no longer exists.');
        }
        throw error;
      }
      try {
        return await sendObject(request, reply, grant, handle);
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
  });
}

async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  grant: DownloadGrant,
  handle: FileHandle,
): Promise<FastifyReply> {
  const file = await handle.stat();
  if (!file.isFile()) throw new AppError(404, ErrorCode.notFound, 'This file no longer exists.');
  const size = file.size;
  // Objects are written once, so size and time name a version exactly (If-Range may rely on it).
  const etag = `"${size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
  const lastModified = file.mtime.toUTCString();
  reply.headers({
    'content-type': grant.contentType,
    'accept-ranges': 'bytes',
    'cache-control': `private, max-age=${grant.maxAgeSeconds}`,
    'x-content-type-options': 'nosniff',
    // Opened on its own (a new tab), an object is a document with no rights: no script, no framing.
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    'content-disposition': contentDisposition(grant.disposition, grant.filename),
    etag,
    'last-modified': lastModified,
  });

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(/\s*,\s*/).includes(etag))) {
    await handle.close();
    return reply.status(304).send();
  }
  const ifRange = request.headers['if-range'];
  const rangeHeader =
    ifRange === undefined || ifRange === etag || ifRange === lastModified ? request.headers.range : undefined;
  const range = parseByteRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    await handle.close();
    return reply.status(416).header('content-range', `bytes */${size}`).header('content-length', 0).send();
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = Math.max(0, end - start + 1);
  reply.header('content-length', length);
  if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
  if (request.method === 'HEAD' || length === 0) {
    await handle.close();
    return reply.send();
  }
  return reply.send(handle.createReadStream({ start, end }));
}

function verify<T>(check: () => T, kind: 'upload' | 'download'): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof StorageTokenError)) throw error;
    if (kind === 'upload') {
      throw error.reason === 'expired'
        ? new AppError(
            403,
            ErrorCode.uploadUrlExpired,
            'This upload link has expired. Please try the upload again.',
          )
        : new AppError(403, ErrorCode.uploadUrlInvalid, 'This upload link is not valid.');
    }
    throw error.reason === 'expired'
      ? new AppError(
          403,
          ErrorCode.downloadUrlExpired,
          'This link has expired. Reload the page to get a new one.',
        )
      : new AppError(403, ErrorCode.downloadUrlInvalid, 'This link is not valid.');
  }
}

function uploadError(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof UploadTooLargeError) return tooLarge();
  if (error instanceof ObjectExistsError) {
    return new AppError(409, ErrorCode.objectExists, 'This file has already been uploaded.');
  }
  if (error instanceof UploadInProgressError) {
    return new AppError(409, ErrorCode.uploadInProgress, 'This file is already being uploaded.');
  }
  // The client went away or stalled: nobody reads the answer, and it is no fault of the server's.
  if (!(error instanceof AppError) && request.raw.destroyed) {
    return new AppError(400, ErrorCode.validation, 'The upload was interrupted.');
  }
  return error;
}

function uploadNotWanted(): AppError {
  return new AppError(403, ErrorCode.uploadUrlInvalid, 'This upload link is no longer valid.');
}

function tooLarge(): AppError {
  return new AppError(413, ErrorCode.payloadTooLarge, 'The file is larger than declared.');
}

/** Media types compare without case or spacing; S3 would compare the header byte for byte. */
function mediaType(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toLowerCase();
}
