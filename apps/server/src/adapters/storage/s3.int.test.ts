// What only the S3 adapter does, against a real S3 API (s3rver): batching, paging, CORS, copies, checksums.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { S3Storage } from './s3.js';
import { startS3rver, type S3TestServer } from './storage-test-servers.js';

let server: S3TestServer;
let storage: S3Storage;

beforeAll(async () => {
  server = await startS3rver();
  storage = new S3Storage(server.config, { signingSecret: 'unused', listPageSize: 2 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

describe('S3 storage', () => {
  it('lets a page on another origin PUT to the presigned URL (the CORS preflight passes)', async () => {
    const url = await storage.createUploadUrl('media/cors/m/original', {
      contentType: 'image/jpeg',
      size: 4,
      expiresInSeconds: 300,
    });
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://waymarks.example.com',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');

    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', origin: 'https://waymarks.example.com' },
      body: 'jpeg',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await storage.head('media/cors/m/original')).toMatchObject({ size: 4 });
  });

  it('lists past a page boundary: every object, each once', async () => {
    const keys = ['a', 'b', 'c', 'd', 'e'].map((name) => `media/paged/m/${name}`);
    for (const key of keys) await storage.put(key, Buffer.from(key), 'text/plain');
    server.requests.length = 0;
    const listed: string[] = [];
    for await (const object of storage.list('media/paged/')) listed.push(object.key);
    expect(listed.sort()).toEqual(keys);
    expect(server.requests.filter((r) => r.url.includes('list-type=2'))).toHaveLength(3);
  });

  it('deletes in batches of at most 1000 keys, each batch with a Content-MD5', async () => {
    await storage.put('media/many/m/0', Buffer.from('0'), 'text/plain');
    await storage.put('media/many/m/2499', Buffer.from('2499'), 'text/plain');
    server.requests.length = 0;
    await storage.delete(Array.from({ length: 2500 }, (_, i) => `media/many/m/${i}`));
    const batches = server.requests.filter((r) => r.method === 'POST' && r.url.includes('delete'));
    expect(batches).toHaveLength(3);
    for (const batch of batches) expect(batch.headers['content-md5']).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await storage.head('media/many/m/0')).toBeUndefined();
    expect(await storage.head('media/many/m/2499')).toBeUndefined();
  });

  it('downloads to a temporary file under the system temp folder for withLocalFile', async () => {
    await storage.put('media/tmp/m/original', Buffer.from('bytes'), 'image/jpeg');
    const file = await storage.withLocalFile('media/tmp/m/original', async (f) => f);
    expect(file.startsWith(tmpdir())).toBe(true);
  });

  it('has S3 compute the SHA-256 of an object it moves, and reads that instead of the bytes', async () => {
    await storage.put('media/hash/m/upload', Buffer.from('photo bytes'), 'image/jpeg');
    server.requests.length = 0;
    await storage.move('media/hash/m/upload', 'media/hash/m/original');
    const copy = server.requests.find((r) => r.method === 'PUT' && r.url.includes('media/hash/m/original'));
    expect(copy?.headers['x-amz-checksum-algorithm']).toBe('SHA256');

    server.requests.length = 0;
    expect(await storage.sha256('media/hash/m/original')).toBe(
      createHash('sha256').update('photo bytes').digest('hex'),
    );
    expect(server.requests.map((r) => r.method)).toEqual(['HEAD']);
  });

  it('reads an object through to hash it when the bucket keeps no SHA-256 of it', async () => {
    await storage.put('media/hash/m2/original', Buffer.from('photo bytes'), 'image/jpeg');
    server.requests.length = 0;
    expect(await storage.sha256('media/hash/m2/original')).toBe(
      createHash('sha256').update('photo bytes').digest('hex'),
    );
    expect(server.requests.map((r) => r.method)).toEqual(['HEAD', 'GET']);
  });

  it('asks the bucket for the content type and disposition on GET, so S3 answers with them', async () => {
    await storage.put('media/get/m/original', Buffer.from('x'), 'application/octet-stream');
    const url = new URL(
      await storage.createDownloadUrl('media/get/m/original', {
        expiresInSeconds: 600,
        disposition: 'attachment',
        filename: 'a.heic',
        contentType: 'image/heic',
      }),
    );
    expect(url.searchParams.get('response-content-type')).toBe('image/heic');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="a.heic"; filename*=UTF-8''a.heic`,
    );
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('image/heic');
    expect(res.headers.get('cache-control')).toBe('private, max-age=600');
  });
});
