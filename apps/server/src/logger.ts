// Structured logs (pino) with every credential-bearing field redacted.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type LoggerOptions, type SerializerFn } from 'pino';

const CENSOR = '[redacted]';

/** Censored at the top of a log line: `log.info({ token }, …)`. */
const SECRET_KEYS = new Set(['password', 'token', 'code']);

/** Censored one level down, in any value of a log line: `log.info({ user: { password } }, …)`. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'code',
  'secret',
  'clientSecret',
];

/** Credential headers of a request or reply logged with its headers. */
const SECRET_HEADERS: Readonly<Record<string, readonly string[]>> = {
  req: ['authorization', 'cookie'],
  res: ['set-cookie'],
};

/** The object with the same prototype and own fields, for a censored copy that still writes as JSON alike. */
const copyOf = (value: object): Record<string, unknown> =>
  Object.assign(
    Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>,
    value,
  );

/**
 * A log line's value under `key`, as it is written: its secrets censored, the value itself left untouched
 * (a copy is made only when something is censored). pino's own `redact` option did the same through a
 * generic path walker that cost each log line tens of microseconds, and each request's child logger a few,
 * whether or not anything was censored (docs/decisions/096-per-request-cost.md).
 */
export function censored(key: string, value: unknown): unknown {
  // pino leaves these out of the line; a censored one would appear.
  if (value === undefined || typeof value === 'function') return value;
  if (SECRET_KEYS.has(key)) return CENSOR;
  if (typeof value !== 'object' || value === null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const field of SECRET_FIELDS) {
    if (!Object.hasOwn(value, field)) continue;
    copy ??= copyOf(value);
    copy[field] = CENSOR;
  }
  const headerNames = SECRET_HEADERS[key];
  const headers = headerNames && (value as { headers?: unknown }).headers;
  if (headerNames && typeof headers === 'object' && headers !== null) {
    let headersCopy: Record<string, unknown> | undefined;
    for (const name of headerNames) {
      if (!Object.hasOwn(headers, name)) continue;
      headersCopy ??= copyOf(headers);
      headersCopy[name] = CENSOR;
    }
    if (headersCopy) {
      copy ??= copyOf(value);
      copy.headers = headersCopy;
    }
  }
  return copy ?? value;
}

/** What a request, a reply and an error write; each is censored after it is written, as pino did. */
const SERIALIZERS: Record<string, SerializerFn> = {
  // Query strings can carry one-time codes (/oauth/callback?code=, /reset-password?token=).
  req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
    method: request.method,
    url: redactUrl(request.url),
    ip: request.ip,
    id: request.id,
  }),
  // Fastify's own serializers for these two, so that this set replaces Fastify's whole.
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
};

const censoredSerializers: Record<string, SerializerFn> = Object.fromEntries(
  Object.entries(SERIALIZERS).map(([key, serialize]) => [
    key,
    (value: unknown) => censored(key, serialize(value)),
  ]),
);

/**
 * The fields of a log line that no serializer writes, censored before pino writes them. A line whose
 * fields hold no secret is passed on as it came.
 */
function censorFields(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key) || Object.hasOwn(SERIALIZERS, key)) continue;
    const value = fields[key];
    const written = censored(key, value);
    if (written === value) continue;
    copy ??= { ...fields };
    copy[key] = written;
  }
  return copy ?? fields;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: censoredSerializers,
    formatters: { log: censorFields },
  };
}

/**
 * One line a request, written when its answer is done: the request (method, path, address, id), its status
 * and the time taken. Fastify's own logging writes two, one on arrival and one when done; one line carries
 * what both did, for about half the cost (docs/decisions/096-per-request-cost.md). A request whose client
 * goes away before the answer is sent writes none, as it wrote no completed line before.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

const SECRET_PARAMS = /([?&](?:code|token|state|access_token|id_token)=)[^&#]*/gi;
// Signed upload, download and archive links, and export links, carry their authority in the last path
// segment.
const SIGNED_PATHS = /(\/api\/(?:storage\/(?:upload|object)|media\/archive|account\/export)\/)[^?#]*/g;

/** A travel page's token is its whole authority: whoever reads it in a log could open the page. */
const SHARE_TOKEN = /^(\/t\/)[^/?#]*/;

export function redactUrl(url: string): string {
  return url
    .replace(SIGNED_PATHS, '$1[redacted]')
    .replace(SHARE_TOKEN, '$1[redacted]')
    .replace(SECRET_PARAMS, '$1[redacted]');
}
