// S3-compatible storage (AWS S3, MinIO, R2, …): the browser PUTs and GETs by presigned URLs, the server
// reads and writes with the SDK. Nothing passes through this app's own routes.
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';
import { isSocketError } from '../../common/socket-errors.js';
import { contentDisposition } from './content-disposition.js';
import {
  assertValidContentType,
  assertValidKey,
  assertValidLifetime,
  assertValidPrefix,
  assertValidRange,
  assertValidRangeRead,
  assertValidSize,
  downloadUrlTiming,
  ObjectNotFoundError,
  sha256Of,
  StorageUnavailableError,
  type ByteRange,
  type ObjectStorage,
  type StorageOptions,
  type StoredObjectInfo,
} from './object-storage.js';

export type S3StorageConfig = Extract<Config['storage'], { kind: 's3' }>;

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;
/** How long the SDK waits for a connection, and for the next byte of an open one, before it gives up. */
const CONNECT_TIMEOUT_MS = 5_000;
const SOCKET_IDLE_TIMEOUT_MS = 30_000;

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  // Private fields: the client holds the credentials, and must never be logged or serialised.
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #now: () => number;
  readonly #listPageSize: number;

  constructor(config: S3StorageConfig, options: StorageOptions & { listPageSize?: number }) {
    this.#bucket = config.bucket;
    this.#now = options.now ?? Date.now;
    this.#listPageSize = options.listPageSize ?? 1000;
    this.#client = new S3Client({
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      forcePathStyle: config.forcePathStyle,
      // The SDK's default CRC32 checksums end up in presigned PUT URLs (as the checksum of an empty body,
      // so S3 refuses the real upload) and are unknown to many S3-compatible servers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without them an unreachable endpoint holds a request for the system's TCP timeout (minutes), each of
      // the SDK's three tries. The socket limit is on silence, not on length: large objects still stream.
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: SOCKET_IDLE_TIMEOUT_MS },
    });
    // DeleteObjects must carry an integrity header. AWS takes the SDK's CRC32; several S3-compatible
    // servers only know Content-MD5, which AWS accepts as well.
    this.#client.middlewareStack.add(
      (next, context) => async (args) => {
        const request = args.request as { headers?: Record<string, string>; body?: unknown };
        if (context.commandName === 'DeleteObjectsCommand' && request.headers) {
          const body = request.body;
          if (typeof body === 'string' || body instanceof Uint8Array) {
            request.headers['content-md5'] = createHash('md5').update(body).digest('base64');
          }
        }
        return next(args);
      },
      { step: 'build', name: 'waymarksContentMd5' },
    );
    // Outermost, so it sees what is left after the SDK's own retries: a server out of reach, silent or
    // failing (5xx) becomes StorageUnavailableError, which the HTTP layer answers 503; S3's other answers
    // (404, 416, 403 …) pass through as they are.
    this.#client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          if (isOutOfReach(error)) throw new StorageUnavailableError(error);
          throw error;
        }
      },
      { step: 'initialize', priority: 'high', name: 'waymarksOutOfReach' },
    );
  }

  async createUploadUrl(
    key: string,
    options: { contentType: string; size: number; expiresInSeconds: number },
  ): Promise<string> {
    assertValidKey(key);
    assertValidContentType(options.contentType);
    assertValidSize(options.size);
    assertValidLifetime(options.expiresInSeconds);
    const command = new PutObjectCommand({
      Bucket: this.#bucket,
      Key: key,
      ContentType: options.contentType,
      ContentLength: options.size,
    });
    // Both headers are signed: S3 refuses a PUT of another type or another length.
    return getSignedUrl(this.#client, command, {
      expiresIn: options.expiresInSeconds,
      signingDate: new Date(this.#now()),
      signableHeaders: new Set(['content-type', 'content-length']),
    });
  }

  async createDownloadUrl(
    key: string,
    options: {
      expiresInSeconds: number;
      disposition: 'inline' | 'attachment';
      filename?: string;
      contentType: string;
    },
  ): Promise<string> {
    assertValidKey(key);
    assertValidContentType(options.contentType);
    const { signedAt, expiresAt } = downloadUrlTiming(this.#now(), options.expiresInSeconds);
    const command = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(options.disposition, options.filename),
      ResponseCacheControl: `private, max-age=${options.expiresInSeconds}`,
    });
    return getSignedUrl(this.#client, command, {
      expiresIn: expiresAt - signedAt,
      signingDate: new Date(signedAt * 1000),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    assertValidContentType(contentType);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  /**
   * A server-side copy, then the source deleted. One CopyObject takes up to 5 GiB, the most one presigned
   * PUT can store, so every upload fits; readers of `to` see the old object or the whole new one. S3
   * computes the copy's SHA-256 as it copies and keeps it with the object, for sha256().
   */
  async move(from: string, to: string): Promise<void> {
    assertValidKey(from);
    assertValidKey(to);
    try {
      await this.#client.send(
        new CopyObjectCommand({
          Bucket: this.#bucket,
          Key: to,
          CopySource: `${this.#bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          ChecksumAlgorithm: 'SHA256',
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(from);
      throw error;
    }
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: from }));
  }

  async head(key: string): Promise<StoredObjectInfo | undefined> {
    assertValidKey(key);
    try {
      const object = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return { size: object.ContentLength ?? 0, lastModified: object.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /**
   * The SHA-256 S3 keeps with the object (computed by S3 when move() copied it there), without reading a
   * byte of it; a server that keeps none (or only a checksum of parts) has the object read through once.
   */
  async sha256(key: string): Promise<string> {
    assertValidKey(key);
    let object;
    try {
      object = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: key, ChecksumMode: 'ENABLED' }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
    const kept = object.ChecksumType === 'COMPOSITE' ? undefined : object.ChecksumSHA256;
    const digest = kept ? Buffer.from(kept, 'base64') : undefined;
    if (digest?.length === 32) return digest.toString('hex');
    return sha256Of(await this.read(key));
  }

  async read(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    try {
      const object = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      if (statusOf(error) === 416) throw new RangeError(`The range starts past the end of ${key}`);
      throw error;
    }
  }

  async readRange(key: string, start: number, length: number): Promise<Uint8Array> {
    assertValidKey(key);
    assertValidRangeRead(start, length);
    if (length === 0) {
      if (!(await this.head(key))) throw new ObjectNotFoundError(key);
      return new Uint8Array(0);
    }
    try {
      const object = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Range: `bytes=${start}-${start + length - 1}`,
        }),
      );
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array(0);
      // A server that ignores Range sends the whole object: keep the part that was asked for.
      return object.ContentRange ? bytes.subarray(0, length) : bytes.subarray(start, start + length);
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      // A range that starts at or past the end: nothing there, as with a file.
      if (statusOf(error) === 416) return new Uint8Array(0);
      throw error;
    }
  }

  async withLocalFile<T>(
    key: string,
    fn: (file: string) => Promise<T>,
    options: { only?: readonly ByteRange[] } = {},
  ): Promise<T> {
    assertValidKey(key);
    options.only?.forEach(assertValidRange);
    const folder = await mkdtemp(path.join(tmpdir(), 'waymarks-s3-'));
    try {
      const file = path.join(folder, 'object');
      if (options.only) await this.#downloadRanges(key, file, options.only);
      else await pipeline(await this.read(key), createWriteStream(file, { mode: 0o600 }));
      return await fn(file);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async delete(keys: string[]): Promise<void> {
    keys.forEach(assertValidKey);
    for (let first = 0; first < keys.length; first += DELETE_BATCH) {
      const batch = keys.slice(first, first + DELETE_BATCH);
      const result = await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.#bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      // A missing key is not an error to S3; anything listed here is (access denied, …).
      const failed = result.Errors?.[0];
      if (failed) {
        throw new Error(
          `Could not delete ${result.Errors!.length} object(s), first ${failed.Key}: ${failed.Code} ${failed.Message}`,
        );
      }
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string } & StoredObjectInfo> {
    assertValidPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: prefix,
          MaxKeys: this.#listPageSize,
          ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified?.getTime() ?? 0 };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** A presigned PUT is one request: S3 keeps nothing of one that fails. */
  async removeIncompleteUploads(_olderThanMs: number): Promise<number> {
    return 0;
  }

  /** A sparse file of the object's size holding only `ranges` of its bytes, each at its own offset. */
  async #downloadRanges(key: string, file: string, ranges: readonly ByteRange[]): Promise<void> {
    const info = await this.head(key);
    if (!info) throw new ObjectNotFoundError(key);
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.truncate(info.size);
      for (const range of ranges) {
        if (range.start >= info.size) continue;
        const end = Math.min(range.end, info.size - 1);
        const body = await this.read(key, { start: range.start, end });
        let position = range.start;
        for await (const chunk of body) {
          const bytes = chunk as Uint8Array;
          for (let done = 0; done < bytes.length;) {
            const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position);
            done += bytesWritten;
            position += bytesWritten;
          }
        }
      }
    } finally {
      await handle.close();
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(error) === 404;
}

/**
 * No answer (refused, reset, timed out: the SDK's errors then are not S3ServiceExceptions) or S3 saying it
 * cannot serve now (500, 503 SlowDown …).
 */
function isOutOfReach(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return error instanceof Error && isNetworkError(error);
  return (statusOf(error) ?? 0) >= 500;
}

function isNetworkError(error: Error): boolean {
  return error.name === 'TimeoutError' || isSocketError(error);
}
