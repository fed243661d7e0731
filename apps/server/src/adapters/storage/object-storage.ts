// The object storage interface every adapter implements (local disk, S3), with the errors and the key,
// type, range and lifetime rules they share. Adapters import this module; storage.ts picks one of them.
import { createHash } from 'node:crypto';

/** A byte range of an object, `end` inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** The most one readRange call hands back: ranged reads are for headers and metadata, not for media. */
export const MAX_RANGE_READ_BYTES = 16 * 1024 * 1024;

export interface StorageOptions {
  /** Signs local upload and download URLs; only a key derived from it is used. */
  signingSecret: string;
  /** Milliseconds since the epoch; replaced in tests that move time. */
  now?: () => number;
}

export interface StoredObjectInfo {
  size: number;
  lastModified: number;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * Where the browser PUTs the file: a presigned S3 PUT, or a signed, expiring URL on this server (a path
   * starting with /api/ — relative, the page resolves it). The PUT must carry exactly this content type;
   * more than `size` bytes is refused. Locally a key is written once (a second finished upload is refused
   * with 409); S3 replaces the object, and a presigned link cannot be revoked: it keeps writing its key
   * until it expires, so what it wrote is moved to a key no link names (move()) before it is trusted.
   */
  createUploadUrl(
    key: string,
    options: { contentType: string; size: number; expiresInSeconds: number },
  ): Promise<string>;
  /**
   * A short-lived GET URL; 'attachment' sets a safe Content-Disposition with the filename (RFC 6266: ASCII
   * fallback + filename*=UTF-8''…; quotes, control characters and path separators stripped); 'inline' for
   * <img>/<video>. Range requests work. The URL stays valid for at least `expiresInSeconds` and at most
   * half as long again: within each window of half that life the same URL comes back, so browsers can
   * cache what it points at.
   */
  createDownloadUrl(
    key: string,
    options: {
      expiresInSeconds: number;
      disposition: 'inline' | 'attachment';
      filename?: string;
      contentType: string;
    },
  ): Promise<string>;
  /** Writes (or replaces) a whole object, e.g. a thumbnail the server made. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Moves the object at `from` to `to`, replacing any object there; nothing is left at `from`. Readers of
   * `to` see the old object or the new one, never a mix. Throws ObjectNotFoundError when `from` is missing.
   */
  move(from: string, to: string): Promise<void>;
  head(key: string): Promise<StoredObjectInfo | undefined>;
  /** The object's bytes, or a byte range of them (end inclusive). Throws ObjectNotFoundError. */
  read(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream>;
  /**
   * `length` bytes from `start`, in memory: fewer at the end of the object, none past it. For headers,
   * boxes and metadata blocks, so at most MAX_RANGE_READ_BYTES (more is a RangeError, a bug of the
   * caller's). Throws ObjectNotFoundError.
   */
  readRange(key: string, start: number, length: number): Promise<Uint8Array>;
  /**
   * The SHA-256 of the object's bytes, as 64 lowercase hex digits, computed by the storage or by this
   * server, never taken from whoever uploaded them. Local: the file read through once. S3: the checksum
   * S3 itself computed when move() copied the object there, or, from a server that keeps none, the
   * object read through once. Throws ObjectNotFoundError.
   */
  sha256(key: string): Promise<string>;
  /**
   * A local file with the object's bytes while fn runs (local: the stored file itself, read-only; s3: a
   * temp download removed afterwards). With `only`, a remote object is not downloaded whole: the file has
   * the object's size, but only those ranges hold its bytes and the rest reads as zeros (a sparse file),
   * for a reader that is known to need no more. Throws ObjectNotFoundError.
   */
  withLocalFile<T>(
    key: string,
    fn: (file: string) => Promise<T>,
    options?: { only?: readonly ByteRange[] },
  ): Promise<T>;
  /** Missing keys are fine. */
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with prefix, in no particular order. */
  list(prefix: string): AsyncIterable<{ key: string } & StoredObjectInfo>;
  /**
   * Removes leftovers of uploads that never finished (local: `.part` files older than olderThanMs); S3
   * needs nothing. Returns how many.
   */
  removeIncompleteUploads(olderThanMs: number): Promise<number>;
}

/** The SHA-256 of a stream's bytes, 64 lowercase hex digits, read through once. */
export async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
}

export class ObjectNotFoundError extends Error {
  override name = 'ObjectNotFoundError';
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
  }
}

