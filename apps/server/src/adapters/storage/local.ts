// Local disk storage: objects as files under DATA_DIR/media, which the browser PUTs and GETs through
// signed, expiring URLs on this server (local.routes.ts, links in local-links.ts), so no folder of it is
// ever served directly.
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { link, mkdir, open, rename, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  errorCode,
  isFile,
  isMissing,
  openPart,
  removeFile,
  syncDirectory,
  walk,
  writeAll,
} from './local-files.js';
import {
  DOWNLOAD_URL_PREFIX,
  LinkSigner,
  UPLOAD_URL_PREFIX,
  type DownloadGrant,
  type UploadGrant,
} from './local-links.js';
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
  type ByteRange,
  type ObjectStorage,
  type StorageOptions,
  type StoredObjectInfo,
} from './object-storage.js';

/** A PUT that sends nothing for this long is abandoned, as S3 does, so a stalled client holds no file. */
const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/**
 * The longest one PUT may run, whatever it sends. Bytes keep the idle limit at bay but never move this: a
 * client trickling a byte at a time over many connections is cut off all the same. A PUT also ends when
 * its link expires, which for media (an hour) comes first; this bounds longer links.
 */
const UPLOAD_MAX_DURATION_MS = 60 * 60 * 1000;

/**
 * The part file of an upload from a PUT: one name per key, created exclusively, so it is also the lock that
 * lets one upload of a key run at a time, in this process or any other sharing the folder. `.upload` has
 * letters no hex suffix of put()'s part files has, so the two never share a name.
 */
const UPLOAD_PART_SUFFIX = '.upload.part';

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

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly dir: string;
  readonly #links: LinkSigner;
  readonly #now: () => number;

  constructor(dir: string, options: StorageOptions) {
    if (!options.signingSecret) throw new Error('Local storage needs a signing secret');
    this.dir = path.resolve(dir);
    this.#now = options.now ?? Date.now;
    this.#links = new LinkSigner(options.signingSecret, this.#now);
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
    const expiresAtSeconds = Math.ceil(this.#now() / 1000) + options.expiresInSeconds;
    const token = this.#links.uploadToken({
      key,
      maxSize: options.size,
      contentType: options.contentType,
      expiresAtSeconds,
    });
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
    const token = this.#links.downloadToken({
      key,
      contentType: options.contentType,
      disposition: options.disposition,
      filename: options.filename,
      expiresAtSeconds: expiresAt,
    });
    return DOWNLOAD_URL_PREFIX + token;
  }

  /** What an upload URL's token allows. Throws StorageTokenError. */
  verifyUploadToken(token: string): UploadGrant {
    return this.#links.verifyUploadToken(token);
  }

  /** What a download URL's token allows. Throws StorageTokenError. */
  verifyDownloadToken(token: string): DownloadGrant {
    return this.#links.verifyDownloadToken(token);
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
      handle = await openPart(part);
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
    const handle = await openPart(part);
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

  /** One rename: atomic within the store's folder, and the upload's part file never moves with it. */
  async move(from: string, to: string): Promise<void> {
    const source = this.localPath(from);
    const target = this.localPath(to);
    if (!(await isFile(source))) throw new ObjectNotFoundError(from);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await rename(source, target);
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(from);
      throw error;
    }
    await syncDirectory(path.dirname(target));
    if (path.dirname(source) !== path.dirname(target)) await syncDirectory(path.dirname(source));
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

  async read(key: string, range?: ByteRange): Promise<NodeJS.ReadableStream> {
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

  async readRange(key: string, start: number, length: number): Promise<Uint8Array> {
    assertValidRangeRead(start, length);
    const handle = await this.#openObject(key);
    try {
      const buffer = new Uint8Array(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  async sha256(key: string): Promise<string> {
    return sha256Of(await this.read(key));
  }

  /** The stored file itself, whatever `only` says: nothing needs copying. */
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
