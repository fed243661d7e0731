// Object storage behind one interface: local disk by default, S3-compatible by configuration.
import type { Config } from '../../config.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';

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
   * with 409); S3 would replace the object, which never matters while every upload gets a fresh key.
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
  head(key: string): Promise<StoredObjectInfo | undefined>;
  /** The object's bytes, or a byte range of them (end inclusive). Throws ObjectNotFoundError. */
  read(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  /**
   * A local file with the object's bytes while fn runs (local: the stored file itself, read-only; s3: a
   * temp download removed afterwards). Throws ObjectNotFoundError.
   */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
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

export interface StorageOptions {
  /** Signs local upload and download URLs; only a key derived from it is used. */
  signingSecret: string;
  /** Milliseconds since the epoch; replaced in tests that move time. */
  now?: () => number;
}

export function createStorage(config: Config['storage'], options: StorageOptions): ObjectStorage {
  return config.kind === 's3' ? new S3Storage(config, options) : new LocalStorage(config.dir, options);
}

export class ObjectNotFoundError extends Error {
  override name = 'ObjectNotFoundError';
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
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
export function assertValidRange(range: { start: number; end: number }): void {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end)) {
    throw new RangeError('A range needs whole-number offsets');
  }
  if (range.start < 0 || range.end < range.start)
    throw new RangeError('A range must not end before it starts');
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

/**
 * The origin (scheme://host:port) the browser PUTs to and GETs from with S3 storage, for the page's
 * Content-Security-Policy; undefined for local storage, which is served by this app. It follows the AWS
 * SDK's choice between virtual-hosted (bucket.host) and path-style (host/bucket) addresses.
 */
export function storageOrigin(config: Config['storage']): string | undefined {
  if (config.kind !== 's3') return undefined;
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const virtualHosted =
    !config.forcePathStyle &&
    /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(config.bucket) &&
    !isIpAddress(endpoint.hostname);
  if (virtualHosted) endpoint.hostname = `${config.bucket}.${endpoint.hostname}`;
  return endpoint.origin;
}

function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
}
