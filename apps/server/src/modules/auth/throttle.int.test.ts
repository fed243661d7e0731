// The limits under parallel load and behind a proxy: attempts are counted before they are tried, so a
// burst gets no more tries than the policy allows, and a lock falls on one account from one address only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { migrateToLatest } from '../../db/database.js';
import { extractCode, extractLink } from '../../testing/smtp.js';
import {
  createTestDatabase,
  startTestApp,
  testDialects,
  type TestApp,
  type TestDatabase,
} from '../../testing/test-app.js';
import { MAX_CODE_ATTEMPTS } from './auth.service.js';
import { AUTH_LIMITS, Throttle, throttleKey, type ThrottlePolicy } from './throttle.js';

const PASSWORD = 'Correct-Horse1';
const WRONG = 'Wrong-pass1';
const BURST = 50;
// From one client (an address, or an IPv6 /64) a burst stays within the per-route request cap (30 a
// minute), which would otherwise refuse the whole burst before the throttle is reached.
const SAME_ADDRESS_BURST = 25;

const FIVE_PER_MINUTE: ThrottlePolicy = {
  windowMs: 60_000,
  maxFailures: 5,
  lockMs: 120_000,
  delayStepMs: 0,
  maxDelayMs: 0,
};

describe.each(testDialects())('throttle on %s', (dialect) => {
  describe('counting', () => {
    let database: TestDatabase;
    let clock = 1_700_000_000_000;
    let throttle: Throttle;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await migrateToLatest(database.db);
      throttle = new Throttle(database.db, () => clock);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('lets exactly the allowed number of 50 parallel attempts on one key through', async () => {
      const burst = await Promise.all(
        Array.from({ length: BURST }, () => throttle.reserve('burst', FIVE_PER_MINUTE)),
      );
      expect(burst.filter((reservation) => reservation.allowed)).toHaveLength(5);
      expect(burst.map((reservation) => reservation.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: BURST }, (_, i) => i + 1),
      );
    });

    it('keeps a key locked for the lock time after its limit, then starts counting afresh', async () => {
      for (let i = 0; i < 5; i++)
        expect((await throttle.reserve('lock', FIVE_PER_MINUTE)).allowed).toBe(true);
      expect((await throttle.check('lock', FIVE_PER_MINUTE)).locked).toBe(true);
      // Past the window but not past the lock: still refused.
      clock += 90_000;
      expect((await throttle.reserve('lock', FIVE_PER_MINUTE)).allowed).toBe(false);
      clock += 30_001;
      expect(await throttle.reserve('lock', FIVE_PER_MINUTE)).toMatchObject({ allowed: true, count: 1 });
    });

    it('starts a new window once the old one has passed without reaching the limit', async () => {
      for (let i = 0; i < 4; i++) await throttle.reserve('window', FIVE_PER_MINUTE);
      clock += 60_000;
      expect(await throttle.reserve('window', FIVE_PER_MINUTE)).toMatchObject({ allowed: true, count: 1 });
    });

    it('gives back the count of an attempt that succeeded, lifting the lock it would have caused', async () => {
      for (let i = 0; i < 4; i++) await throttle.reserve('release', FIVE_PER_MINUTE);
      const fifth = await throttle.reserve('release', FIVE_PER_MINUTE);
      expect((await throttle.check('release', FIVE_PER_MINUTE)).locked).toBe(true);
      await throttle.release(fifth);
      expect((await throttle.check('release', FIVE_PER_MINUTE)).locked).toBe(false);
      expect(await throttle.reserve('release', FIVE_PER_MINUTE)).toMatchObject({ allowed: true, count: 5 });
    });

    it('only slows a key that has no limit, up to its longest delay', async () => {
      const delays = [];
      for (let i = 0; i < 8; i++) {
        const reservation = await throttle.reserve('slow', AUTH_LIMITS.accountCodes);
        expect(reservation.allowed).toBe(true);
        delays.push(reservation.delayMs);
      }
      expect(delays).toEqual([0, 250, 500, 750, 1_000, 1_000, 1_000, 1_000]);
    });

    it('locks one address trying passwords at many accounts only at its hundredth attempt', async () => {
      const results = [];
      for (let i = 0; i < 101; i++) results.push(await throttle.reserve('address', AUTH_LIMITS.address));
      expect(results.slice(0, 100).every((reservation) => reservation.allowed)).toBe(true);
      expect(results[100]!.allowed).toBe(false);
      expect(results.slice(0, 10).every((reservation) => reservation.delayMs === 0)).toBe(true);
      expect(results[10]!.delayMs).toBeGreaterThan(0);
    });
  });

  describe('through the routes, behind one proxy hop', () => {
    let t: TestApp;
    let accounts = 0;
    const PROXY = '10.0.0.1';

    beforeAll(async () => {
      t = await startTestApp(dialect, { TRUST_PROXY: '1' });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A request as the proxy passes it on: the client's own X-Forwarded-For, then the address it saw. */
    const viaProxy = (client: string, url: string, payload: object, forged?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
      });

    /** Password attempts counted at the account from all addresses in its current window. */
    const accountCount = async (email: string) =>
      (
        await t.db
          .selectFrom('auth_throttle')
          .select('failures')
          .where('key', '=', throttleKey('signin', email))
          .executeTakeFirstOrThrow()
      ).failures;

    const statuses = (answers: LightMyRequestResponse[]) => {
      const counts: Record<number, number> = {};
      for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
      return counts;
    };

    async function confirmedAccount(): Promise<string> {
      accounts += 1;
      const email = `burst${accounts}@example.com`;
      const client = `198.51.100.${accounts}`;
      const since = Date.now();
      const signUp = await viaProxy(client, '/api/auth/signup', {
        name: 'Nellie Bly',
        email,
        password: PASSWORD,
      });
      expect(signUp.statusCode).toBe(201);
      const code = extractCode(await t.mail.waitForMail(email, { since }));
      expect((await viaProxy(client, '/api/auth/verify', { email, code })).statusCode).toBe(200);
      return email;
    }

    async function unconfirmedAccount(): Promise<{ email: string; code: string }> {
      accounts += 1;
      const email = `burst${accounts}@example.com`;
      const since = Date.now();
      const client = `198.51.100.${accounts}`;
      await viaProxy(client, '/api/auth/signup', { name: 'Nellie Bly', email, password: PASSWORD });
      return { email, code: extractCode(await t.mail.waitForMail(email, { since })) };
    }

    it('tries at most five passwords of 25 sent at once from one address after two failures, and answers the rest 429', async () => {
      const email = await confirmedAccount();
      const guesser = '203.0.113.10';
      for (let i = 0; i < 2; i++) {
        expect((await viaProxy(guesser, '/api/auth/signin', { email, password: WRONG })).statusCode).toBe(
          401,
        );
      }
      const burst = await Promise.all(
        Array.from({ length: SAME_ADDRESS_BURST }, () =>
          viaProxy(guesser, '/api/auth/signin', { email, password: WRONG }),
        ),
      );
      expect(statuses(burst)).toEqual({ 401: 3, 429: SAME_ADDRESS_BURST - 3 });
      expect(
        new Set(burst.filter((res) => res.statusCode === 429).map((res) => res.json().error.message)),
      ).toEqual(new Set(['Too many attempts. Please try again later.']));
      // The lock is the guesser's: the owner, elsewhere, signs in as usual.
      const owner = await viaProxy('203.0.113.11', '/api/auth/signin', { email, password: PASSWORD });
      expect(owner.statusCode).toBe(200);
    });

    it('counts 50 wrong passwords sent at once from 50 addresses of one IPv6 /64 as one client: five are tried, the rest 429', async () => {
      const email = await confirmedAccount();
      const network = (i: number) => `2001:db8:77:1::${i.toString(16)}`;
      // Two waves of 25, each within the per-route cap of 30 requests a minute, so the throttle decides.
      const wave = (from: number) =>
        Promise.all(
          Array.from({ length: SAME_ADDRESS_BURST }, (_, i) =>
            viaProxy(network(from + i), '/api/auth/signin', { email, password: WRONG }),
          ),
        );
      const first = await wave(1);
      expect(statuses(first)).toEqual({ 401: 5, 429: SAME_ADDRESS_BURST - 5 });
      const second = await wave(SAME_ADDRESS_BURST + 1);
      expect(statuses([...first, ...second])).toEqual({ 401: 5, 429: BURST - 5 });
      expect(await accountCount(email)).toBe(5);

      // The per-route cap counts the /64 as one client too: past 30 requests it refuses any of its addresses.
      const sameNetwork = await viaProxy('2001:db8:77:1:abcd::1', '/api/auth/signin', {
        email,
        password: PASSWORD,
      });
      expect(sameNetwork.statusCode).toBe(429);
      expect(sameNetwork.json().error.message).toMatch(/^Too many requests\./);
      const owner = await viaProxy('2001:db8:77:2::1', '/api/auth/signin', { email, password: PASSWORD });
      expect(owner.statusCode).toBe(200);
    });

    it('checks only the account budget of 50 parallel wrong passwords from 50 unrelated addresses, refuses the right one from a new address, and lets the owner in from a known one', async () => {
      const email = await confirmedAccount();
      const home = `198.51.100.${accounts}`;
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          viaProxy(`203.0.117.${i + 1}`, '/api/auth/signin', { email, password: WRONG }),
        ),
      );
      // A 401 is an attempt checked against the password; a 429 was refused before it.
      const budget = AUTH_LIMITS.account.maxFailures;
      expect(statuses(burst)).toEqual({ 401: budget, 429: BURST - budget });
      expect(await accountCount(email)).toBe(BURST);

      const stranger = await viaProxy('203.0.117.200', '/api/auth/signin', { email, password: PASSWORD });
      expect(stranger.statusCode).toBe(429);
      const owner = await viaProxy(home, '/api/auth/signin', { email, password: PASSWORD });
      expect(owner.statusCode).toBe(200);
      // The budget comes back when the lock runs out.
      t.advance(AUTH_LIMITS.account.lockMs + 1);
      expect(
        (await viaProxy('203.0.117.201', '/api/auth/signin', { email, password: PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('lets the owner in from a new address after a reset link while the account budget is spent', async () => {
      const email = await confirmedAccount();
      const guess = (from: number) =>
        Promise.all(
          Array.from({ length: AUTH_LIMITS.account.maxFailures }, (_, i) =>
            viaProxy(`203.0.${from}.${i + 1}`, '/api/auth/signin', { email, password: WRONG }),
          ),
        );
      await guess(118);
      const travelling = '192.0.2.150';
      expect((await viaProxy(travelling, '/api/auth/signin', { email, password: PASSWORD })).statusCode).toBe(
        429,
      );

      t.advance(AUTH_LIMITS.mailsToAddress.lockMs + 1);
      const since = Date.now();
      expect((await viaProxy(travelling, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
      const link = extractLink(await t.mail.waitForMail(email, { since }), '/reset-password');
      const token = new URL(link).searchParams.get('token')!;
      const renewed = 'Renewed-Horse2';
      const reset = await viaProxy(travelling, '/api/auth/reset-password', { token, password: renewed });
      expect(reset.statusCode).toBe(200);

      // The guessing goes on against the new password and spends the budget again.
      expect(statuses(await guess(119))).toEqual({ 401: AUTH_LIMITS.account.maxFailures });
      const stranger = await viaProxy('192.0.2.151', '/api/auth/signin', { email, password: renewed });
      expect(stranger.statusCode).toBe(429);
      const owner = await viaProxy(travelling, '/api/auth/signin', { email, password: renewed });
      expect(owner.statusCode).toBe(200);
    });

    it('keeps a client locked whatever X-Forwarded-For it forges, and keeps others behind the proxy free', async () => {
      const email = await confirmedAccount();
      const client = '203.0.113.20';
      for (let i = 0; i < 5; i++) {
        const res = await viaProxy(client, '/api/auth/signin', { email, password: WRONG }, `192.0.2.${i}`);
        expect(res.statusCode).toBe(401);
      }
      const forged = await viaProxy(client, '/api/auth/signin', { email, password: PASSWORD }, '192.0.2.77');
      expect(forged.statusCode).toBe(429);
      const neighbour = await viaProxy('203.0.113.21', '/api/auth/signin', { email, password: PASSWORD });
      expect(neighbour.statusCode).toBe(200);
    });

    it('compares at most five of 50 codes guessed at once from 50 addresses, then the code is used up', async () => {
      const { email, code } = await unconfirmedAccount();
      const wrong = code === '000000' ? '111111' : '000000';
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          viaProxy(`203.0.114.${i + 1}`, '/api/auth/verify', { email, code: wrong }),
        ),
      );
      expect(statuses(burst)).toEqual({ 400: BURST });
      const row = await t.db
        .selectFrom('email_codes')
        .innerJoin('users', 'users.id', 'email_codes.user_id')
        .select('email_codes.attempts')
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);

      const late = await viaProxy('203.0.114.200', '/api/auth/verify', { email, code });
      expect(late.json().error.code).toBe('CODE_EXPIRED');
      const user = await t.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(user.email_verified).toBe(0);
    });

    it('answers at most five of 25 codes guessed at once from one address, and the rest 429', async () => {
      const { email, code } = await unconfirmedAccount();
      const wrong = code === '000000' ? '111111' : '000000';
      const burst = await Promise.all(
        Array.from({ length: SAME_ADDRESS_BURST }, () =>
          viaProxy('203.0.113.30', '/api/auth/verify', { email, code: wrong }),
        ),
      );
      expect(statuses(burst)).toEqual({ 400: 5, 429: SAME_ADDRESS_BURST - 5 });
    });

    it('makes at most five reset links of 50 requests sent at once, each answered alike', async () => {
      const email = await confirmedAccount();
      // A fresh hour for the address: its sign-up code counted toward the previous one.
      t.advance(AUTH_LIMITS.mailsToAddress.lockMs + 1);
      const since = Date.now();
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          viaProxy(`203.0.115.${i + 1}`, '/api/auth/forgot-password', { email }),
        ),
      );
      expect(new Set(burst.map((res) => `${res.statusCode} ${res.body}`))).toEqual(
        new Set(['200 {"ok":true}']),
      );
      const links = await t.db
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select('password_resets.token_hash')
        .where('users.email', '=', email)
        .execute();
      expect(links).toHaveLength(AUTH_LIMITS.mailsToAddress.maxFailures);
      const sent = () =>
        t.mail.messages.filter((mail) => mail.to.includes(email) && mail.receivedAt >= since);
      await vi.waitFor(() => expect(sent()).toHaveLength(5), { timeout: 10_000 });
    });

    it('sends at most five codes for 50 resends asked for at once', async () => {
      const { email } = await unconfirmedAccount();
      t.advance(AUTH_LIMITS.mailsToAddress.lockMs + 1);
      const since = Date.now();
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          viaProxy(`203.0.116.${i + 1}`, '/api/auth/resend-code', { email }),
        ),
      );
      expect(new Set(burst.map((res) => `${res.statusCode} ${res.body}`))).toEqual(
        new Set(['200 {"ok":true}']),
      );
      const sent = () =>
        t.mail.messages.filter((mail) => mail.to.includes(email) && mail.receivedAt >= since);
      await vi.waitFor(() => expect(sent()).toHaveLength(5), { timeout: 10_000 });
      // Mails are listed as they finish arriving, not as they start: the latest start bounds them all.
      const latest = Math.max(...sent().map((mail) => mail.receivedAt));
      await expect(t.mail.waitForMail(email, { since: latest + 1, timeoutMs: 300 })).rejects.toThrow();
      expect(sent()).toHaveLength(5);
    });
  });
});
