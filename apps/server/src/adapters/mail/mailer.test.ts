import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordResetMail, verificationCodeMail } from '../../modules/auth/auth.mails.js';
import { createMailer, mailForLog, type MailMessage } from './mailer.js';

const CODE = '493817';
const TOKEN = 'q8Zr1vJ0cX3mW5tB7nK2pL9sD4fG6hY0aE1iU3oR5wT';
const LINK = `https://waymarks.example/reset-password?token=${TOKEN}`;
// The code is in the subject, as in the real mail.
const message = verificationCodeMail('traveller@example.com', CODE, 'Ada Lovelace');

describe('the outbox mailer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function sendWith(options: { development: boolean; level: string }, mail: MailMessage = message) {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'waymarks-outbox-'));
    dirs.push(outboxDir);
    const lines: string[] = [];
    const log = pino({ level: options.level }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer(
      {
        smtpUrl: undefined,
        from: 'Waymarks <no-reply@waymarks.test>',
        outboxDir,
        development: options.development,
      },
      log,
    );
    await mailer.send(mail);
    return { lines, outboxDir };
  }

  it('keeps codes out of a production log at info, subject included, and still writes the mail', async () => {
    const { lines, outboxDir } = await sendWith({ development: false, level: 'info' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      msg: 'mail written to outbox',
      mail: { to: '[redacted]@example.com', subject: 'Your Waymarks verification code: [redacted]' },
    });
    expect(lines.join('')).not.toContain(CODE);
    expect(lines.join('')).not.toContain('traveller@');
    const [file] = readdirSync(outboxDir);
    expect(statSync(path.join(outboxDir, file!)).mode & 0o777).toBe(0o600);
  });

  it('keeps a reset link and its token out of a production log at info', async () => {
    const reset = passwordResetMail('traveller@example.com', LINK, undefined);
    const { lines } = await sendWith({ development: false, level: 'info' }, reset);
    expect(lines).toHaveLength(1);
    expect(lines.join('')).not.toContain(TOKEN);
  });

  it('shows the code to an operator who asks for debug', async () => {
    const { lines } = await sendWith({ development: false, level: 'debug' });
    expect(lines.some((line) => line.includes(CODE) && JSON.parse(line).level === 20)).toBe(true);
  });

  it('shows the code at info in development', async () => {
    const { lines } = await sendWith({ development: true, level: 'info' });
    expect(lines.some((line) => line.includes(CODE) && JSON.parse(line).level === 30)).toBe(true);
  });
});

describe('mailForLog', () => {
  it('takes codes, links and bare tokens out of a subject, and the person out of the address', () => {
    expect(mailForLog({ to: 'ada.lovelace@example.com', subject: `Your code: ${CODE}` })).toEqual({
      to: '[redacted]@example.com',
      subject: 'Your code: [redacted]',
    });
    const subject = mailForLog({ to: 'x@example.com', subject: `Open ${LINK} or use ${TOKEN}` }).subject;
    expect(subject).toBe('Open [redacted] or use [redacted]');
  });

  it('leaves a subject without secrets as it is', () => {
    expect(mailForLog({ to: 'x@example.com', subject: 'Reset your Waymarks password' }).subject).toBe(
      'Reset your Waymarks password',
    );
  });
});
