// The local storage routes over real HTTP: signed upload and download URLs, their refusals, and that a
// refused or broken upload leaves nothing on disk.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LocalStorage } from './local.js';
import { startLocalRoutes, type LocalTestServer } from './storage-test-servers.js';

let dir: string;
let storage: LocalStorage;
let server: LocalTestServer;
let offset = 0;
let n = 0;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'waymarks-local-routes-'));
  storage = new LocalStorage(dir, { signingSecret: 'route-secret', now: () => Date.now() + offset });
  server = await startLocalRoutes(storage);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  // Each test starts from an empty store, so it can check that nothing else is on disk.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  offset = 0;
  n += 1;
  key = `media/u${n}/m${n}/original`;
});

/** Every file under the store, part files included, relative to it. */
function filesOnDisk(): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function uploadUrl(size: number, contentType = 'image/jpeg', forKey = key): Promise<string> {
  return storage.createUploadUrl(forKey, { contentType, size, expiresInSeconds: 300 });
}

function put(url: string, body: string | Buffer, contentType = 'image/jpeg'): Promise<Response> {
  return fetch(server.origin + url, { method: 'PUT', headers: { 'content-type': contentType }, body });
}

interface RawResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A PUT written by hand: headers first, then `chunks` one by one while no answer has come, then (unless
 * `end` is false) the end of the body. Resolves with the answer, whenever it comes.
 */
function rawPut(
  url: string,
  options: { headers: Record<string, string | number>; chunks?: Buffer[]; end?: boolean },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(server.origin + url, { method: 'PUT', headers: options.headers });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.flushHeaders();
    void (async () => {
      for (const chunk of options.chunks ?? []) {
        if (answered) return;
        req.write(chunk);
        await sleep(5);
      }
      if (options.end !== false && !answered) req.end();
    })();
  });
}

