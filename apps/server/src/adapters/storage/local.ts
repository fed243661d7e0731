// Local disk storage: objects as files under DATA_DIR/media, which the browser PUTs and GETs through
// signed, expiring URLs on this server (local.routes.ts), so no folder of it is ever served directly.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { link, mkdir, open, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  assertValidContentType,
  assertValidKey,
  assertValidLifetime,
  assertValidPrefix,
  assertValidRange,
  assertValidSize,
  downloadUrlTiming,
  ObjectNotFoundError,
  type ObjectStorage,
  type StorageOptions,
  type StoredObjectInfo,
} from './storage.js';

export const UPLOAD_URL_PREFIX = '/api/storage/upload/';
export const DOWNLOAD_URL_PREFIX = '/api/storage/object/';

/** A PUT that sends nothing for this long is abandoned, as S3 does, so a stalled client holds no file. */
export const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/**
 * The longest one PUT may run, whatever it sends. Bytes keep the idle limit at bay but never move this: a
 * client trickling a byte at a time over many connections is cut off all the same. A PUT also ends when
 * its link expires, which for media (an hour) comes first; this bounds longer links.
 */
export const UPLOAD_MAX_DURATION_MS = 60 * 60 * 1000;

/**
 * The part file of an upload from a PUT: one name per key, created exclusively, so it is also the lock that
 * lets one upload of a key run at a time, in this process or any other sharing the folder. `.upload` has
 * letters no hex suffix of put()'s part files has, so the two never share a name.
 */
const UPLOAD_PART_SUFFIX = '.upload.part';

/** Far longer than any token this store signs; longer ones are refused before any hashing. */
const MAX_TOKEN_LENGTH = 4096;

export interface UploadGrant {
  key: string;
  maxSize: number;
  contentType: string;
  /** When the link expires, in milliseconds since the epoch: a PUT still running then is cut off. */
  expiresAt: number;
}

export interface DownloadGrant {
  key: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  filename: string | undefined;
  /** Seconds the URL has left, for Cache-Control. */
  maxAgeSeconds: number;
}

export class StorageTokenError extends Error {
  override name = 'StorageTokenError';
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason === 'expired' ? 'The storage link has expired' : 'The storage link is not valid');
  }
}

export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
  constructor(readonly maxSize: number) {
    super(`The upload is larger than its ${maxSize} bytes`);
  }
}

/** Another PUT of the same key is running, in this process or another one sharing the folder. */
export class UploadInProgressError extends Error {
  override name = 'UploadInProgressError';
  constructor(readonly key: string) {
    super(`An upload of ${key} is already running`);
  }
}

/** Objects are written once: a finished upload never replaces one that is already there. */
export class ObjectExistsError extends Error {
  override name = 'ObjectExistsError';
  constructor(readonly key: string) {
    super(`The object ${key} already exists`);
  }
}

