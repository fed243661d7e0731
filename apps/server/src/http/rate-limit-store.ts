// A store for @fastify/rate-limit that counts in the database, so instances of the service side by side
// count every limit together instead of each granting it in full (decision 095). Each hit is one upsert
// that starts a new window when the last one has ended and returns the count and the window's end, so
// parallel hits on any number of instances are each counted once.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { unavailable } from './errors.js';

/**
 * A hit is one short statement; one that has not answered after this long has found the database down or
 * swamped, and its request is refused rather than left waiting.
 */
export const HIT_TIMEOUT_MS = 5_000;
/** How often an instance deletes the rows whose window has ended. */
export const SWEEP_EVERY_MS = 60_000;

interface StoreDeps {
  db: Db;
  /** The app's clock: windows start and end by it. */
  now: () => number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  hitTimeoutMs?: number;
}

/**
 * What the plugin hands the store and its children (its index.js: the global options, then for each
 * limited route those merged with the route's and `routeInfo`, the route itself).
 */
interface LimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

type HitCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The hits of every limited route, and the sweep of ended windows: shared by a store and its children. */
class RequestCounts {
  private nextSweepAt = 0;

  constructor(private readonly deps: StoreDeps) {}

  async hit(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const { db, now: clock } = this.deps;
    const now = clock();
    // Both SET expressions read the row as it was, so both agree on whether its window has ended.
    const ended = sql`rate_limits.window_ends_at <= ${now}`;
    const { rows } = await withTimeout(
      sql<{ hits: number; window_ends_at: number }>`
        insert into rate_limits (key, hits, window_ends_at) values (${key}, 1, ${now + timeWindow})
        on conflict (key) do update set
          hits = case when ${ended} then 1 else rate_limits.hits + 1 end,
          window_ends_at = case when ${ended} then excluded.window_ends_at else rate_limits.window_ends_at end
        returning hits, window_ends_at
      `.execute(db),
      this.deps.hitTimeoutMs ?? HIT_TIMEOUT_MS,
    );
    this.sweepIfDue(now);
    const row = rows[0]!;
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_ends_at) - now) };
  }

  /**
   * A client that stops calling leaves its row behind: once a minute per instance, rows whose window has
   * ended go, by the index on the window's end. Not awaited: no request waits for it.
   */
  private sweepIfDue(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_EVERY_MS;
    this.deps.db
      .deleteFrom('rate_limits')
      .where('window_ends_at', '<=', now)
      .execute()
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'rate limit sweep failed'));
  }

  /** A database that fails or does not answer refuses the request for now, rather than skip the limit. */
  refusal(error: unknown): Error {
    this.deps.log.error({ err: error }, 'rate limit count failed');
    return unavailable('service');
  }
}

class DatabaseRateLimitStore {
  constructor(
    private readonly counts: RequestCounts,
    /** The route's own part of every key, as the plugin's Redis store has it: each route counts apart. */
    private readonly route: string,
    options: LimitOptions,
  ) {
    // Both would need the limit's max in the statement; nothing here uses them, so they fail at start-up.
    if (options.continueExceeding || options.exponentialBackoff) {
      throw new Error(
        'The database rate-limit store supports neither continueExceeding nor exponentialBackoff',
      );
    }
  }

  /** The plugin passes the limit's window (and max, not needed here); the package's types leave both out. */
  incr(key: string, callback: HitCallback, timeWindow: number): void {
    this.counts.hit(`${this.route}${clientHash(key)}`, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(this.counts.refusal(error)),
    );
  }

  child(options: LimitOptions): DatabaseRateLimitStore {
    const { method, url } = options.routeInfo ?? {};
    // A limit made by app.rateLimit() has no route: it would share its counts with any other such limit.
    if (!method || !url) throw new Error('The database rate-limit store counts limits of routes only');
    return new DatabaseRateLimitStore(this.counts, `${[method].flat().join(',')} ${url} `, options);
  }
}

/** The store class the plugin's `store` option takes: it builds it itself, with the global options. */
export function databaseRateLimitStore(deps: StoreDeps): FastifyRateLimitStoreCtor {
  const counts = new RequestCounts(deps);
  class Store extends DatabaseRateLimitStore {
    constructor(options: LimitOptions) {
      super(counts, '', options);
    }
  }
  // The package types incr() without the window and max its plugin passes, and child() with route options
  // where it passes the merged limit options.
  return Store as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The client's part of a row's key, hashed as the throttle's keys are: the table holds no address or
 * account id in clear, and a key fits the column whatever its length.
 */
function clientHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
