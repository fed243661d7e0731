// Real servers for the storage tests: an S3 API (s3rver, keeping checksums of copies as S3 does) and a tiny
// Fastify app with the local routes.
import Fastify, { type FastifyInstance } from 'fastify';
import type * as nodeCrypto from 'node:crypto';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { registerErrorHandling } from '../../http/errors.js';
import { registerStrictJsonParser } from '../../http/json.js';
import { localStorageRoutes } from './local.routes.js';
import type { LocalStorage } from './local.js';
import type { S3StorageConfig } from './s3.js';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

const require = createRequire(import.meta.url);
// s3rver ships no type declarations.
const S3rver = require('s3rver') as S3rverConstructor;
const FilesystemStore = require('s3rver/lib/stores/filesystem') as new (directory: string) => {
  getResourcePath(bucket: string, key: string, resource: 'object'): string;
};

/**
 * AWS S3 computes a SHA-256 of an object copied with `x-amz-checksum-algorithm: SHA256`, keeps it, and
 * answers it to a HEAD that asks (`x-amz-checksum-mode: ENABLED`); s3rver ignores both headers. This does
 * what S3 does for such copies, so the adapter's way of learning a hash without reading the object runs
 * as on S3; objects written otherwise keep no checksum, as on a server that keeps none.
 */
function keepCopyChecksums(server: S3rverInstance, directory: string): void {
  const store = new FilesystemStore(directory);
  const kept = new Map<string, string>();
  server.httpServer.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const [bucket, ...key] = decodeURIComponent((request.url ?? '').split('?')[0]!)
      .slice(1)
      .split('/');
    const object = `${bucket}/${key.join('/')}`;
    if (request.method === 'PUT' || request.method === 'DELETE') kept.delete(object);
    const sha256Copy =
      request.method === 'PUT' &&
      request.headers['x-amz-copy-source'] !== undefined &&
      String(request.headers['x-amz-checksum-algorithm']).toUpperCase() === 'SHA256';
    if (sha256Copy) {
      response.on('finish', () => {
        if (response.statusCode !== 200) return;
        const bytes = readFileSync(store.getResourcePath(bucket!, key.join('/'), 'object'));
        kept.set(object, createHash('sha256').update(bytes).digest('base64'));
      });
    }
    if (request.method === 'HEAD' && request.headers['x-amz-checksum-mode'] === 'ENABLED') {
      const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
      response.writeHead = ((...args: unknown[]) => {
        const checksum = kept.get(object);
        if (checksum && response.statusCode === 200) {
          response.setHeader('x-amz-checksum-sha256', checksum);
          response.setHeader('x-amz-checksum-type', 'FULL_OBJECT');
        }
        return writeHead(...args);
      }) as ServerResponse['writeHead'];
    }
  });
}

/**
 * s3rver encrypts its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17 and later) no
 * longer offers, so any listing longer than one page fails with an internal error. The token only has to
 * round-trip through s3rver itself: stand in AES for DES in this test process.
 */
function letS3rverPage(): void {
  const crypto = require('node:crypto') as typeof nodeCrypto & { waymarksDesShim?: true };
  if (crypto.waymarksDesShim) return;
  crypto.waymarksDesShim = true;
  const { createCipheriv, createDecipheriv } = crypto;
  const widen = (bytes: Buffer) => Buffer.concat([bytes, bytes]);
  Object.assign(crypto, {
    createCipheriv: (algorithm: string, key: Buffer, iv: Buffer) =>
      algorithm === 'des'
        ? createCipheriv('aes-128-cbc', widen(key), widen(iv))
        : createCipheriv(algorithm, key, iv),
    createDecipheriv: (algorithm: string, key: Buffer, iv: Buffer) =>
      algorithm === 'des'
        ? createDecipheriv('aes-128-cbc', widen(key), widen(iv))
        : createDecipheriv(algorithm, key, iv),
  });
}

// Browsers PUT and GET from the app's origin, which is not the bucket's.
const CORS_ANY_ORIGIN = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface S3TestServer {
  config: S3StorageConfig;
  /** Every request the server received, in order. */
  requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }>;
  /** Stops answering, keeping the bucket's data: connections are cut, new ones refused. */
  stop(): Promise<void>;
  /** Answers again after stop(), on the same port with the same data. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The settings that point an app at this S3 server (path-style addresses: s3rver serves no bucket hosts). */
export function s3AppEnv(server: Pick<S3TestServer, 'config'>): Record<string, string> {
  const { config } = server;
  return {
    STORAGE: 's3',
    S3_ENDPOINT: config.endpoint!,
    S3_REGION: config.region,
    S3_BUCKET: config.bucket,
    S3_ACCESS_KEY_ID: config.accessKeyId,
    S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** s3rver on a free port with its data in a temp folder, and one bucket that allows CORS from anywhere. */
export async function startS3rver(bucket = 'waymarks-test'): Promise<S3TestServer> {
  letS3rverPage();
  const directory = mkdtempSync(path.join(tmpdir(), 'waymarks-s3rver-'));
  const requests: S3TestServer['requests'] = [];
  let port = 0;
  let running: S3rverInstance | undefined;
  const start = async () => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [CORS_ANY_ORIGIN] }],
    });
    port = (await server.run()).port;
    // Kept in memory: checksums of copies made before a restart are gone, as on a server that keeps none.
    keepCopyChecksums(server, directory);
    server.httpServer.on('request', (request: IncomingMessage) => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    });
    running = server;
  };
  const stop = async () => {
    const server = running;
    running = undefined;
    if (!server) return;
    server.httpServer.closeAllConnections();
    await server.close();
  };
  await start();
  return {
    // s3rver knows one account; it reads the key id but (with SigV4) checks no signature.
    config: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    requests,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface LocalTestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:port, what a page would resolve the relative URLs against. */
  origin: string;
  close(): Promise<void>;
}

/**
 * The local storage routes under /api in a Fastify app of their own, listening on a free port. Without a
 * media table behind them, every upload is wanted unless `uploadWanted` says otherwise.
 */
export async function startLocalRoutes(
  storage: LocalStorage,
  uploadWanted: (key: string) => Promise<boolean> = async () => true,
): Promise<LocalTestServer> {
  const app = Fastify({ logger: false });
  // As in the real app: its JSON parser and error shape must not get in the way of uploads.
  registerStrictJsonParser(app);
  registerErrorHandling(app);
  await app.register(localStorageRoutes, { prefix: '/api', storage, uploadWanted });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}