/** The answer to a request written by hand, whenever it comes. */
function answerOf(req: ReturnType<typeof httpRequest>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
  });
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (condition()) return;
    await sleep(10);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('PUT /api/storage/upload/<token>', () => {
  it('stores the body under the signed key and answers 200 with an empty body, as S3 does', async () => {
    const res = await put(await uploadUrl(5), 'hello');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(readFileSync(storage.localPath(key), 'utf8')).toBe('hello');
    expect(statSync(storage.localPath(key)).mode & 0o777).toBe(0o600);
    expect(filesOnDisk()).toEqual([key]);
  });

  it('streams a body far larger than the app-wide body limit straight to disk', async () => {
    const body = Buffer.alloc(5 * 1024 * 1024, 7);
    const res = await put(await uploadUrl(body.length, 'video/mp4'), body, 'video/mp4');
    expect(res.status).toBe(200);
    expect(statSync(storage.localPath(key)).size).toBe(body.length);
  });

  it('passes a JSON body through untouched: the app-wide JSON parser is not used here', async () => {
    const res = await put(await uploadUrl(9, 'application/json'), '{"a": 1}\n', 'application/json');
    expect(res.status).toBe(200);
    expect(readFileSync(storage.localPath(key), 'utf8')).toBe('{"a": 1}\n');
  });

  it('accepts a body smaller than the declared size (the cap is an upper bound)', async () => {
    expect((await put(await uploadUrl(100), 'short')).status).toBe(200);
  });

  it('refuses an expired link with 403 UPLOAD_URL_EXPIRED and the message for the user', async () => {
    offset = -301_000;
    const url = await uploadUrl(5);
    offset = 0;
    const res = await put(url, 'hello');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        code: 'UPLOAD_URL_EXPIRED',
        message: 'This upload link has expired. Please try the upload again.',
      },
    });
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses a tampered link with 403 UPLOAD_URL_INVALID: a raised size cap, a changed key, a forged signature', async () => {
    const url = await uploadUrl(5);
    const [prefix, token] = [url.slice(0, url.lastIndexOf('/') + 1), url.slice(url.lastIndexOf('/') + 1)];
    const [payload, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = (changes: object) =>
      `${prefix}${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${mac}`;
    const otherSecret = new LocalStorage(dir, { signingSecret: 'another-secret' });

    for (const tampered of [
      forged({ n: 10_000_000 }),
      forged({ k: 'media/someone-else/m/original' }),
      `${prefix}${payload}.${mac.slice(0, -2)}AA`,
      `${prefix}${payload}`,
      `${prefix}not-a-token`,
      await otherSecret.createUploadUrl(key, { contentType: 'image/jpeg', size: 5, expiresInSeconds: 300 }),
    ]) {
      const res = await put(tampered, 'hello');
      expect(res.status, tampered).toBe(403);
      expect(await errorCode(res)).toBe('UPLOAD_URL_INVALID');
    }
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses a download link used as an upload link', async () => {
    const download = await storage.createDownloadUrl(key, {
      expiresInSeconds: 300,
      disposition: 'inline',
      contentType: 'image/jpeg',
    });
    const res = await put(download.replace('/object/', '/upload/'), 'hello');
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('UPLOAD_URL_INVALID');
  });

  it('refuses a content type other than the signed one with 400', async () => {
    const res = await put(await uploadUrl(5, 'image/jpeg'), 'hello', 'image/png');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'The upload must be sent with Content-Type: image/jpeg' },
    });
    expect(filesOnDisk()).toEqual([]);
  });

  it('answers 413 at once to a Content-Length over the cap, before any of the body is sent', async () => {
    const res = await rawPut(await uploadUrl(10), {
      headers: { 'content-type': 'image/jpeg', 'content-length': 11 },
      end: false,
    });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than declared.' },
    });
    expect(filesOnDisk()).toEqual([]);
  });

  it('stops a body that runs past the cap with 413 and leaves no part and no object', async () => {
    // One byte over, and the body never ends: the answer comes because the cap was passed. (A client that
    // keeps sending after the answer may see its connection reset instead: it is closed, not drained.)
    const res = await rawPut(await uploadUrl(100_000), {
      headers: { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
      chunks: [Buffer.alloc(100_000, 1), Buffer.alloc(1, 1)],
      end: false,
    });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    await waitFor(() => filesOnDisk().length === 0, 'the part to go');
  });

  it('removes the part when the client disconnects halfway, and stores nothing', async () => {
    const req = httpRequest(server.origin + (await uploadUrl(1_000_000)), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', 'content-length': 1_000_000 },
    });
    req.on('error', () => {});
    req.write(Buffer.alloc(300_000, 2));
    await waitFor(() => filesOnDisk().some((file) => file.endsWith('.part')), 'a part file');
    req.destroy();
    await waitFor(() => filesOnDisk().length === 0, 'the part to go');
    expect(await storage.head(key)).toBeUndefined();
  });

  it('refuses a second upload to a key that already holds an object with 409, keeping the first', async () => {
    const url = await uploadUrl(5);
    expect((await put(url, 'first')).status).toBe(200);
    const again = await put(url, 'other');
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('OBJECT_EXISTS');
    expect(readFileSync(storage.localPath(key), 'utf8')).toBe('first');
    expect(filesOnDisk()).toEqual([key]);
  });

  it('lets exactly one of two simultaneous uploads to one key win', async () => {
    const url = await uploadUrl(200_000);
    const [a, b] = await Promise.all([
      put(url, Buffer.alloc(200_000, 1)),
      put(url, Buffer.alloc(200_000, 2)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(filesOnDisk()).toEqual([key]);
  });

  it('lets one PUT at a time use a link: others get 409 at once, before any body, and create no file', async () => {
    const url = await uploadUrl(200_000);
    const first = httpRequest(server.origin + url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', 'content-length': 200_000 },
    });
    const firstAnswer = answerOf(first);
    first.write(Buffer.alloc(100_000, 1));
    await waitFor(() => filesOnDisk().some((file) => file.endsWith('.part')), 'the first upload’s part');

    // Headers only: the answer comes without a byte of the body sent.
    const others = await Promise.all(
      [1, 2, 3].map(() =>
        rawPut(url, { headers: { 'content-type': 'image/jpeg', 'content-length': 200_000 }, end: false }),
      ),
    );
    for (const res of others) {
      expect(res.status).toBe(409);
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'UPLOAD_IN_PROGRESS', message: 'This file is already being uploaded.' },
      });
    }
    expect(filesOnDisk()).toEqual([`${key}.upload.part`]);

    first.end(Buffer.alloc(100_000, 1));
    expect((await firstAnswer).status).toBe(200);
    expect(readFileSync(storage.localPath(key)).equals(Buffer.alloc(200_000, 1))).toBe(true);
    expect(filesOnDisk()).toEqual([key]);
  });

  it('cuts off a PUT that keeps trickling bytes past its link’s expiry, and keeps nothing', async () => {
    // A link with one to two seconds left; the PUT's deadline is fixed when it starts.
    offset = -299_000;
    const url = await uploadUrl(100_000);
    offset = 0;
    const req = httpRequest(server.origin + url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
    });
    const outcome = new Promise<string>((resolve) => {
      req.on('error', () => resolve('cut off'));
      req.on('response', (res) => resolve(`answered ${res.statusCode}`));
    });
    req.flushHeaders();
    // A byte every 20 ms: far inside any idle limit, and far below the size cap before the deadline.
    const trickle = setInterval(() => req.write(Buffer.alloc(1, 1)), 20);
    try {
      expect(await outcome).toBe('cut off');
    } finally {
      clearInterval(trickle);
      req.destroy();
    }
    await waitFor(() => filesOnDisk().length === 0, 'the part to go');
    expect(await storage.head(key)).toBeUndefined();
  });

  it('needs no Authorization header, and ignores one', async () => {
    const res = await fetch(server.origin + (await uploadUrl(2)), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', authorization: 'Bearer nonsense' },
      body: 'ok',
    });
    expect(res.status).toBe(200);
  });
});

