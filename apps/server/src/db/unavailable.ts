// Whether an error says the database cannot take the request just now, not that a query was wrong: such a
// request is answered 503 and may be tried again (http/errors.ts, decision 098).
import { errorCode, isSocketError } from '../common/socket-errors.js';

/**
 * PostgreSQL's SQLSTATEs for a database out of reach: class 08 (connection exception), and a server that
 * is shutting down (57P01 admin, 57P02 crash) or not yet taking connections (57P03).
 */
const POSTGRES_UNREACHABLE = /^(08\w{3}|57P0[123])$/;
/** Class 53, insufficient resources: a full disk (53100), no memory (53200), too many connections (53300). */
const POSTGRES_OUT_OF_ROOM = /^53\w{3}$/;

/** What pg says, without a code, of a connection that ended or never opened in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * SQLite's codes (better-sqlite3 names the extended ones) for a database another connection held locked
 * past the busy timeout, and for a full disk (or a database at its max_page_count).
 */
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)(_\w+)?$/;
const SQLITE_FULL = 'SQLITE_FULL';

/**
 * Why the database cannot take a request now: out of reach (refused, cut off, restarting), busy (locked
 * by another connection too long), or out of room (a full disk); undefined for any other error. Out of
 * room needs someone to act, and is logged as an error where the others are warnings.
 */
export function databaseUnavailable(error: unknown): 'unreachable' | 'busy' | 'out of room' | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = errorCode(error) ?? '';
  if (isSocketError(error) || POSTGRES_UNREACHABLE.test(code)) return 'unreachable';
  if (PG_MESSAGES.some((message) => error.message.startsWith(message))) return 'unreachable';
  if (SQLITE_BUSY.test(code)) return 'busy';
  if (code === SQLITE_FULL || POSTGRES_OUT_OF_ROOM.test(code)) return 'out of room';
  return undefined;
}
