// Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written to DATA_DIR/outbox as an
// .eml file and announced in the log, so a local instance works with no mail server at all. The code or
// link a mail carries is a credential, and a subject may carry one too: the log shows them at info only in
// development (`npm run dev`), and otherwise at debug, so a production log at its usual levels never holds
// one. Every other log line about a mail names it through `mailForLog`.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The code or link, logged in outbox mode so a developer can finish sign-up without opening files. */
  outboxHint?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** Development: the outbox announces codes and links at info level. */
  development: boolean;
}

export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options, log);
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

function outboxMailer(
  { outboxDir, from, development }: Pick<MailerOptions, 'outboxDir' | 'from' | 'development'>,
  log: FastifyBaseLogger,
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send({ to, subject, text, html, outboxHint }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${++sequence}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ mail: mailForLog({ to, subject }), file }, 'mail written to outbox');
      if (outboxHint) log[development ? 'info' : 'debug']({ file }, `outbox mail: ${outboxHint}`);
    },
    async close() {},
  };
}

// A link, a run of four or more digits (a code), or a long run of token characters (a bare token).
const SECRET_LOOKING = /\S+:\/\/\S+|\d{4,}|[A-Za-z0-9_-]{16,}/g;

/**
 * What a log line may say about a mail: the recipient's domain, not who it is, and the subject with
 * anything that looks like a code, a token or a link taken out. Enough for an operator to see which mail
 * failed and to which mail provider; nothing a reader of the log could sign in or reset a password with.
 */
export function mailForLog({ to, subject }: Pick<MailMessage, 'to' | 'subject'>): {
  to: string;
  subject: string;
} {
  const at = to.lastIndexOf('@');
  return {
    to: at >= 0 ? `[redacted]${to.slice(at)}` : '[redacted]',
    subject: subject.replace(SECRET_LOOKING, '[redacted]'),
  };
}
