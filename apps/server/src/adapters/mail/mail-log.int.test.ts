// What a production log says when the mail server refuses account mails: that a mail failed, to which
// domain and with which subject, and never the code, link or password the mail or its request carried.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../app.js';
import { extractCode, extractLink } from '../../testing/smtp.js';
import { startTestApp, testDialects, type TestApp } from '../../testing/test-app.js';

interface Refused {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server that reads each message whole, keeps it, then answers 451 (or accepts it). */
async function startRefusingSmtp() {
  const refused: Refused[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          refused.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          if (!state.refusing) return callback();
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    refused,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDialects())('account mails the SMTP server refuses, on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await startRefusingSmtp();
    t = await startTestApp(dialect, { SMTP_URL: smtp.url });
    // The same database, logged as production logs by default: level info, NODE_ENV not development.
    app = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      db: t.db,
      logStream: { write: (line) => void lines.push(line) },
      sleep: async () => {},
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: object, ip: string) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('are logged at error with the domain and a redacted subject, and no code, link or password', async () => {
    const email = `refused-${dialect}@example.com`;
    const password = 'Refused-Pass9';
    expect(
      (await post('/api/auth/signup', { name: 'Ada Lovelace', email, password }, '10.41.0.1')).statusCode,
    ).toBe(201);
    smtp.state.refusing = true;
    const before = smtp.refused.length;
    expect((await post('/api/auth/resend-code', { email }, '10.41.0.2')).statusCode).toBe(200);
    expect((await post('/api/auth/forgot-password', { email }, '10.41.0.3')).statusCode).toBe(200);

    const failures = () =>
      lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'account mail could not be sent');
    await vi.waitFor(() => expect(failures()).toHaveLength(2), { timeout: 10_000 });
    // Both are sent after their answers, so they may reach the server in either order.
    const refused = smtp.refused.slice(before);
    const codeMail = refused.find((mail) => mail.subject.includes('verification code'));
    const resetMail = refused.find((mail) => mail.subject.includes('Reset'));
    const code = extractCode(codeMail!);
    const token = new URL(extractLink(resetMail!, '/reset-password')).searchParams.get('token')!;
    // The refused mails did carry the secrets, the code in its subject too.
    expect(codeMail!.subject).toContain(code);

    expect(failures().map((entry) => ({ level: entry.level, mail: entry.mail }))).toEqual(
      expect.arrayContaining([
        {
          level: 50,
          mail: { to: '[redacted]@example.com', subject: 'Your Waymarks verification code: [redacted]' },
        },
        { level: 50, mail: { to: '[redacted]@example.com', subject: 'Reset your Waymarks password' } },
      ]),
    );
    const log = lines.join('\n');
    for (const secret of [code, token, encodeURIComponent(token), password, `refused-${dialect}@`]) {
      expect(log).not.toContain(secret);
    }
  });
});
