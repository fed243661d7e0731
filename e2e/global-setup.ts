// Playwright global setup: real SMTP capture + real OpenID provider (as Google) + the REAL server process
// (node apps/server/dist/main.js, built beforehand by `npm run build`) on a fresh data directory.
//
// Tests run in worker processes, so this process also serves a small control API on 127.0.0.1 that
// e2e/support/harness.ts talks to:
//   GET    /mail?to=…&since=…&timeout=…  the first mail to `to` received at/after `since` (waits up to `timeout` ms)
//   GET    /mails                         every captured mail
//   DELETE /mails                         forget captured mail
//   POST   /oidc/account                  JSON {sub,email,email_verified,name,picture?}: the next Google sign-in
//   GET    /oidc                          {issuer, clientId}
//   POST   /accounts                      JSON {email,password,name,tier}: a confirmed account, made with
//                                         the admin CLI (npm run admin -- create-user) on the server's data
// The addresses reach the workers through process.env (Playwright starts workers after global setup):
//   WAYMARKS_E2E_BASE_URL, WAYMARKS_E2E_CONTROL_URL, WAYMARKS_E2E_SMTP_URL, WAYMARKS_E2E_OIDC_ISSUER.
// The returned function is Playwright's global teardown: it stops the server and the helpers.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOidcProvider, type OidcAccount, type OidcProvider } from '../apps/server/src/testing/oidc.js';
import { startSmtpCapture, type SmtpCapture } from '../apps/server/src/testing/smtp.js';
import { freeAppPort as freePort } from './support/ports.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const CLI_ENTRY = path.join(ROOT, 'apps/server/dist/cli.js');
const READY_TIMEOUT_MS = 30_000;

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
}

function send(res: ServerResponse, status: number, body?: unknown) {
  res.statusCode = status;
  if (body === undefined) return res.end();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

function isAccount(value: unknown): value is OidcAccount {
  const a = value as Partial<OidcAccount> | null;
  return (
    typeof a?.sub === 'string' &&
    typeof a.email === 'string' &&
    typeof a.email_verified === 'boolean' &&
    typeof a.name === 'string' &&
    (a.picture === undefined || typeof a.picture === 'string')
  );
}

interface NewAccount {
  email: string;
  password: string;
  name: string;
  tier: string;
}

function isNewAccount(value: unknown): value is NewAccount {
  const a = value as Partial<NewAccount> | null;
  return ['email', 'password', 'name', 'tier'].every(
    (key) => typeof a?.[key as keyof NewAccount] === 'string',
  );
}

/** Runs the built admin CLI against the server's data directory, as an operator would. */
function runAdmin(dataDir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(output || `exit ${code}`))));
  });
}

function controlServer(smtp: SmtpCapture, oidc: OidcProvider, dataDir: string): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    (async () => {
      if (route === 'GET /mail') {
        const to = url.searchParams.get('to');
        if (!to) return send(res, 400, { error: 'to is required' });
        try {
          const mail = await smtp.waitForMail(to, {
            since: Number(url.searchParams.get('since') ?? 0),
            timeoutMs: Number(url.searchParams.get('timeout') ?? 10_000),
          });
          return send(res, 200, mail);
        } catch (err) {
          return send(res, 404, { error: (err as Error).message });
        }
      }
      if (route === 'GET /mails') return send(res, 200, smtp.messages);
      if (route === 'DELETE /mails') {
        smtp.clear();
        return send(res, 204);
      }
      if (route === 'POST /oidc/account') {
        const account = await readJson(req);
        if (!isAccount(account))
          return send(res, 400, { error: 'expected {sub,email,email_verified,name,picture?}' });
        oidc.setAccount(account);
        return send(res, 204);
      }
      if (route === 'GET /oidc') return send(res, 200, { issuer: oidc.issuer, clientId: oidc.clientId });
      if (route === 'POST /accounts') {
        const account = await readJson(req);
        if (!isNewAccount(account)) return send(res, 400, { error: 'expected {email,password,name,tier}' });
        const { email, password, name, tier } = account;
        await runAdmin(dataDir, ['create-user', email, password, '--tier', tier, '--name', name]);
        return send(res, 201);
      }
      return send(res, 404, { error: `no route ${route}` });
    })().catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
}

/** Poll GET /api/ready until it answers 200; fail early, with the server's output, if the process dies. */
async function waitUntilReady(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
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
    `The server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}). Its output:\n${output()}`,
  );
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error('[e2e teardown]', err);
      }
    }
  };

  try {
    if (!existsSync(SERVER_ENTRY)) {
      throw new Error(
        `${path.relative(ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` before the e2e tests.`,
      );
    }
    const appPort = await freePort();
    const baseURL = `http://127.0.0.1:${appPort}`;

    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const oidc = await startOidcProvider({ redirectUris: [`${baseURL}/api/auth/google/callback`] });
    cleanups.push(() => oidc.close());

    const dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-e2e-'));
    cleanups.push(() => {
      if (process.env.WAYMARKS_E2E_KEEP_DATA) console.warn(`[e2e] data kept in ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    });

    const control = controlServer(smtp, oidc, dataDir);
    const controlPort = await listen(control);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          control.close(() => resolve());
          control.closeAllConnections();
        }),
    );

    // Server output goes to a log file (kept for debugging) and, if start-up fails, into the error.
    mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    const logFile = path.join(ROOT, 'test-results', 'e2e-server.log');
    const log = createWriteStream(logFile);
    let tail = '';
    const keep = (chunk: Buffer) => {
      log.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-20_000);
    };

    // A clean environment: nothing from the developer's shell (DATABASE_URL, STRIPE_*, …) leaks in.
    const inherited = Object.fromEntries(
      ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
    ) as Record<string, string>;
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...inherited,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Waymarks <no-reply@waymarks.test>',
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
        OIDC_ISSUER: oidc.issuer,
        AUTH_SECRET: randomBytes(36).toString('base64url'), // 48 characters
        LOG_LEVEL: 'warn',
      },
    });
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    cleanups.push(async () => {
      await stopProcess(child);
      await new Promise<void>((resolve) => log.end(() => resolve()));
    });

    await waitUntilReady(baseURL, child, () => tail || '(no output)');

    process.env.WAYMARKS_E2E_BASE_URL = baseURL;
    process.env.WAYMARKS_E2E_CONTROL_URL = `http://127.0.0.1:${controlPort}`;
    process.env.WAYMARKS_E2E_SMTP_URL = smtp.url;
    process.env.WAYMARKS_E2E_OIDC_ISSUER = oidc.issuer;
    return teardown;
  } catch (err) {
    await teardown();
    throw err;
  }
}
