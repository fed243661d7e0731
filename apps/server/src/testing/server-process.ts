// The real server (src/main.ts under tsx) in a process of its own, for the suites that kill it with SIGKILL
// and start it again on the same data folder and database: the environment both processes share, the
// process with its log, a client whose session outlives the process, and cleanUp, which ends and removes
// whatever was made, whatever happened.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Session, type TierId } from '@waymarks/shared';
import { runAdminCommand } from '../cli.js';
import { createDatabase, type Db } from '../db/database.js';
import type { JobName } from '../jobs/queue.js';
import { createTestDatabase, freePort, type Dialect } from './test-app.js';

/** Repository root: this file lives in apps/server/src/testing. */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

const AUTH_SECRET = 'crash-test-secret-that-is-long-enough-0123456789';

/** How long the server may take to answer /api/health, and to log what a suite waits for. */
export const START_TIMEOUT_MS = 30_000;

export interface Environment {
  dataDir: string;
  /** What DATABASE_URL the server and the admin CLI are given. */
  databaseUrl: string;
  /** The same database, read directly by the test. */
  db: Db;
  drop(): Promise<void>;
}

/** The account the admin CLI creates, confirmed: no mail round trip needed. */
export interface Account {
  email: string;
  password: string;
  tier: TierId;
}

/** A line of the server's JSON log (pino), with whatever fields it carries. */
export interface LogEntry {
  msg?: string;
  /** The job a line is about (a failure names it). */
  job?: string;
  [field: string]: unknown;
}

