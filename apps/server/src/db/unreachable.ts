// Whether an error says the database is out of reach (refused, cut off, restarting), not that a query was
// wrong: such a request is answered 503 and may be tried again (http/errors.ts, decision 098).
import { errorCode, isSocketError } from '../common/socket-errors.js';

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
  if (isSocketError(error) || POSTGRES_CODES.test(errorCode(error) ?? '')) return true;
  return PG_MESSAGES.some((message) => error.message.startsWith(message));
}
