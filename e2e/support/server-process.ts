// Starting and stopping the real server process for browser tests: the global setup's server, and servers
// a spec starts for itself in another configuration (e2e/billing.spec.ts: Stripe billing).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freeAppPort } from './ports.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const CLI_ENTRY = path.join(ROOT, 'apps/server/dist/cli.js');
const READY_TIMEOUT_MS = 30_000;

type AdminCommand = (argv: string[], env: Record<string, string | undefined>) => Promise<string>;
let adminCommand: Promise<AdminCommand> | undefined;

/**
 * Runs a command of the built admin CLI against the server's data directory, as an operator would, but
 * inside this process: a new Node process per account cost several seconds on a busy 2-core machine.
 */
export async function runAdmin(dataDir: string, args: string[]): Promise<string> {
  adminCommand ??= import(pathToFileURL(CLI_ENTRY).href).then(
    (cli: { runAdminCommand: AdminCommand }) => cli.runAdminCommand,
  );
  return (await adminCommand)(args, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
}

/** Poll GET /api/ready until it answers 200; fail early, with the server's output, if the process dies. */
export async function waitUntilReady(
  baseURL: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was ready. Its output:\n${output()}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/api/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      lastProblem = `GET /api/ready answered ${res.status}`;
    } catch (err) {
      lastProblem = (err as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The server was not ready within ${timeoutMs / 1000} s (${lastProblem}). Its output:\n${output()}`,
  );
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface ServerProcess {
  baseURL: string;
  dataDir: string;
  /** The admin CLI on this server's data (create-user, set-tier, …). */
  admin(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A server process on SQLite in `dataDir` (a fresh one, removed on stop, unless given), with `env` added to
 * a clean environment: nothing from the developer's shell (DATABASE_URL, STRIPE_*, …) leaks in. Mail goes
 * to its outbox unless `env` names SMTP. `onOutput` receives what it prints; `port` is for a caller who
 * must name the address before the server starts.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number; dataDir?: string; onOutput?: (chunk: Buffer) => void } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freeAppPort());
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'waymarks-e2e-extra-'));
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
  ) as Record<string, string>;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      AUTH_SECRET: randomBytes(36).toString('base64url'), // 48 characters
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    options.onOutput?.(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    await stopProcess(child);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseURL, child, () => tail || '(no output)');
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, admin: (args) => runAdmin(dataDir, args), stop };
}
