// The local store on a temp folder: signed tokens, streaming uploads into place, and housekeeping.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { StorageTokenError, type UploadGrant } from './local-links.js';
import { LocalStorage, ObjectExistsError, UploadInProgressError, UploadTooLargeError } from './local.js';

let dir: string;
let clock: number;
let storage: LocalStorage;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'waymarks-local-unit-'));
  clock = Date.UTC(2030, 0, 1);
  storage = new LocalStorage(dir, { signingSecret: 'unit-secret', now: () => clock });
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

function allFiles(): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('local storage URLs', () => {
  it('are relative /api/ paths a page resolves against its own origin', async () => {
    const upload = await storage.createUploadUrl('media/u/m/original', {
      contentType: 'image/jpeg',
      size: 10,
      expiresInSeconds: 60,
    });
    expect(upload).toMatch(/^\/api\/storage\/upload\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const download = await storage.createDownloadUrl('media/u/m/original', {
      expiresInSeconds: 60,
      disposition: 'inline',
      contentType: 'image/jpeg',
    });
    expect(download).toMatch(/^\/api\/storage\/object\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  });

  it('carry what they grant, and stop working the second they expire', async () => {
    const url = await storage.createUploadUrl('media/u/m/original', {
      contentType: 'video/mp4',
      size: 1000,
      expiresInSeconds: 60,
    });
    expect(storage.verifyUploadToken(tokenOf(url))).toEqual({
      key: 'media/u/m/original',
      maxSize: 1000,
      contentType: 'video/mp4',
      expiresAt: clock + 60_000,
    });
    clock += 59_999;
    expect(() => storage.verifyUploadToken(tokenOf(url))).not.toThrow();
    clock += 1;
    expect(() => storage.verifyUploadToken(tokenOf(url))).toThrow(new StorageTokenError('expired'));
  });

  it('grant a download its disposition, filename, type and the seconds it has left', async () => {
    const url = await storage.createDownloadUrl('media/u/m/original', {
      expiresInSeconds: 3600,
      disposition: 'attachment',
      filename: 'Été.jpg',
      contentType: 'image/jpeg',
    });
    // Signed at 2030-01-01T00:00:00Z, the start of a 30-minute window: valid 90 minutes from now.
    expect(storage.verifyDownloadToken(tokenOf(url))).toEqual({
      key: 'media/u/m/original',
      contentType: 'image/jpeg',
      disposition: 'attachment',
      filename: 'Été.jpg',
      maxAgeSeconds: 5400,
    });
    clock += 5_399_000;
    expect(storage.verifyDownloadToken(tokenOf(url)).maxAgeSeconds).toBe(1);
    clock += 1000;
    expect(() => storage.verifyDownloadToken(tokenOf(url))).toThrow(new StorageTokenError('expired'));
  });

  it('are refused when signed with another secret, swapped between kinds, or malformed', async () => {
    const other = new LocalStorage(dir, { signingSecret: 'other-secret', now: () => clock });
    const foreign = await other.createUploadUrl('media/u/m/original', {
      contentType: 'image/jpeg',
      size: 1,
      expiresInSeconds: 60,
    });
    const download = await storage.createDownloadUrl('media/u/m/original', {
      expiresInSeconds: 60,
      disposition: 'inline',
      contentType: 'image/jpeg',
    });
    const upload = await storage.createUploadUrl('media/u/m/original', {
      contentType: 'image/jpeg',
      size: 1,
      expiresInSeconds: 60,
    });
    const invalid = new StorageTokenError('invalid');
    expect(() => storage.verifyUploadToken(tokenOf(foreign))).toThrow(invalid);
    expect(() => storage.verifyUploadToken(tokenOf(download))).toThrow(invalid);
    expect(() => storage.verifyDownloadToken(tokenOf(upload))).toThrow(invalid);
    for (const token of ['', '.', 'abc', 'abc.def', `${'a'.repeat(5000)}.x`, tokenOf(upload).slice(1)]) {
      expect(() => storage.verifyUploadToken(token), token).toThrow(invalid);
    }
  });

  it('are checked before they are signed: key, content type, size and lifetime', async () => {
    const ok = { contentType: 'image/jpeg', size: 1, expiresInSeconds: 60 };
    await expect(storage.createUploadUrl('../x', ok)).rejects.toThrow(/key/);
    await expect(storage.createUploadUrl('a', { ...ok, contentType: 'image/jpeg\r\nX: y' })).rejects.toThrow(
      /content type/,
    );
    await expect(storage.createUploadUrl('a', { ...ok, size: -1 })).rejects.toThrow(/size/);
    await expect(storage.createUploadUrl('a', { ...ok, expiresInSeconds: 0 })).rejects.toThrow(/lifetime/);
  });
});

describe('receiveUpload', () => {
  let grant: UploadGrant;
  beforeEach(() => {
    grant = { key: 'media/u/m/original', maxSize: 10, contentType: 'image/jpeg', expiresAt: clock + 60_000 };
  });

  /** Resolves once the upload of the grant's key has its part file on disk. */
  async function partOnDisk(): Promise<void> {
    while (!allFiles().some((file) => file.endsWith('.part'))) await new Promise(setImmediate);
  }

  it('writes the body to the final name only once it is complete', async () => {
    const body = new PassThrough();
    const done = storage.receiveUpload(grant, body);
    body.write('12345');
    await partOnDisk();
    expect(existsSync(storage.localPath(grant.key))).toBe(false);
    expect(allFiles()).toEqual(['media/u/m/original.upload.part']);
    body.end('678');
    await done;
    expect(allFiles()).toEqual(['media/u/m/original']);
  });

  it('stops at the first byte past the cap, without destroying the body, and keeps nothing', async () => {
    const body = new PassThrough();
    const done = storage.receiveUpload(grant, body);
    body.write('1234567890');
    body.write('1');
    await expect(done).rejects.toThrow(UploadTooLargeError);
    expect(body.destroyed).toBe(false);
    expect(allFiles()).toEqual([]);
  });

  it('gives up on a body that stalls, and keeps nothing', async () => {
    const body = new PassThrough();
    const done = storage.receiveUpload(grant, body, { idleTimeoutMs: 30 });
    body.write('123');
    await expect(done).rejects.toThrow(/stalled/);
    expect(allFiles()).toEqual([]);
  });

  it('cuts off a body that keeps trickling bytes past its deadline: bytes do not move it', async () => {
    grant = { ...grant, maxSize: 1_000_000, expiresAt: clock + 100 };
    const body = new PassThrough();
    const done = storage.receiveUpload(grant, body, { idleTimeoutMs: 50 });
    // One byte far more often than the idle limit: only a deadline fixed at the start ends this.
    const trickle = setInterval(() => body.write('1'), 5);
    try {
      await expect(done).rejects.toThrow(/deadline/);
    } finally {
      clearInterval(trickle);
    }
    expect(allFiles()).toEqual([]);
  });

  it('refuses a second upload of a key while one runs, creating no file for it', async () => {
    const first = new PassThrough();
    const done = storage.receiveUpload(grant, first);
    first.write('123');
    await partOnDisk();
    const second = new PassThrough();
    await expect(storage.receiveUpload(grant, second)).rejects.toThrow(UploadInProgressError);
    expect(second.readableLength).toBe(0);
    expect(allFiles()).toEqual(['media/u/m/original.upload.part']);
    first.end('45');
    await done;
    expect(allFiles()).toEqual(['media/u/m/original']);
  });

  it('holds a key whose upload died with its process until the sweep removes the part', async () => {
    mkdirSync(path.join(dir, 'media/u/m'), { recursive: true });
    writeFileSync(path.join(dir, 'media/u/m/original.upload.part'), 'half');
    await expect(storage.receiveUpload(grant, Readable.from([Buffer.from('x')]))).rejects.toThrow(
      UploadInProgressError,
    );
    // At start-up the sweep removes every part older than the process: none of them can be running.
    expect(await storage.removeIncompleteUploads(0)).toBe(1);
    await storage.receiveUpload(grant, Readable.from([Buffer.from('whole')]));
    expect(allFiles()).toEqual(['media/u/m/original']);
  });

  it('refuses a key that already holds an object, before reading anything', async () => {
    await storage.receiveUpload(grant, Readable.from([Buffer.from('first')]));
    const second = new PassThrough();
    await expect(storage.receiveUpload(grant, second)).rejects.toThrow(ObjectExistsError);
    expect(second.readableLength).toBe(0);
  });
});

describe('local housekeeping', () => {
  it('removes only part files older than asked, and counts them', async () => {
    mkdirSync(path.join(dir, 'media/u/m'), { recursive: true });
    const oldPart = path.join(dir, 'media/u/m/original.aaaaaaaaaaaa.part');
    const newPart = path.join(dir, 'media/u/m/thumb.webp.bbbbbbbbbbbb.part');
    writeFileSync(oldPart, 'x');
    writeFileSync(newPart, 'x');
    await storage.put('media/u/m/preview.webp', Buffer.from('kept'), 'image/webp');
    const twoHoursAgo = new Date(clock - 2 * 3600_000);
    utimesSync(oldPart, twoHoursAgo, twoHoursAgo);
    utimesSync(newPart, new Date(clock), new Date(clock));

    expect(await storage.removeIncompleteUploads(3600_000)).toBe(1);
    expect(allFiles().sort()).toEqual(['media/u/m/preview.webp', 'media/u/m/thumb.webp.bbbbbbbbbbbb.part']);
  });

  it('lists objects but never part files or names no key could have', async () => {
    await storage.put('media/u/m/original', Buffer.from('x'), 'image/jpeg');
    writeFileSync(path.join(dir, 'media/u/m/original.cccccccccccc.part'), 'x');
    writeFileSync(path.join(dir, 'media/u/m/.DS_Store'), 'x');
    writeFileSync(path.join(dir, 'media/u/m/with space'), 'x');
    const keys: string[] = [];
    for await (const object of storage.list('')) keys.push(object.key);
    expect(keys).toEqual(['media/u/m/original']);
  });

  it('prunes the folders a delete leaves empty, but never the store itself', async () => {
    await storage.put('media/u1/m1/original', Buffer.from('x'), 'image/jpeg');
    await storage.put('media/u1/m1/thumb.webp', Buffer.from('x'), 'image/webp');
    await storage.put('media/u1/m2/original', Buffer.from('x'), 'image/jpeg');
    await storage.delete(['media/u1/m1/original', 'media/u1/m1/thumb.webp']);
    expect(existsSync(path.join(dir, 'media/u1/m1'))).toBe(false);
    expect(existsSync(path.join(dir, 'media/u1/m2/original'))).toBe(true);
    await storage.delete(['media/u1/m2/original']);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(dir)).toBe(true);
  });

  it('keeps objects outside any folder it would serve: under its own directory, by key', () => {
    expect(storage.localPath('media/u/m/original')).toBe(path.join(dir, 'media', 'u', 'm', 'original'));
  });
});