// Short field names keep URLs short; `t` stops an upload token from being used as a download token.
const UploadPayload = z.object({
  t: z.literal('put'),
  k: z.string(),
  n: z.number().int().nonnegative(),
  c: z.string(),
  e: z.number().int(),
});
const DownloadPayload = z.object({
  t: z.literal('get'),
  k: z.string(),
  c: z.string(),
  d: z.enum(['inline', 'attachment']),
  f: z.string().optional(),
  e: z.number().int(),
});

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly dir: string;
  // Private fields: the key never shows up when the store is logged or serialised.
  readonly #signingKey: Buffer;
  readonly #now: () => number;

  constructor(dir: string, options: StorageOptions) {
    if (!options.signingSecret) throw new Error('Local storage needs a signing secret');
    this.dir = path.resolve(dir);
    // Derived, so a URL signature can never be replayed as a session or cookie signature.
    this.#signingKey = createHash('sha256').update(`storage:${options.signingSecret}`).digest();
    this.#now = options.now ?? Date.now;
  }

  /** The file that holds the object with this key. */
  localPath(key: string): string {
    assertValidKey(key);
    return path.join(this.dir, ...key.split('/'));
  }

  async createUploadUrl(
    key: string,
    options: { contentType: string; size: number; expiresInSeconds: number },
  ): Promise<string> {
    assertValidKey(key);
    assertValidContentType(options.contentType);
    assertValidSize(options.size);
    assertValidLifetime(options.expiresInSeconds);
    const expiresAt = Math.ceil(this.#now() / 1000) + options.expiresInSeconds;
    const token = this.#sign({ t: 'put', k: key, n: options.size, c: options.contentType, e: expiresAt });
    return UPLOAD_URL_PREFIX + token;
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
    const { expiresAt } = downloadUrlTiming(this.#now(), options.expiresInSeconds);
    const payload = {
      t: 'get',
      k: key,
      c: options.contentType,
      d: options.disposition,
      ...(options.filename === undefined ? {} : { f: options.filename }),
      e: expiresAt,
    };
    return DOWNLOAD_URL_PREFIX + this.#sign(payload);
  }

  /** What an upload URL's token allows. Throws StorageTokenError. */
  verifyUploadToken(token: string): UploadGrant {
    const payload = UploadPayload.safeParse(this.#verify(token));
    if (!payload.success) throw new StorageTokenError('invalid');
    this.#assertNotExpired(payload.data.e);
    return {
      key: payload.data.k,
      maxSize: payload.data.n,
      contentType: payload.data.c,
      expiresAt: payload.data.e * 1000,
    };
  }

  /** What a download URL's token allows. Throws StorageTokenError. */
  verifyDownloadToken(token: string): DownloadGrant {
    const payload = DownloadPayload.safeParse(this.#verify(token));
    if (!payload.success) throw new StorageTokenError('invalid');
    this.#assertNotExpired(payload.data.e);
    return {
      key: payload.data.k,
      contentType: payload.data.c,
      disposition: payload.data.d,
      filename: payload.data.f,
      maxAgeSeconds: Math.max(0, payload.data.e - Math.floor(this.#now() / 1000)),
    };
  }

  /**
   * Streams an upload's body into the object the grant names. One upload of a key runs at a time: its
   * private `.upload.part` file is created exclusively, and a PUT that finds it there is refused at once
   * (UploadInProgressError), having written nothing. The bytes are counted as they arrive: past the cap
   * the upload stops at once (UploadTooLargeError). A body that sends nothing for the idle time is cut
   * off, and any body at its deadline, fixed when it starts: the link's expiry or UPLOAD_MAX_DURATION_MS,
   * whichever comes first. Only a complete body is flushed to disk and then linked under the final name,
   * which fails if an object is already there (ObjectExistsError), so readers never see half a file and
   * a finished object is never replaced. The part is removed whatever happens, a client that goes away
   * included. The body is not destroyed on a refusal: the caller still answers on its connection.
   */
  async receiveUpload(
    grant: UploadGrant,
    body: Readable,
    options: { idleTimeoutMs?: number } = {},
  ): Promise<void> {
    const file = this.localPath(grant.key);
    if (await isFile(file)) throw new ObjectExistsError(grant.key);
    const startedAt = this.#now();
    const part = file + UPLOAD_PART_SUFFIX;
    let handle: FileHandle;
    try {
      handle = await this.#openPart(part);
    } catch (error) {
      // Not ours to remove: the part belongs to the upload that is running.
      if (errorCode(error) === 'EEXIST') throw new UploadInProgressError(grant.key);
      throw error;
    }
    let closed = false;
    const idleTimeoutMs = options.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS;
    let idle = setTimeout(onIdle, idleTimeoutMs);
    function onIdle() {
      body.destroy(new Error('The upload stalled'));
    }
    const deadline = setTimeout(
      () => body.destroy(new Error('The upload ran past its deadline')),
      Math.max(0, Math.min(grant.expiresAt, startedAt + UPLOAD_MAX_DURATION_MS) - startedAt),
    );
    try {
      // An upload that finished just before this one took the key: nothing more to write.
      if (await isFile(file)) throw new ObjectExistsError(grant.key);
      let received = 0;
      for await (const chunk of body.iterator({ destroyOnReturn: false })) {
        clearTimeout(idle);
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        received += bytes.length;
        if (received > grant.maxSize) throw new UploadTooLargeError(grant.maxSize);
        await writeAll(handle, bytes);
        idle = setTimeout(onIdle, idleTimeoutMs);
      }
      clearTimeout(idle);
      await handle.sync();
      closed = true;
      await handle.close();
      try {
        await link(part, file);
      } catch (error) {
        if (errorCode(error) === 'EEXIST') throw new ObjectExistsError(grant.key);
        throw error;
      }
      await syncDirectory(path.dirname(file));
    } finally {
      clearTimeout(idle);
      clearTimeout(deadline);
      if (!closed) await handle.close().catch(() => {});
      await removeFile(part);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidContentType(contentType);
    const file = this.localPath(key);
    // A name of its own: writes by the server to one key may overlap, and the last one wins.
    const part = `${file}.${randomBytes(6).toString('hex')}.part`;
    const handle = await this.#openPart(part);
    let closed = false;
    try {
      await handle.writeFile(body);
      await handle.sync();
      closed = true;
      await handle.close();
      await rename(part, file);
      await syncDirectory(path.dirname(file));
    } finally {
      if (!closed) await handle.close().catch(() => {});
      await removeFile(part);
    }
  }

  async head(key: string): Promise<StoredObjectInfo | undefined> {
    const file = this.localPath(key);
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size, lastModified: Math.floor(info.mtimeMs) } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    if (range) assertValidRange(range);
    const handle = await this.#openObject(key);
    try {
      if (range && range.start >= (await handle.stat()).size) {
        throw new RangeError(`The range starts past the end of ${key}`);
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    const file = this.localPath(key);
    if (!(await isFile(file))) throw new ObjectNotFoundError(key);
    return fn(file);
  }

  async delete(keys: string[]): Promise<void> {
    const files = keys.map((key) => this.localPath(key));
    const folders = new Set<string>();
    for (const file of files) {
      await removeFile(file);
      folders.add(path.dirname(file));
    }
    // Each upload makes folders of its own (media/<user>/<media>/): prune the ones left empty.
    for (const folder of [...folders].sort((a, b) => b.length - a.length)) await this.#pruneEmpty(folder);
  }

  async *list(prefix: string): AsyncIterable<{ key: string } & StoredObjectInfo> {
    assertValidPrefix(prefix);
    const folderKey = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const folder = path.join(this.dir, ...folderKey.split('/').filter(Boolean));
    for await (const entry of walk(folder, folderKey, prefix)) {
      if (entry.key.endsWith('.part')) continue;
      try {
        assertValidKey(entry.key);
        const info = await stat(entry.file);
        yield { key: entry.key, size: info.size, lastModified: Math.floor(info.mtimeMs) };
      } catch {
        // A name no key could have (not ours), or a file deleted while listing.
      }
    }
  }

  async removeIncompleteUploads(olderThanMs: number): Promise<number> {
    const cutoff = this.#now() - olderThanMs;
    let removed = 0;
    for await (const entry of walk(this.dir, '', '')) {
      if (!entry.key.endsWith('.part')) continue;
      try {
        if ((await stat(entry.file)).mtimeMs >= cutoff) continue;
        await unlink(entry.file);
        removed += 1;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }

  #sign(payload: object): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.#mac(body)}`;
  }

  #mac(body: string): string {
    return createHmac('sha256', this.#signingKey).update(body).digest('base64url');
  }

  #verify(token: string): unknown {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw new StorageTokenError('invalid');
    const dot = token.indexOf('.');
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.#mac(body));
    if (dot < 1 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new StorageTokenError('invalid');
    }
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new StorageTokenError('invalid');
    }
  }

  #assertNotExpired(expiresAt: number): void {
    if (this.#now() >= expiresAt * 1000) throw new StorageTokenError('expired');
  }

  async #openObject(key: string): Promise<FileHandle> {
    const file = this.localPath(key);
    try {
      const handle = await open(file, 'r');
      if ((await handle.stat()).isFile()) return handle;
      await handle.close();
    } catch (error) {
      if (!isMissing(error) && errorCode(error) !== 'EISDIR') throw error;
    }
    throw new ObjectNotFoundError(key);
  }

  /** Creates the private part file `part`, its folders too; EEXIST when it is already there. */
  async #openPart(part: string): Promise<FileHandle> {
    for (let attempt = 1; ; attempt += 1) {
      await mkdir(path.dirname(part), { recursive: true, mode: 0o700 });
      try {
        return await open(part, 'wx', 0o600);
      } catch (error) {
        // A delete elsewhere may prune the folder between mkdir and open: make it again.
        if (errorCode(error) !== 'ENOENT' || attempt >= 3) throw error;
      }
    }
  }

  async #pruneEmpty(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.dir + path.sep); current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
    }
  }
}

/** Files under `folder` whose keys start with `prefix`; `folderKey` is the key of the folder itself. */
async function* walk(
  folder: string,
  folderKey: string,
  prefix: string,
): AsyncGenerator<{ key: string; file: string }> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const key = folderKey + entry.name;
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      const inside = `${key}/`;
      if (inside.startsWith(prefix) || prefix.startsWith(inside)) yield* walk(file, inside, prefix);
    } else if (entry.isFile() && key.startsWith(prefix)) {
      yield { key, file };
    }
  }
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/** A renamed or linked file survives a power cut only once its folder's entry is on disk too. */
async function syncDirectory(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot open a folder; the data itself is already synced.
  } finally {
    await handle?.close();
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** ENOTDIR too: a key whose folder is a file names nothing. */
function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
