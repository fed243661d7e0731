// Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written to DATA_DIR/outbox as an
// .eml file and announced in the log, so a local instance works with no mail server at all.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A line for the log in outbox mode (the code or link), so a local operator can finish sign-up. */
  outboxHint?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(
  options: { smtpUrl: string | undefined; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  return options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.from)
    : outboxMailer(options.outboxDir, options.from, log);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send({ to, subject, text, html, outboxHint }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${++sequence}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to, subject, file }, `mail written to outbox${outboxHint ? `: ${outboxHint}` : ''}`);
    },
    async close() {},
  };
}
