// The web server (main.ts) stopping on SIGTERM while requests run, as a proxy's instance is stopped during
// a deploy (decision 098), on SQLite and PostgreSQL: the upload in flight finishes and its connection
// closes after it, a request that arrives meanwhile on an open connection is answered 503 in the API's
// shape, an idle keep-alive connection is closed, new connections are refused, and the process exits 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode, MB, PinCreateResponse, Session, UploadUrlResponse } from '@waymarks/shared';
import { runAdminCommand } from './cli.js';
import { createDatabase } from './db/database.js';
import { SHUTTING_DOWN_MESSAGE } from './http/shutdown.js';
import { mediaFixture } from './testing/media-fixtures.js';
import { createTestDatabase, freePort, testDialects, type Dialect } from './testing/test-app.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const EMAIL = 'shutdown@example.com';
const PASSWORD = 'Shutdown-test1';
/** A loaded machine starts the server slowly. */
const START_TIMEOUT_MS = 30_000;
/** Far above the usual run time: the first pin waits for the gazetteer, seconds on a loaded machine. */
const TEST_TIMEOUT_MS = 120_000;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A data folder and an empty database with one account, as the admin CLI makes it. */
async function createEnvironment(dialect: Dialect): Promise<{ dataDir: string; databaseUrl: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-shutdown-'));
  let databaseUrl: string;
  let drop: () => Promise<void>;
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'waymarks.db');
    databaseUrl = `sqlite:${file}`;
    const db = createDatabase({ dialect: 'sqlite', file });
    drop = () => db.destroy();
  } else {
    const testDb = await createTestDatabase('postgres');
    databaseUrl = testDb.databaseUrl;
    drop = () => testDb.drop();
  }
  cleanups.push(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await runAdminCommand(['create-user', EMAIL, PASSWORD], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  return { dataDir, databaseUrl };
}

/** src/main.ts under tsx, as operators run it; resolves once /api/health answers. */
async function startServer(environment: { dataDir: string; databaseUrl: string }) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://waymarks.test',
      DATA_DIR: environment.dataDir,
      DATABASE_URL: environment.databaseUrl,
      AUTH_SECRET: 'shutdown-test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const messages = new Set<string>();
  createInterface({ input: child.stderr! }).on('line', (line) => log.push(line));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    log.push(line);
    try {
      messages.add(String((JSON.parse(line) as { msg?: unknown }).msg));
    } catch {
      // not a log entry
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server ended while starting:\n${log.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer /api/health:\n${log.join('\n')}`);
    const up = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (up) break;
    await sleep(100);
  }
  /** Resolves once the server has logged this message. */
  const logged = async (message: string) => {
    for (const until = Date.now() + START_TIMEOUT_MS; !messages.has(message); await sleep(20)) {
      if (Date.now() > until) throw new Error(`No '${message}' in the log:\n${log.join('\n')}`);
    }
  };
  return { child, port, baseUrl, log, logged, exited };
}

/** One raw HTTP/1.1 connection: what is written on it, and everything the server sends until it closes. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => {});
  return { socket, closed, received: () => received };
}

/** Whether a new connection to the port is refused now. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe.each(testDialects())('the web server stopping on SIGTERM, on %s', (dialect) => {
  it(
    'finishes the upload in flight, refuses what comes after with 503 or a closed port, and exits 0',
    async () => {
      const environment = await createEnvironment(dialect);
      const server = await startServer(environment);
      const api = async (method: string, url: string, token: string | null, body?: unknown) => {
        const res = await fetch(server.baseUrl + url, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: (await res.json()) as unknown };
      };
      const signIn = await api('POST', '/api/auth/signin', null, { email: EMAIL, password: PASSWORD });
      const token = Session.parse(signIn.body).accessToken;
      const pin = PinCreateResponse.parse(
        (await api('POST', '/api/pins', token, { lat: 43.4665, lng: 11.882, title: 'Arezzo' })).body,
      );
      const bytes = readFileSync(mediaFixture('photos/gps/DSCN0010.jpg'));
      const reserved = await api('POST', '/api/media/upload-url', token, {
        pinId: pin.pinId,
        contentType: 'image/jpeg',
        filename: 'DSCN0010.jpg',
        sizeMB: bytes.length / MB,
        sizeBytes: bytes.length,
      });
      const upload = UploadUrlResponse.parse(reserved.body);

      // In flight: half the photo sent to the local upload link, and on disk.
      const put = http.request(server.baseUrl + upload.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': upload.contentType, 'content-length': bytes.length },
        agent: new http.Agent({ keepAlive: true }),
      });
      const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
        put.once('response', resolve);
        put.once('error', reject);
      });
      const half = Math.floor(bytes.length / 2);
      put.write(bytes.subarray(0, half));
      await untilPartOnDisk(environment.dataDir, upload.mediaId, half);
      // Begun: requests whose headers have not all arrived yet, each on a connection of its own: a
      // traveller's, and a proxy's readiness check.
      const begun = rawConnection(server.port);
      begun.socket.write(
        `GET /api/pins HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${token}\r\n`,
      );
      const readiness = rawConnection(server.port);
      readiness.socket.write(`GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
      // Idle: a keep-alive connection that has had its answer.
      const idle = rawConnection(server.port);
      idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
      for (let waited = 0; !idle.received().includes('"ok"'); waited += 20) {
        if (waited > 5_000) throw new Error(`No answer on the idle connection: ${idle.received()}`);
        await sleep(20);
      }

      expect(server.child.kill('SIGTERM')).toBe(true);
      await server.logged('shutting down');
      // New connections are refused once the server has stopped listening, which it does as it starts
      // to close; the idle connection is closed then too.
      for (let waited = 0; !(await refused(server.port)); waited += 20) {
        if (waited > 5_000) throw new Error('New connections were still taken after SIGTERM');
        await sleep(20);
      }
      await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow(TypeError);
      expect(await idle.closed).toMatch(/^HTTP\/1\.1 200 /);

      // What arrives on an open connection now is refused in the API's shape, and its connection closed.
      begun.socket.write('\r\n');
      const refusal = parseResponse(await begun.closed);
      expect(refusal.status).toBe(503);
      expect(refusal.headers.get('connection')).toBe('close');
      expect(refusal.headers.get('retry-after')).toBe('2');
      expect(JSON.parse(refusal.body)).toEqual({
        error: { code: ErrorCode.serviceBusy, message: SHUTTING_DOWN_MESSAGE },
      });

      readiness.socket.write('\r\n');
      const check = parseResponse(await readiness.closed);
      expect(check.status).toBe(503);
      expect(check.headers.get('connection')).toBe('close');
      expect(JSON.parse(check.body)).toEqual({ status: 'unavailable' });

      // The upload in flight is stored whole, and its keep-alive connection ends with its answer.
      put.end(bytes.subarray(half));
      const response = await answered;
      response.resume();
      expect(response.statusCode).toBe(200);
      expect(response.headers.connection).toBe('close');

      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT_MS,
  );
});

/** Resolves once the upload's `.part` file holds `size` bytes. */
async function untilPartOnDisk(dataDir: string, mediaId: string, size: number): Promise<void> {
  const dir = path.join(dataDir, 'media');
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(50)) {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (!file.includes(mediaId)) continue;
      if ((await stat(file).catch(() => undefined))?.size === size) return;
    }
  }
  throw new Error('The half-sent upload never reached the disk');
}

/** The status, headers and body of the one response in `raw`. */
function parseResponse(raw: string): { status: number; headers: Map<string, string>; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}
