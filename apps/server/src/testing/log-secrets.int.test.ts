// The log a production server writes (level info, NODE_ENV not development) over whole journeys: sign-up
// with the mailed code, a password reset by the mailed link, an export through its link, media up and
// down through signed links and Download All, and the account's deletion. No line, at any level written,
// may carry a code, a reset token, a signed link's token or signature, an export token, a session token or
// a password. Run with mail over SMTP and with the outbox (where each mail is announced in the log).
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import { buildApp } from '../app.js';
import { REFRESH_COOKIE, SIGNUP_COOKIE } from '../modules/auth/auth.routes.js';
import { extractCode, extractLink, type CapturedMail } from './smtp.js';
import {
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type ApiCall,
  type TestApp,
} from './test-app.js';
import { uploadFixture } from './uploads.js';

type Transport = 'smtp' | 'outbox';
type MailContent = Pick<CapturedMail, 'subject' | 'text' | 'html'>;

const PHOTO = 'photos/gps/DSCN0012.jpg';
const FIRST_PASSWORD = 'Log-Secret-Pass1';
const NEW_PASSWORD = 'Log-Secret-Pass2';

describe.each(testDialects())('secrets in the production log on %s', (dialect) => {
  describe.each<Transport>(['smtp', 'outbox'])('with mail by %s', (transport) => {
    let t: TestApp;
    let app: FastifyInstance;
    let logged: TestApp;
    let outboxDir: string;
    const lines: string[] = [];
    let clockOffset = 0;

    beforeAll(async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-log-'));
      outboxDir = path.join(dataDir, 'outbox');
      t = await startTestApp(dialect, { DATA_DIR: dataDir });
      // The same database and storage, logged as production logs by default.
      app = await buildApp({
        config: {
          ...t.config,
          logLevel: 'info',
          mail: { ...t.config.mail, smtpUrl: transport === 'smtp' ? t.config.mail.smtpUrl : undefined },
        },
        db: t.db,
        now: () => Date.now() + clockOffset,
        logStream: { write: (line) => void lines.push(line) },
        sleep: async () => {},
      });
      await app.ready();
      logged = { ...t, app };
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await t?.close();
    });

    /** A mail to `to` sent since `since` and not read yet, from the SMTP capture or the outbox folder. */
    async function nextMail(to: string, since: number, subject?: string): Promise<MailContent> {
      const wanted = (mail: MailContent) => subject === undefined || mail.subject === subject;
      if (transport === 'smtp') {
        return vi.waitFor(
          () => {
            const mail = t.mail.messages.find((m) => m.to.includes(to) && m.receivedAt >= since && wanted(m));
            if (!mail) throw new Error(`no mail to ${to} yet`);
            return mail;
          },
          { timeout: 10_000, interval: 50 },
        );
      }
      return vi.waitFor(
        async () => {
          const files = (await readdir(outboxDir).catch(() => [] as string[])).sort();
          for (const file of files.reverse()) {
            const parsed = await simpleParser(await readFile(path.join(outboxDir, file)));
            const recipients = [parsed.to].flat().flatMap((field) => field?.value ?? []);
            const date = parsed.date?.getTime() ?? 0;
            const mail = {
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            };
            const fresh = date >= since - 1_000 && !read.has(file);
            if (recipients.some((r) => r.address === to) && fresh && wanted(mail)) {
              read.add(file);
              return mail;
            }
          }
          throw new Error(`no mail to ${to} in the outbox yet`);
        },
        { timeout: 10_000, interval: 50 },
      );
    }
    const read = new Set<string>();

    const inject = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      options: { payload?: object; token?: string; cookie?: string; ip?: string } = {},
    ) =>
      app.inject({
        method,
        url,
        remoteAddress: options.ip ?? '10.44.0.1',
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
        ...(options.payload ? { payload: options.payload } : {}),
      });
    const cookieOf = (res: LightMyRequestResponse, name: string) =>
      res.cookies.find((cookie) => cookie.name === name && cookie.value)?.value;
    /** A link's token (its last path segment) and each part of it a signature could be, as secrets. */
    const linkSecrets = (url: string) => {
      const token = new URL(url, 'http://waymarks.test').pathname.split('/').pop()!;
      return [token, ...token.split('.').filter((part) => part.length >= 16)];
    };

    it('holds none of the journeys’ codes, tokens, links or passwords, at info, warn or error', async () => {
      const secrets: string[] = [FIRST_PASSWORD, NEW_PASSWORD];
      const email = `log-${transport}-${dialect}@example.com`;

      // Sign-up with the mailed code.
      let since = Date.now();
      const signUp = await inject('POST', '/api/auth/signup', {
        payload: { name: 'Nellie Bly', email, password: FIRST_PASSWORD },
      });
      expect(signUp.statusCode).toBe(201);
      const ticket = cookieOf(signUp, SIGNUP_COOKIE)!;
      const code = extractCode(await nextMail(email, since));
      secrets.push(code, ticket);
      const verified = await inject('POST', '/api/auth/verify', {
        payload: { email, code },
        cookie: `${SIGNUP_COOKIE}=${ticket}`,
      });
      expect(verified.statusCode).toBe(200);
      // A wrong password is refused and logged as any refusal.
      expect(
        (await inject('POST', '/api/auth/signin', { payload: { email, password: `${FIRST_PASSWORD}x` } }))
          .statusCode,
      ).toBe(401);

      // A password reset by the mailed link.
      since = Date.now();
      expect((await inject('POST', '/api/auth/forgot-password', { payload: { email } })).statusCode).toBe(
        200,
      );
      const resetLink = extractLink(await nextMail(email, since), '/reset-password');
      const resetToken = new URL(resetLink).searchParams.get('token')!;
      secrets.push(resetToken);
      const reset = await inject('POST', '/api/auth/reset-password', {
        payload: { token: resetToken, password: NEW_PASSWORD },
      });
      expect(reset.statusCode).toBe(200);
      // The link is spent: its second use is refused, and logged.
      expect(
        (
          await inject('POST', '/api/auth/reset-password', {
            payload: { token: resetToken, password: NEW_PASSWORD },
          })
        ).statusCode,
      ).toBe(400);
      // The page the mail links to, as a browser asks for it, query string and all.
      await inject('GET', `/reset-password?token=${encodeURIComponent(resetToken)}`);

      const signIn = await inject('POST', '/api/auth/signin', { payload: { email, password: NEW_PASSWORD } });
      expect(signIn.statusCode).toBe(200);
      const accessToken = signIn.json().accessToken as string;
      const refreshToken = cookieOf(signIn, REFRESH_COOKIE)!;
      secrets.push(accessToken, refreshToken);
      const user = { token: accessToken, userId: signIn.json().user.userId as string };
      const refreshed = await inject('POST', '/api/auth/refresh', {
        cookie: `${REFRESH_COOKIE}=${refreshToken}`,
      });
      expect(refreshed.statusCode).toBe(200);
      secrets.push(refreshed.json().accessToken as string, cookieOf(refreshed, REFRESH_COOKIE)!);
      user.token = refreshed.json().accessToken as string;

      // The export: its link opened once, then again (refused).
      const exportUrl = (await inject('GET', '/api/account/export-url', { token: user.token })).json()
        .downloadUrl as string;
      secrets.push(...linkSecrets(exportUrl));
      expect((await inject('GET', exportUrl)).statusCode).toBe(200);
      expect((await inject('GET', exportUrl)).statusCode).toBe(404);

      // Media: a signed upload link, a signed download link, and a Download All link.
      const call = apiCaller(() => logged);
      const pin = await createPinAs(call, user, { lat: 40.7128, lng: -74.006, title: 'New York' });
      const uploadUrls: string[] = [];
      const recordingCall: ApiCall = async (method, url, who, payload) => {
        const res = await call(method, url, who, payload);
        if (url === '/api/media/upload-url') uploadUrls.push(res.json().uploadUrl as string);
        return res;
      };
      const mediaId = await uploadFixture(logged, recordingCall, user, pin.pinId, PHOTO, {
        contentType: 'image/jpeg',
      });
      expect(uploadUrls).toHaveLength(1);
      secrets.push(...linkSecrets(uploadUrls[0]!));
      // Downloads are a paid plan's feature; the signed-in user is cached for up to a second.
      await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', user.userId).execute();
      clockOffset += 1_001;
      const downloadUrl = (await call('GET', `/api/media/${mediaId}/download-url`, user)).json()
        .downloadUrl as string;
      secrets.push(...linkSecrets(downloadUrl));
      expect((await inject('GET', downloadUrl)).statusCode).toBe(200);
      const archiveUrl = (await call('GET', `/api/media/pin/${pin.pinId}/download-url`, user)).json()
        .downloadUrl as string;
      secrets.push(...linkSecrets(archiveUrl));
      expect((await inject('GET', archiveUrl)).statusCode).toBe(200);

      // Mails past an address's hourly limit are logged at warn.
      for (let i = 0; i < 6; i++) {
        await inject('POST', '/api/auth/forgot-password', { payload: { email }, ip: `10.44.1.${i + 1}` });
      }

      // The deletion, with the password, and the mail that confirms it.
      since = Date.now();
      const deleted = await inject('DELETE', '/api/account', {
        token: user.token,
        payload: { email, password: NEW_PASSWORD },
      });
      expect(deleted.statusCode).toBe(204);
      const goodbye = await nextMail(email, since, 'Your Waymarks account has been deleted');
      expect(goodbye.text).toContain('Your Waymarks account has been deleted');

      const entries = lines.map((line) => JSON.parse(line) as { level: number; msg?: string });
      // The log did record the journey: requests at info, the mail limit at warn (40).
      expect(entries.filter((entry) => entry.msg === 'request completed').length).toBeGreaterThan(20);
      expect(entries.some((entry) => entry.level === 40)).toBe(true);
      if (transport === 'outbox') {
        expect(entries.some((entry) => entry.msg === 'mail written to outbox')).toBe(true);
      }
      expect(secrets.every((secret) => secret.length >= 6)).toBe(true);
      for (const line of lines) {
        // The code stands alone: six digits inside a longer number (a time, a size) are not it.
        expect(line, 'a log line carries the sign-up code').not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
        for (const secret of secrets.filter((secret) => secret !== code)) {
          expect(line, `a log line carries a secret (${secret.slice(0, 3)}…)`).not.toContain(secret);
          expect(line).not.toContain(encodeURIComponent(secret));
        }
      }
    }, 120_000);
  });
});
