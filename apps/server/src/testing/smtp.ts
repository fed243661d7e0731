// A real SMTP server for tests: accepts every message on 127.0.0.1 (no TLS, no auth), parses it with
// mailparser and keeps it in memory so a test can wait for "the next mail to alice@example.com".
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

export interface CapturedMail {
  /** Every recipient, lower-cased: the To/Cc headers plus the SMTP envelope (so Bcc shows up too). */
  to: string[];
  /** The From header, normalised to `Name <address>` (e.g. `Waymarks <no-reply@waymarks.test>`) or `address`. */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Date.now() when the SMTP DATA command started. */
  receivedAt: number;
}

export interface WaitForMailOptions {
  /** How long to wait for a matching message (default 10 s). */
  timeoutMs?: number;
  /** Only messages received at or after this Date.now() value count (default 0: any). */
  since?: number;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:PORT`, ready for nodemailer / SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages: CapturedMail[];
  /** The first message to `to` received at or after `since`; waits for it if none has arrived yet. */
  waitForMail(to: string, opts?: WaitForMailOptions): Promise<CapturedMail>;
  /** Forget every captured message. */
  clear(): void;
  close(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  const out: string[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.address) out.push(entry.address.toLowerCase());
      if (entry.group) walk(entry.group);
    }
  };
  for (const item of list) walk(item.value);
  return out;
}

/** `Name <address>` (unquoted) or just the address, whatever quoting the sender used. */
function formatFrom(field: AddressObject | undefined): string {
  const first = field?.value[0];
  if (!first) return field?.text ?? '';
  return first.name ? `${first.name} <${first.address ?? ''}>` : (first.address ?? '');
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const events = new EventEmitter();
  events.setMaxListeners(0);

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    banner: 'Waymarks test SMTP capture',
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
      const receivedAt = Date.now();
      simpleParser(stream)
        .then((parsed) => {
          const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const headerTo = [...addresses(parsed.to), ...addresses(parsed.cc)];
          const mail: CapturedMail = {
            to: [...new Set([...headerTo, ...envelope])],
            from: formatFrom(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt,
          };
          messages.push(mail);
          events.emit('mail', mail);
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  // A client that disconnects mid-message must not crash the test process.
  server.on('error', (err) => console.error('[smtp-capture]', err.message));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  const matches = (mail: CapturedMail, to: string, since: number) =>
    mail.receivedAt >= since && mail.to.includes(to);

  function waitForMail(to: string, opts: WaitForMailOptions = {}): Promise<CapturedMail> {
    const wanted = to.trim().toLowerCase();
    const since = opts.since ?? 0;
    const timeoutMs = opts.timeoutMs ?? 10_000;
    const existing = messages.find((m) => matches(m, wanted, since));
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const onMail = (mail: CapturedMail) => {
        if (!matches(mail, wanted, since)) return;
        clearTimeout(timer);
        events.off('mail', onMail);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        events.off('mail', onMail);
        const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
        reject(new Error(`No mail to ${wanted} within ${timeoutMs} ms (received: ${seen})`));
      }, timeoutMs);
      events.on('mail', onMail);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMail,
    clear: () => {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailContent = Pick<CapturedMail, 'text' | 'html' | 'subject'>;

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** The 6-digit confirmation code in a mail (text part first, then HTML, then subject). */
export function extractCode(mail: MailContent): string {
  for (const source of [mail.text, htmlToText(mail.html), mail.subject]) {
    const match = /(?<![\w-])(\d{6})(?![\w-])/.exec(source);
    if (match?.[1]) return match[1];
  }
  throw new Error(`No 6-digit code in mail "${mail.subject}":\n${mail.text}`);
}

/**
 * The first absolute URL in a mail whose path starts with `pathPrefix` (e.g. '/reset-password').
 * Looks in the text part first, then in the HTML part's href attributes.
 */
export function extractLink(mail: MailContent, pathPrefix: string): string {
  const candidates = [
    ...(mail.text.match(/https?:\/\/[^\s<>"'()[\]]+/g) ?? []),
    ...[...mail.html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map((m) =>
      (m[1] ?? '').replace(/&amp;/g, '&'),
    ),
  ];
  for (const raw of candidates) {
    let url: URL;
    try {
      url = new URL(raw.replace(/[.,;:!?]+$/, ''));
    } catch {
      continue;
    }
    if (url.pathname.startsWith(pathPrefix)) return url.href;
  }
  throw new Error(`No link to ${pathPrefix} in mail "${mail.subject}":\n${mail.text}`);
}