export interface Server {
  child: ChildProcess;
  baseUrl: string;
  /** stdout and stderr lines, for the message of a failure. */
  log: string[];
  /**
   * The first line with this message since the process started (one logged already, or the next). Fails
   * when a line names `failedJob` as its job first (that job failed), when the process ends first, or
   * after START_TIMEOUT_MS.
   */
  entry(message: string, options?: { failedJob?: JobName }): Promise<LogEntry>;
  /** Resolves when the server logs a line with this message (one logged from now on). */
  logged(message: string): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every server and environment made so far: cleanUp ends and removes them, whatever happened. */
const servers = new Set<Server>();
const environments = new Set<Environment>();

export async function cleanUp(): Promise<void> {
  for (const server of servers) {
    servers.delete(server);
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  const failures: unknown[] = [];
  for (const environment of environments) {
    environments.delete(environment);
    await environment.drop().catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
}

/**
 * An empty data folder and database (SQLite in the folder, or a fresh schema on TEST_DATABASE_URL),
 * migrated, with these accounts in it.
 */
export async function createEnvironment(
  dialect: Dialect,
  accounts: readonly Account[],
): Promise<Environment> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-crash-'));
  let environment: Environment;
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'waymarks.db');
    const db = createDatabase({ dialect: 'sqlite', file });
    environment = {
      dataDir,
      databaseUrl: `sqlite:${file}`,
      db,
      drop: async () => {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } else {
    const testDb = await createTestDatabase('postgres').catch((error: unknown) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    });
    environment = {
      dataDir,
      databaseUrl: testDb.databaseUrl,
      db: testDb.db,
      drop: async () => {
        await testDb.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  environments.add(environment);
  // The admin CLI migrates the database and creates each account, confirmed.
  for (const account of accounts) {
    await runAdminCommand(['create-user', account.email, account.password, '--tier', account.tier], {
      DATA_DIR: dataDir,
      DATABASE_URL: environment.databaseUrl,
    });
  }
  return environment;
}

/** Starts src/main.ts under tsx on the environment and waits until /api/health answers. */
export async function startServer(environment: Environment): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Access tokens name the public address: a fixed one keeps the session valid whatever the port.
      PUBLIC_URL: 'http://waymarks.test',
      DATA_DIR: environment.dataDir,
      DATABASE_URL: environment.databaseUrl,
      AUTH_SECRET,
      // info, for the sweeps' reports.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // Could not be started at all: nothing will exit.
    child.once('error', (error) => {
      log.push(String(error));
      if (child.pid === undefined) resolve({ code: null, signal: null });
    });
  });
  const entries: LogEntry[] = [];
  const listeners = new Set<(entry: LogEntry) => void>();
  createInterface({ input: child.stderr! }).on('line', (line) => log.push(line));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    log.push(line);
    let entry: LogEntry;
    try {
      entry = JSON.parse(line) as LogEntry;
    } catch {
      return;
    }
    entries.push(entry);
    for (const listener of [...listeners]) listener(entry);
  });

  /** Waits for a line with this message, looking at those logged already when `past` says so. */
  const waitFor = (message: string, past: boolean, failedJob?: JobName) =>
    new Promise<LogEntry>((resolve, reject) => {
      let settled = false;
      const settle = (end: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        listeners.delete(listener);
        end();
      };
      const listener = (entry: LogEntry) => {
        if (entry.msg === message) settle(() => resolve(entry));
        else if (failedJob !== undefined && entry.job === failedJob) {
          settle(() => reject(new Error(`The ${failedJob} job failed: ${JSON.stringify(entry)}`)));
        }
      };
      const timer = setTimeout(
        () => settle(() => reject(new Error(`No '${message}' in the log:\n${log.join('\n')}`))),
        START_TIMEOUT_MS,
      );
      if (past) for (const entry of entries) listener(entry);
      listeners.add(listener);
      void exited.then(({ code, signal }) =>
        settle(() =>
          reject(new Error(`The server ended (${signal ?? code}) before '${message}':\n${log.join('\n')}`)),
        ),
      );
    });

  const server: Server = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    log,
    entry: (message, options = {}) => waitFor(message, true, options.failedJob),
    logged: async (message) => void (await waitFor(message, false)),
    exited,
  };
  servers.add(server);

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server ended while starting:\n${log.join('\n')}`);
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer /api/health:\n${log.join('\n')}`);
    try {
      const res = await fetch(`${server.baseUrl}/api/health`);
      if (res.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
}

/** SIGKILL: no shutdown hook, no finally block, no flush runs. Resolves once the process is gone. */
export async function crash(server: Server): Promise<void> {
  if (!server.child.kill('SIGKILL')) throw new Error('The server could not be sent SIGKILL');
  const { code, signal } = await server.exited;
  if (signal !== 'SIGKILL')
    throw new Error(`The server ended by ${signal ?? `exit code ${code}`}, not SIGKILL`);
  // Gone: signal 0 reaches no process of that id.
  let alive = true;
  try {
    process.kill(server.child.pid!, 0);
  } catch {
    alive = false;
  }
  if (alive) throw new Error(`Process ${server.child.pid} is still there after SIGKILL`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API as a signed-in traveller, on whichever server process is running now. */
export class ServerClient {
  server!: Server;
  token = '';

  async signIn(server: Server, account: Pick<Account, 'email' | 'password'>): Promise<void> {
    this.use(server);
    const res = await this.call('POST', '/api/auth/signin', {
      email: account.email,
      password: account.password,
    });
    if (res.status !== 200) throw new Error(`Sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.token = Session.parse(res.body).accessToken;
  }

  /** Talks to this server process from now on, with the same session. */
  use(server: Server): void {
    this.server = server;
  }

  async call(method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const res = await fetch(this.server.baseUrl + url, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
}

/**
 * Every file of local storage (DATA_DIR/media, config.ts) under `prefix`, by the storage key it holds
 * (`.part` files included).
 */
export async function storedFiles(
  environment: Environment,
  prefix = '',
): Promise<{ key: string; size: number }[]> {
  const root = path.join(environment.dataDir, 'media');
  let entries;
  try {
    entries = await readdir(path.join(root, ...prefix.split('/')), { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    try {
      files.push({ key: path.relative(root, file).split(path.sep).join('/'), size: (await stat(file)).size });
    } catch {
      // Removed while listing (an upload finishing).
    }
  }
  return files;
}