describe('GET and HEAD /api/storage/object/<token>', () => {
  const body = 'abcdefghijklmnopqrstuvwxyz';

  async function downloadUrl(options: { disposition?: 'inline' | 'attachment'; filename?: string } = {}) {
    return storage.createDownloadUrl(key, {
      expiresInSeconds: 600,
      disposition: options.disposition ?? 'inline',
      ...(options.filename === undefined ? {} : { filename: options.filename }),
      contentType: 'image/png',
    });
  }

  beforeEach(async () => {
    await storage.put(key, Buffer.from(body), 'image/png');
  });

  it('streams the object with its type, length, range support, private caching and nosniff', async () => {
    const res = await fetch(server.origin + (await downloadUrl()));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe('26');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('inline');
    // Valid 600 s plus up to half that again (URLs are reused within a window): cached no longer.
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control')!)![1]);
    expect(maxAge).toBeGreaterThanOrEqual(599);
    expect(maxAge).toBeLessThanOrEqual(900);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(server.origin + (await downloadUrl()), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('26');
    expect(await res.text()).toBe('');
  });

  it('answers a byte range with 206, a suffix range too, and one past the end with 416', async () => {
    const url = server.origin + (await downloadUrl());
    const middle = await fetch(url, { headers: { range: 'bytes=2-4' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 2-4/26');
    expect(await middle.text()).toBe('cde');

    const tail = await fetch(url, { headers: { range: 'bytes=-3' } });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe('xyz');

    const past = await fetch(url, { headers: { range: 'bytes=26-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */26');
  });

  it('answers 304 to a request that already has this version', async () => {
    const url = server.origin + (await downloadUrl());
    const etag = (await fetch(url)).headers.get('etag')!;
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('offers a hostile filename only in a safe form: no path, no quote, no control character', async () => {
    const res = await fetch(
      server.origin + (await downloadUrl({ disposition: 'attachment', filename: '../../evil".exe' })),
    );
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="evil.exe"; filename*=UTF-8''evil.exe`,
    );

    const unicode = await fetch(
      server.origin +
        (await downloadUrl({
          disposition: 'attachment',
          filename: 'Reykjavík\r\nSet-Cookie: x\u202Egpj.exe 日本.png',
        })),
    );
    expect(unicode.headers.get('set-cookie')).toBeNull();
    const header = unicode.headers.get('content-disposition')!;
    expect(header).toBe(
      `attachment; filename="ReykjavikSet-Cookie: xgpj.exe __.png"; ` +
        `filename*=UTF-8''Reykjav%C3%ADkSet-Cookie%3A%20xgpj.exe%20%E6%97%A5%E6%9C%AC.png`,
    );
  });

  it('refuses an expired link with 403 DOWNLOAD_URL_EXPIRED', async () => {
    offset = -3600_000;
    const url = await downloadUrl();
    offset = 0;
    const res = await fetch(server.origin + url);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('DOWNLOAD_URL_EXPIRED');
  });

  it('refuses a tampered link, or an upload link, with 403 DOWNLOAD_URL_INVALID', async () => {
    const url = await downloadUrl();
    const token = url.slice(url.lastIndexOf('/') + 1);
    const [payload, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherKey = Buffer.from(JSON.stringify({ ...claims, k: 'media/other/m/original' })).toString(
      'base64url',
    );
    for (const tampered of [
      `/api/storage/object/${otherKey}.${mac}`,
      (await uploadUrl(5)).replace('/upload/', '/object/'),
      '/api/storage/object/x',
    ]) {
      const res = await fetch(server.origin + tampered);
      expect(res.status, tampered).toBe(403);
      expect(await errorCode(res)).toBe('DOWNLOAD_URL_INVALID');
    }
  });

  it('answers 404 for a link to a key that is only a folder of other objects', async () => {
    const folderKey = key.slice(0, key.indexOf('/', 'media/'.length));
    const url = await storage.createDownloadUrl(folderKey, {
      expiresInSeconds: 600,
      disposition: 'inline',
      contentType: 'image/png',
    });
    const res = await fetch(server.origin + url);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('answers 404 when the object behind a valid link is gone', async () => {
    const url = await downloadUrl();
    await storage.delete([key]);
    const res = await fetch(server.origin + url);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('NOT_FOUND');
  });
});
