// The scaled-out shape of deploy/compose.yaml, started for one browser test: a PostgreSQL database of the
// run's own (dropped after), an S3 API server (s3rver), two app instances and one worker sharing both, and
// HAProxy in front of the instances, round-robin with health checks. Mail goes to a capture server in this
// process. What each instance served is read from its log, and an instance can be
// killed outright, as a crashed machine would go.
//
// A spec takes it as the `scaleOut` fixture of the `test` below, which points `page.goto('/…')` at HAProxy:
//
//   test('…', async ({ page, scaleOut }) => {
//     await page.goto('/signup');
//     scaleOut.instances[0].requests(); // what reached the first instance
//     await scaleOut.instances[0].kill(); // SIGKILL
//   });
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { test as base } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startS3rver } from '../../apps/server/src/adapters/storage/storage-test-servers.js';
import { startSmtpCapture, type SmtpCapture } from '../../apps/server/src/testing/smtp.js';
import { freeAppPort } from './ports.js';
import { stopProcess, waitUntilReady } from './server-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const WORKER_ENTRY = path.join(ROOT, 'apps/server/dist/worker.js');
const BUCKET = 'waymarks-scale-out';
/** Three Node processes loading side by side take seconds on a quiet machine, a minute on a busy one. */
const START_TIMEOUT_MS = 90_000;

/** One request as an instance logged it once answered (the access line, `request completed` at LOG_LEVEL=info). */
export interface LoggedRequest {
  method: string;
  url: string;
}

export interface AppInstance {
  name: string;
  port: number;
  /** Every request the instance answered, in the order answered, health checks included. */
  requests(): LoggedRequest[];
  /** Ends the process with SIGKILL: no graceful stop, no request finished, nothing flushed. */
  kill(): Promise<void>;
  /** Kills it the same way the moment it logs `message`; resolves once the process has gone. */
  killWhenLogging(message: string): Promise<void>;
}

export interface StoredObject {
  key: string;
  size: number;
}

export interface ScaleOut {
  /** HAProxy's address, the app's PUBLIC_URL. */
  baseURL: string;
  instances: [AppInstance, AppInstance];
  /** The mail the instances sent. */
  mail: SmtpCapture;
  /** A query on the run's database, straight to PostgreSQL. */
  query<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Every object in the bucket, listed through the S3 API. */
  storedObjects(): Promise<StoredObject[]>;
  /** What each process printed, by name: instance-a, instance-b, worker, haproxy. */
  logs(): Record<string, string>;
  stop(): Promise<void>;
}

/** Each test gets a deployment of its own, started before it and stopped after. */
export const test = base.extend<{ scaleOut: ScaleOut }>({
  scaleOut: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const scaleOut = await startScaleOut();
      await use(scaleOut);
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const [name, log] of Object.entries(scaleOut.logs())) {
          await testInfo.attach(`${name}.log`, { body: log, contentType: 'text/plain' });
        }
      }
      await scaleOut.stop();
    },
    // Its own time, apart from the journey's: three processes start on a fresh database.
    { timeout: 2 * START_TIMEOUT_MS },
  ],
  baseURL: async ({ scaleOut }, use) => use(scaleOut.baseURL),
});

export { expect } from '@playwright/test';

interface NodeProcess {
  child: ChildProcess;
  lines: string[];
  /** Called with each line as it is printed. */
  onLine: Set<(line: string) => void>;
  output(): string;
}

/**
 * Starts the whole deployment, each part on a free port, and answers once HAProxy passes requests on.
 * Needs the build (`npm run build`), PostgreSQL at TEST_DATABASE_URL and `haproxy` on the PATH (`.ci/run`
 * installs it).
 */
