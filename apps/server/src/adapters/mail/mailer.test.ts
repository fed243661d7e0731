import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

const CODE = '493817';
const message = {
  to: 'traveller@example.com',
  subject: 'Your code',
  text: `Your code is ${CODE}`,
  html: `<p>Your code is ${CODE}</p>`,
  outboxHint: `verification code ${CODE} for traveller@example.com`,
};

describe('the outbox mailer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function sendWith(options: { development: boolean; level: string }) {
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
    await mailer.send(message);
    return { lines, outboxDir };
  }

  it('keeps codes out of a production log at info, and still writes the mail', async () => {
    const { lines, outboxDir } = await sendWith({ development: false, level: 'info' });
    expect(lines).toHaveLength(1);
    expect(lines.join('')).toContain('mail written to outbox');
    expect(lines.join('')).not.toContain(CODE);
    const [file] = readdirSync(outboxDir);
    expect(statSync(path.join(outboxDir, file!)).mode & 0o777).toBe(0o600);
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
