// One contract, two adapters: local disk (through its real routes) and S3 (a real s3rver) behave alike.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import { startLocalRoutes, startS3rver } from './storage-test-servers.js';
import { MAX_RANGE_READ_BYTES, ObjectNotFoundError, type ObjectStorage } from './object-storage.js';

interface Harness {
  storage: ObjectStorage;
  /** Resolves a URL the storage handed out, as the page would. */
  resolve(url: string): string;
  /** Moves the storage's clock (signing and, locally, checking) by ms. */
  setClockOffset(ms: number): void;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'waymarks-local-'));
  let offset = 0;
  const storage = new LocalStorage(dir, { signingSecret: 'contract-secret', now: () => Date.now() + offset });
  const server = await startLocalRoutes(storage);
  return {
    storage,
    resolve: (url) => new URL(url, server.origin).toString(),
    setClockOffset: (ms) => {
      offset = ms;
    },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function s3Harness(): Promise<Harness> {
  const server = await startS3rver();
  let offset = 0;
  const storage = new S3Storage(server.config, { signingSecret: 'unused', now: () => Date.now() + offset });
  return {
    storage,
    resolve: (url) => url,
    setClockOffset: (ms) => {
      offset = ms;
    },
    close: () => server.close(),
  };
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const result: T[] = [];
  for await (const item of items) result.push(item);
  return result;
}

describe.each([
  ['local', localHarness],
  ['s3', s3Harness],
])('%s storage', (_kind, start) => {
  let h: Harness;
  let n = 0;
  /** A fresh key per test, so the tests do not depend on each other. */
  let base: string;

  beforeAll(async () => {
    h = await start();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => {
    n += 1;
    base = `media/user${n}/m1/`;
    h.setClockOffset(0);
  });

  async function upload(key: string, body: string, contentType = 'image/jpeg'): Promise<Response> {
    const size = Buffer.byteLength(body);
    const url = await h.storage.createUploadUrl(key, { contentType, size, expiresInSeconds: 300 });
    return fetch(h.resolve(url), { method: 'PUT', headers: { 'content-type': contentType }, body });
  }

  it('stores what the browser PUTs to the upload URL: head, read, list and delete see it', async () => {
    const key = `${base}original`;
    const res = await upload(key, 'hello, world');
    expect(res.status).toBe(200);

    const info = await h.storage.head(key);
    expect(info?.size).toBe(12);
    expect(Math.abs(info!.lastModified - Date.now())).toBeLessThan(60_000);
    expect(await text(await h.storage.read(key))).toBe('hello, world');
    expect(await all(h.storage.list(base))).toEqual([{ key, size: 12, lastModified: info!.lastModified }]);

    await h.storage.delete([key]);
    expect(await h.storage.head(key)).toBeUndefined();
    expect(await all(h.storage.list(base))).toEqual([]);
  });

  it('reads a byte range, end inclusive, and refuses one that starts past the end', async () => {
    const key = `${base}original`;
    await h.storage.put(key, Buffer.from('0123456789'), 'text/plain');
    expect(await text(await h.storage.read(key, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await h.storage.read(key, { start: 8, end: 100 }))).toBe('89');
    await expect(h.storage.read(key, { start: 10, end: 12 })).rejects.toThrow(RangeError);
    await expect(h.storage.read(key, { start: 5, end: 4 })).rejects.toThrow(RangeError);
  });

  it('serves a download URL inline with the given content type, and byte ranges of it', async () => {
    const key = `${base}preview.webp`;
    await h.storage.put(key, Buffer.from('not really webp'), 'image/webp');
    const url = await h.storage.createDownloadUrl(key, {
      expiresInSeconds: 600,
      disposition: 'inline',
      contentType: 'image/webp',
    });
    const whole = await fetch(h.resolve(url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/webp');
    expect(whole.headers.get('content-disposition')).toBe('inline');
    expect(await whole.text()).toBe('not really webp');

    const part = await fetch(h.resolve(url), { headers: { range: 'bytes=4-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4-9/15');
    expect(await part.text()).toBe('really');
  });

  it('serves a download URL as an attachment under a safe version of the filename', async () => {
    const key = `${base}original`;
    await h.storage.put(key, Buffer.from('photo'), 'image/jpeg');
    const url = await h.storage.createDownloadUrl(key, {
      expiresInSeconds: 600,
      disposition: 'attachment',
      filename: '../../Été "à" Paris.jpg',
      contentType: 'image/jpeg',
    });
    const res = await fetch(h.resolve(url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Ete a Paris.jpg"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Paris.jpg`,
    );
    expect(await res.text()).toBe('photo');
  });

  it('hands out the same download URL within its reuse window, so browsers can cache the object', async () => {
    const key = `${base}thumb.webp`;
    await h.storage.put(key, Buffer.from('t'), 'image/webp');
    const options = { expiresInSeconds: 3600, disposition: 'inline' as const, contentType: 'image/webp' };
    const windowStart = Math.floor(Date.now() / 1_800_000) * 1_800_000;
    h.setClockOffset(windowStart + 1000 - Date.now());
    const first = await h.storage.createDownloadUrl(key, options);
    h.setClockOffset(windowStart + 1_790_000 - Date.now());
    expect(await h.storage.createDownloadUrl(key, options)).toBe(first);
    h.setClockOffset(windowStart + 1_810_000 - Date.now());
    expect(await h.storage.createDownloadUrl(key, options)).not.toBe(first);
  });

  it('refuses an upload URL once it has expired', async () => {
    const key = `${base}original`;
    h.setClockOffset(-2 * 3600_000);
    const url = await h.storage.createUploadUrl(key, {
      contentType: 'image/jpeg',
      size: 3,
      expiresInSeconds: 60,
    });
    h.setClockOffset(0);
    const res = await fetch(h.resolve(url), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: 'abc',
    });
    expect(res.status).toBe(403);
    expect(await h.storage.head(key)).toBeUndefined();
  });

  it('refuses a download URL once it has expired', async () => {
    const key = `${base}original`;
    await h.storage.put(key, Buffer.from('x'), 'image/jpeg');
    h.setClockOffset(-2 * 3600_000);
    const url = await h.storage.createDownloadUrl(key, {
      expiresInSeconds: 60,
      disposition: 'inline',
      contentType: 'image/jpeg',
    });
    h.setClockOffset(0);
    expect((await fetch(h.resolve(url))).status).toBe(403);
  });

  it('put writes an object and a second put replaces it', async () => {
    const key = `${base}thumb.webp`;
    await h.storage.put(key, Buffer.from('first'), 'image/webp');
    await h.storage.put(key, Buffer.from('second!'), 'image/webp');
    expect(await text(await h.storage.read(key))).toBe('second!');
    expect((await h.storage.head(key))?.size).toBe(7);
  });

  it('move puts an uploaded object under a new key, replacing what was there, and leaves nothing at the old one', async () => {
    const from = `${base}upload`;
    const to = `${base}original`;
    expect((await upload(from, 'uploaded bytes')).status).toBe(200);
    await h.storage.put(to, Buffer.from('older'), 'image/jpeg');
    await h.storage.move(from, to);
    expect(await text(await h.storage.read(to))).toBe('uploaded bytes');
    expect(await h.storage.head(from)).toBeUndefined();
    expect((await all(h.storage.list(base))).map((object) => object.key)).toEqual([to]);
  });

  it('sha256 is the SHA-256 of the bytes stored, uploaded and then moved', async () => {
    const from = `${base}upload`;
    const to = `${base}original`;
    expect((await upload(from, 'uploaded bytes')).status).toBe(200);
    const expected = createHash('sha256').update('uploaded bytes').digest('hex');
    expect(await h.storage.sha256(from)).toBe(expected);
    await h.storage.move(from, to);
    expect(await h.storage.sha256(to)).toBe(expected);
    await expect(h.storage.sha256(from)).rejects.toThrow(ObjectNotFoundError);
  });

  it('move of a missing object throws ObjectNotFoundError and leaves the target as it was', async () => {
    const to = `${base}original`;
    await h.storage.put(to, Buffer.from('kept'), 'image/jpeg');
    await expect(h.storage.move(`${base}upload`, to)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await text(await h.storage.read(to))).toBe('kept');
  });

  it('withLocalFile hands fn a file with the bytes and returns what fn returns', async () => {
    const key = `${base}original`;
    await h.storage.put(key, Buffer.from('local bytes'), 'image/jpeg');
    let seen = '';
    const result = await h.storage.withLocalFile(key, async (file) => {
      seen = file;
      return readFileSync(file, 'utf8');
    });
    expect(result).toBe('local bytes');
    // S3's temporary copy is gone; the local store's file is the object itself.
    expect(existsSync(seen)).toBe(h.storage.kind === 'local');
  });

  it('withLocalFile with `only` gives a file of the object size where those ranges hold its bytes', async () => {
    const key = `${base}original`;
    await h.storage.put(key, Buffer.from('0123456789abcdefghij'), 'video/mp4');
    const content = await h.storage.withLocalFile(key, async (file) => readFileSync(file, 'latin1'), {
      only: [
        { start: 2, end: 4 },
        { start: 15, end: 40 },
      ],
    });
    // S3 fetches only the ranges into a sparse file; the local store hands over the stored file itself.
    const zeros = (count: number) => '\u0000'.repeat(count);
    expect(content).toBe(
      h.storage.kind === 's3' ? `${zeros(2)}234${zeros(10)}fghij` : '0123456789abcdefghij',
    );
  });

  it('readRange answers the bytes asked for, fewer at the end and none past it', async () => {
    const key = `${base}original`;
    await h.storage.put(key, Buffer.from('0123456789'), 'image/jpeg');
    const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
    expect(latin1(await h.storage.readRange(key, 2, 3))).toBe('234');
    expect(latin1(await h.storage.readRange(key, 7, 100))).toBe('789');
    expect(await h.storage.readRange(key, 10, 4)).toHaveLength(0);
    expect(await h.storage.readRange(key, 50, 4)).toHaveLength(0);
    expect(await h.storage.readRange(key, 0, 0)).toHaveLength(0);
  });

  it('readRange refuses more than MAX_RANGE_READ_BYTES at once, and negative offsets, before any read', async () => {
    const key = `${base}original`;
    await h.storage.put(key, Buffer.from('0123456789'), 'image/jpeg');
    await expect(h.storage.readRange(key, 0, MAX_RANGE_READ_BYTES + 1)).rejects.toThrow(RangeError);
    await expect(h.storage.readRange(key, -1, 4)).rejects.toThrow(RangeError);
    await expect(h.storage.readRange(key, 1.5, 4)).rejects.toThrow(RangeError);
  });

  it('removes the temporary copy even when fn fails', async () => {
    const key = `${base}original`;
    await h.storage.put(key, Buffer.from('bytes'), 'image/jpeg');
    let seen = '';
    await expect(
      h.storage.withLocalFile(key, async (file) => {
        seen = file;
        throw new Error('fn failed');
      }),
    ).rejects.toThrow('fn failed');
    expect(existsSync(seen)).toBe(h.storage.kind === 'local');
    expect(await h.storage.head(key)).toBeDefined();
  });

  it('reports a missing object: head gives undefined, read, readRange and withLocalFile throw ObjectNotFoundError', async () => {
    const key = `${base}missing`;
    expect(await h.storage.head(key)).toBeUndefined();
    await expect(h.storage.read(key)).rejects.toThrow(ObjectNotFoundError);
    await expect(h.storage.withLocalFile(key, async () => 1)).rejects.toThrow(ObjectNotFoundError);
    const only = [{ start: 0, end: 9 }];
    await expect(h.storage.withLocalFile(key, async () => 1, { only })).rejects.toThrow(ObjectNotFoundError);
    await expect(h.storage.readRange(key, 0, 4)).rejects.toThrow(ObjectNotFoundError);
    await expect(h.storage.readRange(key, 0, 0)).rejects.toThrow(ObjectNotFoundError);
  });

  it('deletes a mix of present and missing keys without complaint', async () => {
    await h.storage.put(`${base}a`, Buffer.from('a'), 'text/plain');
    await h.storage.delete([`${base}a`, `${base}never-was`, 'media/nobody/nothing/original']);
    await h.storage.delete([]);
    expect(await h.storage.head(`${base}a`)).toBeUndefined();
  });

  it('lists every object under a prefix and nothing outside it, whether or not it ends in a slash', async () => {
    const user = base.split('/')[1]!;
    const keys = [`media/${user}/m1/original`, `media/${user}/m1/thumb.webp`, `media/${user}/m2/original`];
    for (const key of keys) await h.storage.put(key, Buffer.from(key), 'text/plain');
    await h.storage.put(`media/${user}x/m1/original`, Buffer.from('other user'), 'text/plain');

    const listed = (await all(h.storage.list(`media/${user}/`))).map((o) => o.key).sort();
    expect(listed).toEqual(keys);
    const byPartialName = (await all(h.storage.list(`media/${user}/m1/th`))).map((o) => o.key);
    expect(byPartialName).toEqual([`media/${user}/m1/thumb.webp`]);
    const unslashed = (await all(h.storage.list(`media/${user}`))).map((o) => o.key).sort();
    expect(unslashed).toEqual([...keys, `media/${user}x/m1/original`].sort());
    expect(await all(h.storage.list(`media/${user}/none/`))).toEqual([]);
  });

  it('refuses keys it did not choose: traversal, absolute paths, odd characters', async () => {
    for (const key of [
      '../etc/passwd',
      '/media/a',
      'media/../a',
      'media/a b',
      'media//a',
      'media/a/',
      '',
      'a.part',
    ]) {
      await expect(h.storage.head(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(h.storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(
        h.storage.createUploadUrl(key, { contentType: 'image/jpeg', size: 1, expiresInSeconds: 60 }),
        key,
      ).rejects.toThrow(/Invalid storage key/);
    }
    await expect(h.storage.delete(['media/ok', '../bad'])).rejects.toThrow(/Invalid storage key/);
  });

  it('finds no unfinished uploads to remove when none were left behind', async () => {
    expect(await h.storage.removeIncompleteUploads(0)).toBe(0);
  });
});