export async function startScaleOut(): Promise<ScaleOut> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('[scale-out teardown]', error);
      }
    }
  };
  try {
    requireHaproxy();
    const runDir = mkdtempSync(path.join(tmpdir(), 'waymarks-scale-out-'));
    cleanups.push(() => rmSync(runDir, { recursive: true, force: true }));

    const database = await createRunDatabase();
    cleanups.push(() => database.drop());
    const s3 = await startS3rver(BUCKET);
    cleanups.push(() => s3.close());
    const mail = await startSmtpCapture();
    cleanups.push(() => mail.close());

    const [proxyPort, firstPort, secondPort] = [
      await freeAppPort(),
      await freeAppPort(),
      await freeAppPort(),
    ];
    const baseURL = `http://127.0.0.1:${proxyPort}`;
    const storage = s3.config;
    // What every process of the deployment shares: the database, the bucket, the signing secret, the
    // public address and the mail server. The instances leave the recurring jobs to the worker.
    const shared = {
      DATABASE_URL: database.url,
      STORAGE: 's3',
      S3_ENDPOINT: storage.endpoint ?? '',
      S3_REGION: storage.region,
      S3_BUCKET: storage.bucket,
      S3_ACCESS_KEY_ID: storage.accessKeyId,
      S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      AUTH_SECRET: randomBytes(36).toString('base64url'),
      PUBLIC_URL: baseURL,
      SMTP_URL: mail.url,
      MAIL_FROM: 'Waymarks <no-reply@waymarks.test>',
      JOBS: 'worker',
      // One proxy in front, as in deploy/compose.yaml: the client is the address HAProxy appended last.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    };
    // Stopped together: each may take seconds to finish what it was doing.
    const processes: ChildProcess[] = [];
    cleanups.push(async () => {
      await Promise.all(processes.map((child) => stopProcess(child)));
    });
    const start = (name: string, entry: string, port: number) => {
      const dataDir = path.join(runDir, name);
      mkdirSync(dataDir);
      const started = startNode(entry, {
        ...shared,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      });
      processes.push(started.child);
      return started;
    };

    // All three at once, as a deployment starts them: each brings the new database's schema up to date
    // under the migrator's lock, so one migrates and the others find it done.
    const first = start('instance-a', SERVER_ENTRY, firstPort);
    const second = start('instance-b', SERVER_ENTRY, secondPort);
    const worker = start('worker', WORKER_ENTRY, 0);
    await Promise.all([
      waitUntilReady(`http://127.0.0.1:${firstPort}`, first.child, first.output, START_TIMEOUT_MS),
      waitUntilReady(`http://127.0.0.1:${secondPort}`, second.child, second.output, START_TIMEOUT_MS),
      waitForLogLine(worker, 'Waymarks worker is running'),
    ]);
    // Each instance reads the place names into memory after it starts answering, seconds of work that
    // would otherwise slow the first steps of the journey; the search needs them anyway.
    await Promise.all([first, second].map((node) => waitForLogLine(node, 'gazetteer loaded')));

    const haproxy = startHaproxy(runDir, proxyPort, [firstPort, secondPort]);
    processes.push(haproxy.child);
    await waitUntilReady(baseURL, haproxy.child, haproxy.output, START_TIMEOUT_MS);

    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(() => pool.end());
    const s3Client = new S3Client({
      endpoint: storage.endpoint,
      region: storage.region,
      forcePathStyle: true,
      credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
    });
    cleanups.push(() => s3Client.destroy());

    return {
      baseURL,
      instances: [appInstance('a', firstPort, first), appInstance('b', secondPort, second)],
      mail,
      query: async <Row extends object>(text: string, values: unknown[] = []) =>
        (await pool.query<Row>(text, values)).rows,
      storedObjects: () => listBucket(s3Client, storage.bucket),
      logs: () =>
        Object.fromEntries(
          Object.entries({ 'instance-a': first, 'instance-b': second, worker, haproxy }).map(
            ([name, node]) => [name, node.lines.join('\n')],
          ),
        ),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function requireHaproxy(): void {
  const found = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error(
      'haproxy is not installed: the scaled-out test runs the app behind it (apt-get install haproxy; ' +
        '.ci/run installs it when it is missing)',
    );
  }
}

/** A database of the run's own on the PostgreSQL of TEST_DATABASE_URL, dropped with whoever still uses it. */
async function createRunDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DATABASE_URL is required: the scaled-out test makes its database there');
  const name = `waymarks_scale_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  // FORCE: a killed instance's connections may not have been closed by the server yet.
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A built entry of the server with `env` added to a clean environment, its output kept line by line. */
function startNode(entry: string, env: Record<string, string>): NodeProcess {
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
  ) as Record<string, string>;
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, ...env },
  });
  return keepOutput(child);
}

function keepOutput(child: ChildProcess): NodeProcess {
  const lines: string[] = [];
  const onLine = new Set<(line: string) => void>();
  let partial = '';
  const keep = (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    lines.push(...complete);
    for (const line of complete) for (const listener of onLine) listener(line);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    lines,
    onLine,
    output: () => [...lines.slice(-200), partial].join('\n') || '(no output)',
  };
}

async function waitForLogLine(node: NodeProcess, message: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (node.lines.some((line) => line.includes(`"msg":"${message}"`))) return;
    const { exitCode, signalCode } = node.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(
        `It exited (${exitCode ?? signalCode}) before "${message}". Its output:\n${node.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No "${message}" within ${START_TIMEOUT_MS / 1000} s. Its output:\n${node.output()}`);
}

/**
 * HAProxy in the foreground with a configuration of this run's own, logging each request to its output.
 * Requests go round-robin to the instances that answer /api/ready. A request that could not be delivered
 * to an instance (refused connection) goes to the other, whatever its method; HAProxy's retries on other
 * failures (no answer, 5xx) are kept to GET and HEAD, which change nothing. HAProxy appends the browser's
 * address to X-Forwarded-For, the one hop the instances trust (TRUST_PROXY=1).
 */
function startHaproxy(runDir: string, port: number, instancePorts: [number, number]): NodeProcess {
  const file = path.join(runDir, 'haproxy.cfg');
  writeFileSync(
    file,
    [
      'global',
      '  maxconn 512',
      // One line a request on its output: which instance answered, after how many retries.
      '  log stdout format raw local0',
      'defaults',
      '  mode http',
      '  log global',
      '  option httplog',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      // A busy machine answers slowly; a dead instance refuses at once, whatever this says.
      '  timeout check 5s',
      '  option forwardfor',
      '  retries 3',
      '  option redispatch 1',
      '  retry-on all-retryable-errors',
      'frontend travellers',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /api/ready',
      '  http-check expect status 200',
      '  http-request disable-l7-retry unless METH_GET',
      ...instancePorts.map(
        (instancePort, index) =>
          `  server instance-${'ab'[index]} 127.0.0.1:${instancePort} check inter 1s fall 2 rise 1`,
      ),
      '',
    ].join('\n'),
  );
  return keepOutput(spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] }));
}

function appInstance(name: string, port: number, node: NodeProcess): AppInstance {
  const { child } = node;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
    return exited;
  };
  return {
    name,
    port,
    requests: () => node.lines.flatMap((line) => requestIn(line) ?? []),
    kill,
    killWhenLogging: (message) =>
      new Promise<void>((resolve) => {
        const listener = (line: string) => {
          if (!line.includes(`"msg":"${message}"`)) return;
          node.onLine.delete(listener);
          void kill().then(resolve);
        };
        node.onLine.add(listener);
      }),
  };
}

/** The request a log line says was answered, if it says so. */
function requestIn(line: string): LoggedRequest | undefined {
  if (!line.includes('"msg":"request completed"')) return undefined;
  const { req } = JSON.parse(line) as { req: LoggedRequest };
  return { method: req.method, url: req.url };
}

async function listBucket(client: S3Client, bucket: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) objects.push({ key: object.Key!, size: object.Size ?? 0 });
    token = page.NextContinuationToken;
  } while (token);
  return objects;
}
