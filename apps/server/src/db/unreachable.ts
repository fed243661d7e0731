// Whether an error says the database is out of reach (refused, cut off, restarting), not that a query was
// wrong: such a request is answered 503 and may be tried again (http/errors.ts, decision 098).

/** Failures of the connection itself, as Node's sockets name them. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), and a server that is shutting down
 * (57P01 admin, 57P02 crash) or not yet taking connections (57P03).
 */
const POSTGRES_CODES = /^(08\w{3}|57P0[123])$/;

/** What pg says, without a code, of a connection that ended or never opened in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || POSTGRES_CODES.test(code))) return true;
  return PG_MESSAGES.some((message) => error.message.startsWith(message));
}