/**
 * The storage could not be reached, or answered that it cannot serve now (a 5xx): nothing was decided
 * about the object, and the same call may succeed later. The HTTP layer answers it 503 (decision 098).
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(override readonly cause: unknown) {
    super(`Storage out of reach: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** S3's own limit; local paths stay well within PATH_MAX with it. */
const MAX_KEY_LENGTH = 1024;

/**
 * Keys come from the server, never from a user, so anything unusual is a bug: thrown, never cleaned up.
 * Beyond the pattern: no `..` (a path outside the store), no empty segment or trailing slash (one object
 * with two spellings), no segment starting with a dot (hidden files such as .DS_Store are not objects)
 * and no `.part` ending (the local store's name for unfinished uploads).
 */
export function assertValidKey(key: string): void {
  if (
    typeof key !== 'string' ||
    key.length > MAX_KEY_LENGTH ||
    !KEY_PATTERN.test(key) ||
    key.includes('..') ||
    key.includes('//') ||
    key.includes('/.') ||
    key.endsWith('/') ||
    key.endsWith('.part')
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** A prefix for list(): empty (everything) or the start of a valid key, which may end in a slash. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  if (
    typeof prefix !== 'string' ||
    prefix.length > MAX_KEY_LENGTH ||
    !KEY_PATTERN.test(prefix) ||
    prefix.includes('..') ||
    prefix.includes('//')
  ) {
    throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
}

// type/subtype with optional parameters; it is echoed in a response header, so no CR, LF or quotes.
const CONTENT_TYPE_PATTERN =
  /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(?:\s*;\s*[A-Za-z0-9!#$&^_.+-]+=[A-Za-z0-9!#$&^_.+-]+)*$/;

export function assertValidContentType(contentType: string): void {
  if (
    typeof contentType !== 'string' ||
    contentType.length > 200 ||
    !CONTENT_TYPE_PATTERN.test(contentType)
  ) {
    throw new Error(`Invalid content type: ${JSON.stringify(contentType)}`);
  }
}

/** A byte range for read(): whole, non-negative offsets, end (inclusive) not before start. */
export function assertValidRange(range: ByteRange): void {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end)) {
    throw new RangeError('A range needs whole-number offsets');
  }
  if (range.start < 0 || range.end < range.start)
    throw new RangeError('A range must not end before it starts');
}

/** The arguments of readRange: a whole, non-negative start and a length within the cap. */
export function assertValidRangeRead(start: number, length: number): void {
  if (!Number.isSafeInteger(start) || start < 0 || !Number.isSafeInteger(length) || length < 0) {
    throw new RangeError('A ranged read needs a whole, non-negative start and length');
  }
  if (length > MAX_RANGE_READ_BYTES) {
    throw new RangeError(`A ranged read is limited to ${MAX_RANGE_READ_BYTES} bytes, not ${length}`);
  }
}

/** S3 refuses presigned URLs that live longer than a week; the local store keeps the same rule. */
export const MAX_URL_LIFETIME_SECONDS = 7 * 24 * 3600;

export function assertValidLifetime(expiresInSeconds: number): void {
  if (
    !Number.isInteger(expiresInSeconds) ||
    expiresInSeconds < 1 ||
    expiresInSeconds > MAX_URL_LIFETIME_SECONDS
  ) {
    throw new Error(`URL lifetime must be 1 to ${MAX_URL_LIFETIME_SECONDS} whole seconds`);
  }
}

export function assertValidSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`Invalid object size: ${size}`);
}

/**
 * When a download URL is signed and when it expires, in whole seconds. A list of 200 thumbnails asks for
 * 200 URLs on every visit: if each visit minted new ones the browser could never reuse its cache, so the
 * signing time is rounded down to a window of half the lifetime and the expiry pushed out by that window.
 * Every URL still lives at least `expiresInSeconds` from now, and S3's one-week ceiling holds.
 */
export function downloadUrlTiming(
  nowMs: number,
  expiresInSeconds: number,
): { signedAt: number; expiresAt: number } {
  assertValidLifetime(expiresInSeconds);
  const now = Math.floor(nowMs / 1000);
  const window = Math.min(Math.floor(expiresInSeconds / 2), MAX_URL_LIFETIME_SECONDS - expiresInSeconds);
  if (window < 1) return { signedAt: now, expiresAt: now + expiresInSeconds };
  const signedAt = Math.floor(now / window) * window;
  return { signedAt, expiresAt: signedAt + window + expiresInSeconds };
}
