// Brute-force defence for passwords and codes, kept in the database so every instance shares it.
// Each wrong guess for a key (an account, or a client address) slows the next answer; past the limit
// the key is refused with 429 until the lock expires.
import type { Db } from '../../db/database.js';

export interface ThrottlePolicy {
  /** Failures counted within this window. */
  windowMs: number;
  /** Failures after which the key is locked. */
  maxFailures: number;
  lockMs: number;
  /** Added delay per failure beyond the first, capped at maxDelayMs. */
  delayStepMs: number;
  maxDelayMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  maxFailures: 5,
  lockMs: 15 * 60_000,
  delayStepMs: 250,
  maxDelayMs: 1_000,
};

export const ADDRESS_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  maxFailures: 20,
  lockMs: 15 * 60_000,
  delayStepMs: 0,
  maxDelayMs: 0,
};

export interface ThrottleState {
  locked: boolean;
  delayMs: number;
}

export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async check(key: string, policy: ThrottlePolicy): Promise<ThrottleState> {
    const row = await this.db
      .selectFrom('auth_throttle')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    const now = this.now();
    if (!row) return { locked: false, delayMs: 0 };
    if (row.locked_until !== null && row.locked_until > now) return { locked: true, delayMs: 0 };
    if (now - row.window_started_at > policy.windowMs) return { locked: false, delayMs: 0 };
    const delayMs = Math.min(policy.maxDelayMs, Math.max(0, row.failures - 1) * policy.delayStepMs);
    return { locked: false, delayMs };
  }

  async recordFailure(key: string, policy: ThrottlePolicy): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
      const windowExpired = !row || now - row.window_started_at > policy.windowMs;
      const failures = windowExpired ? 1 : row.failures + 1;
      const lockedUntil = failures >= policy.maxFailures ? now + policy.lockMs : null;
      if (!row) {
        await trx
          .insertInto('auth_throttle')
          .values({ key, failures, window_started_at: now, locked_until: lockedUntil })
          .onConflict((oc) => oc.column('key').doUpdateSet({ failures, locked_until: lockedUntil }))
          .execute();
      } else {
        await trx
          .updateTable('auth_throttle')
          .set({
            failures: lockedUntil ? 0 : failures,
            window_started_at: windowExpired || lockedUntil ? now : row.window_started_at,
            locked_until: lockedUntil,
          })
          .where('key', '=', key)
          .execute();
      }
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_throttle').where('key', '=', key).execute();
  }
}
