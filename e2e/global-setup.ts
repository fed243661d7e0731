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
//                                         the admin command create-user (npm run admin -- create-user), run
//                                         in this process on the server's data
// The addresses reach the workers through process.env (Playwright starts workers after global setup):
//   WAYMARKS_E2E_BASE_URL, WAYMARKS_E2E_CONTROL_URL, WAYMARKS_E2E_SMTP_URL, WAYMARKS_E2E_OIDC_ISSUER.
// The returned function is Playwright's global teardown: it stops the server and the helpers.
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOidcProvider, type OidcAccount, type OidcProvider } from '../apps/server/src/testing/oidc.js';
import { startSmtpCapture, type SmtpCapture } from '../apps/server/src/testing/smtp.js';
import { freeAppPort as freePort } from './support/ports.js';
import { runAdmin, startServerProcess } from './support/server-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

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
    const log = createWriteStream(path.join(ROOT, 'test-results', 'e2e-server.log'));
    cleanups.push(() => new Promise<void>((resolve) => log.end(() => resolve())));
    const server = await startServerProcess(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Waymarks <no-reply@waymarks.test>',
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
        OIDC_ISSUER: oidc.issuer,
        // Workers name their own client address (playwright.config.ts), as a proxy on this host would.
        TRUST_PROXY: 'loopback',
      },
      { port: appPort, dataDir, onOutput: (chunk) => log.write(chunk) },
    );
    cleanups.push(() => server.stop());

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
