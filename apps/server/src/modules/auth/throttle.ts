// Brute-force and flood limits, kept in the database so every instance shares them. An attempt is counted
// before it is tried, in one statement that returns the new count, so attempts racing each other cannot
// all slip under a limit between a check and a write: the sixth of fifty parallel guesses is refused even
// though none of the first five has been answered yet.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { tooManyRequests } from '../../http/errors.js';

export interface ThrottlePolicy {
  /** Attempts are counted within this window, from the first one. */
  windowMs: number;
  /**
   * Attempts allowed in a window; each counts as a failure until a success gives it back. Past it the
   * key is refused until lockMs after the attempt that reached it. Infinity: the key is only ever slowed.
   */
  maxFailures: number;
  lockMs: number;
  /** Each attempt beyond the first `delayFrom` (default 1) is answered delayStepMs later, up to maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
  delayFrom?: number;
}

/** One counted attempt: whether it may go ahead, and how long to wait before trying it. */
export interface Reservation {
  key: string;
  policy: ThrottlePolicy;
  allowed: boolean;
  count: number;
  delayMs: number;
  windowStartedAt: number;
}

interface ThrottleState {
  locked: boolean;
  delayMs: number;
}

/**
 * A key for the throttle table. Addresses and e-mails are hashed, so the table holds neither in clear and
 * a key stays within the column whatever the length of an e-mail address.
 */
export function throttleKey(kind: string, ...parts: string[]): string {
  return `${kind}:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;
}

const MINUTE_MS = 60_000;

/**
 * The limits of the account system. Guessing is limited per account and address together, so a guesser
 * locks only themselves out, never the owner signing in from elsewhere nor everyone behind one proxy. The
 * account as a whole has a budget of password guesses from all addresses together; once it is spent,
 * passwords are tried only from addresses the account has signed in from before (KNOWN_ADDRESS_MS), so a
 * guess spread over many addresses is held to the budget while the owner still gets in from home, or
 * from anywhere after a reset link. One address across many accounts (credential stuffing) is slowed and
 * then locked at a count no honest network reaches. Mails are limited per recipient, whoever asks. An
 * address is a client key (http/client-key.ts): an IPv6 /64 counts as one address.
 */
export const AUTH_LIMITS = {
  /** Passwords or codes tried at one account from one address. A success clears it. */
  accountFromAddress: {
    windowMs: 15 * MINUTE_MS,
    maxFailures: 5,
    lockMs: 15 * MINUTE_MS,
    delayStepMs: 0,
    maxDelayMs: 0,
  },
  /**
   * Passwords tried at one account from all addresses together: slower from the second; past 20 in 15
   * min, 429 for 15 min to every address the account does not know. Counted for known addresses too.
   */
  account: {
    windowMs: 15 * MINUTE_MS,
    maxFailures: 20,
    lockMs: 15 * MINUTE_MS,
    delayStepMs: 250,
    maxDelayMs: 1_000,
  },
  /**
   * Codes tried at one account from anywhere: slower from the second, never locked (each code dies after
   * MAX_CODE_ATTEMPTS guesses and the mails that bring new ones are limited).
   */
  accountCodes: {
    windowMs: 15 * MINUTE_MS,
    maxFailures: Infinity,
    lockMs: 0,
    delayStepMs: 250,
    maxDelayMs: 1_000,
  },
  /** Passwords or codes tried from one address at any accounts: slower from the tenth, locked at 100. */
  address: {
    windowMs: 15 * MINUTE_MS,
    maxFailures: 100,
    lockMs: 15 * MINUTE_MS,
    delayStepMs: 250,
    maxDelayMs: 1_000,
    delayFrom: 10,
  },
  /** Mails to one address (codes, reset links, "you already have an account"), whoever asks. */
  mailsToAddress: {
    windowMs: 60 * MINUTE_MS,
    maxFailures: 5,
    lockMs: 60 * MINUTE_MS,
    delayStepMs: 0,
    maxDelayMs: 0,
  },
  /** Sign-ups, resends, reset requests and e-mail changes from one address, whatever address they name. */
  mailRequestsFromAddress: {
    windowMs: 15 * MINUTE_MS,
    maxFailures: 20,
    lockMs: 15 * MINUTE_MS,
    delayStepMs: 0,
    maxDelayMs: 0,
  },
  /** Moves to another address one account asks for, each mailing a code to an address of its choosing. */
  emailChangesOfAccount: {
    windowMs: 60 * MINUTE_MS,
    maxFailures: 5,
    lockMs: 60 * MINUTE_MS,
    delayStepMs: 0,
    maxDelayMs: 0,
  },
} satisfies Record<string, ThrottlePolicy>;

/** One key an attempt counts on: its policy, and whether past the limit it refuses or only counts. */
export type ThrottleLimit = [key: string, policy: ThrottlePolicy, mode?: 'limit' | 'count only'];

/**
 * Counts one attempt on each key before anything is tried, in order, and refuses with 429 at the first
 * key past its limit (so an attempt refused by one key does not count toward the next); then waits out
 * the largest slow-down. Counting first is what holds a burst of parallel guesses to the limit. A key
 * marked 'count only' is counted but refuses nothing.
 */
export async function admitAttempt(
  throttle: Pick<Throttle, 'reserve'>,
  sleep: (ms: number) => Promise<void>,
  limits: ThrottleLimit[],
): Promise<Reservation[]> {
  const reservations: Reservation[] = [];
  for (const [key, policy, mode = 'limit'] of limits) {
    const reservation = await throttle.reserve(key, policy);
    if (!reservation.allowed && mode === 'limit') throw tooManyRequests();
    reservations.push(reservation);
  }
  const delayMs = Math.max(0, ...reservations.map((reservation) => reservation.delayMs));
  if (delayMs > 0) await sleep(delayMs);
  return reservations;
}

/** After a success the first key (this account from this address) is cleared; the others give it back. */
export async function attemptSucceeded(
  throttle: Pick<Throttle, 'clear' | 'release'>,
  [own, ...shared]: Reservation[],
): Promise<void> {
  if (own) await throttle.clear(own.key);
  await Promise.all(shared.map((reservation) => throttle.release(reservation)));
}

/**
 * The sign-in's keys, for a password typed again by a signed-in traveller: this account from this client,
 * this client at any account, this account from anywhere. The account-wide key counts but refuses
 * nothing: every such guess comes with a live session, from a client whose own keys refuse it past their
 * limits, so the owner is never held back by strangers' sign-in guesses.
 */
export function passwordRecheckLimits(email: string, clientKey: string): ThrottleLimit[] {
  return [
    [throttleKey('signin', email.toLowerCase(), clientKey), AUTH_LIMITS.accountFromAddress],
    [throttleKey('signin-ip', clientKey), AUTH_LIMITS.address],
    [throttleKey('signin', email.toLowerCase()), AUTH_LIMITS.account, 'count only'],
  ];
}

/** How long an address an account signed in from (or used a reset link or code from) stays known to it. */
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * MINUTE_MS;

export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Counts an attempt on `key` and says whether it is within the policy. One INSERT … ON CONFLICT DO
   * UPDATE … RETURNING, atomic on SQLite and PostgreSQL alike: concurrent reservations of one key are
   * applied one after the other and each sees the count the previous one left.
   */
  async reserve(key: string, policy: ThrottlePolicy): Promise<Reservation> {
    const now = this.now();
    const lockAt = now + policy.lockMs;
    const limited = Number.isFinite(policy.maxFailures);
    // The previous window is over when its lock has run out, or, unlocked, when the window has passed.
    const over = sql`(auth_throttle.locked_until is not null and auth_throttle.locked_until <= ${now})
      or (auth_throttle.locked_until is null and auth_throttle.window_started_at <= ${now - policy.windowMs})`;
    const reachesLimit = (count: ReturnType<typeof sql>) =>
      limited
        ? sql`case when ${count} >= ${policy.maxFailures} then cast(${lockAt} as bigint) end`
        : sql`null`;
    const { rows } = await sql<{ failures: number; window_started_at: number }>`
      insert into auth_throttle (key, failures, window_started_at, locked_until)
      values (${key}, 1, ${now}, ${limited && policy.maxFailures <= 1 ? lockAt : null})
      on conflict (key) do update set
        failures = case when ${over} then 1 else auth_throttle.failures + 1 end,
        window_started_at = case when ${over} then cast(${now} as bigint)
          else auth_throttle.window_started_at end,
        locked_until = case
          when ${over} then ${reachesLimit(sql`1`)}
          when auth_throttle.locked_until is not null then auth_throttle.locked_until
          else ${reachesLimit(sql`auth_throttle.failures + 1`)}
        end
      returning failures, window_started_at
    `.execute(this.db);
    const row = rows[0]!;
    const count = Number(row.failures);
    return {
      key,
      policy,
      allowed: count <= policy.maxFailures,
      count,
      delayMs: delayFor(count, policy),
      windowStartedAt: Number(row.window_started_at),
    };
  }

  /** Gives back the count of an attempt that succeeded, so it does not count toward the limit. */
  async release(reservation: Reservation): Promise<void> {
    const { maxFailures } = reservation.policy;
    const limit = Number.isFinite(maxFailures) ? maxFailures : 2 ** 31 - 1;
    await this.db
      .updateTable('auth_throttle')
      .set((eb) => ({
        failures: eb('failures', '-', 1),
        locked_until: eb
          .case()
          .when(eb('failures', '<=', limit))
          .then(null)
          .else(eb.ref('locked_until'))
          .end(),
      }))
      .where('key', '=', reservation.key)
      .where('window_started_at', '=', reservation.windowStartedAt)
      .where('failures', '>', 0)
      .execute();
  }

  /** Whether the key is locked now, without counting anything. */
  async check(key: string, policy: ThrottlePolicy): Promise<ThrottleState> {
    const row = await this.db
      .selectFrom('auth_throttle')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    const now = this.now();
    if (!row) return { locked: false, delayMs: 0 };
    if (row.locked_until !== null && row.locked_until > now) return { locked: true, delayMs: 0 };
    if (row.locked_until !== null || now - row.window_started_at >= policy.windowMs) {
      return { locked: false, delayMs: 0 };
    }
    return { locked: false, delayMs: delayFor(row.failures + 1, policy) };
  }

  /**
   * Notes that `key` (an account and an address) proved itself now. Kept in the same table as a row that
   * counts nothing: `window_started_at` is the time of the latest proof.
   */
  async remember(key: string): Promise<void> {
    const now = this.now();
    await this.db
      .insertInto('auth_throttle')
      .values({ key, failures: 0, window_started_at: now, locked_until: null })
      .onConflict((oc) => oc.column('key').doUpdateSet({ window_started_at: now }))
      .execute();
  }

  /** Whether `key` proved itself within the last `forMs`. */
  async remembers(key: string, forMs: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('auth_throttle')
      .select('key')
      .where('key', '=', key)
      .where('window_started_at', '>', this.now() - forMs)
      .executeTakeFirst();
    return row !== undefined;
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_throttle').where('key', '=', key).execute();
  }
}

function delayFor(count: number, policy: ThrottlePolicy): number {
  const beyond = count - (policy.delayFrom ?? 1);
  return Math.min(policy.maxDelayMs, Math.max(0, beyond) * policy.delayStepMs);
}
