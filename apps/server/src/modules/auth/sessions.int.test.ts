// Sessions end whole: signing out or replaying a refresh token ends the access token too (on every
// instance within a second), a session ends at its absolute end however often it is refreshed, and the
// cookie routes refuse pages of other origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Session } from '@waymarks/shared';
import { buildApp } from '../../app.js';
import {
  TEST_PASSWORD,
  accountMaker,
  startTestApp,
  testDialects,
  type TestApp,
} from '../../testing/test-app.js';
import { REFRESH_COOKIE } from './auth.routes.js';
import { SESSION_CACHE_TTL_MS } from './sessions.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())('sessions on %s', (dialect) => {
  let t: TestApp;
  let clientCount = 0;
  const makeAccount = accountMaker(() => t, { label: 'session' });

  beforeAll(async () => {
    t = await startTestApp(dialect, { SESSION_MAX_AGE_DAYS: '30', SESSION_IDLE_DAYS: '14' });
  });
  afterAll(async () => t?.close());

  /** A fresh browser's sign-in: the session's access token and its refresh cookie. */
  async function signIn(): Promise<{ accessToken: string; cookie: string; session: Session }> {
    const { userId } = await makeAccount();
    const user = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    clientCount += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: `10.21.0.${clientCount}`,
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<Session>();
    return { accessToken: session.accessToken, cookie: refreshCookieOf(res)!, session };
  }

  const refreshCookieOf = (res: LightMyRequestResponse) =>
    res.cookies.find((cookie) => cookie.name === REFRESH_COOKIE && cookie.value)?.value;

  const me = (accessToken: string, app: FastifyInstance = t.app) =>
    app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

  const cookiePost = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: `${REFRESH_COOKIE}=${cookie}`, ...headers } });

  it('ends the access token at sign-out, not only the refresh token', async () => {
    const { accessToken, cookie } = await signIn();
    expect((await me(accessToken)).statusCode).toBe(200);
    expect((await cookiePost('/api/auth/signout', cookie)).statusCode).toBe(200);
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await cookiePost('/api/auth/refresh', cookie)).statusCode).toBe(401);
  });

  it('ends every access token of the session when a rotated refresh token is replayed', async () => {
    const { accessToken: first, cookie: stolen } = await signIn();
    const rotated = await cookiePost('/api/auth/refresh', stolen);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<Session>().accessToken;
    expect((await me(second)).statusCode).toBe(200);

    expect((await cookiePost('/api/auth/refresh', stolen)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await cookiePost('/api/auth/refresh', refreshCookieOf(rotated)!)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the account alone at sign-out', async () => {
    const { userId } = await makeAccount();
    const { email } = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const signInFrom = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password: TEST_PASSWORD },
        remoteAddress: address,
      });
    const laptop = await signInFrom('10.22.0.1');
    const phone = await signInFrom('10.22.0.2');
    await cookiePost('/api/auth/signout', refreshCookieOf(laptop)!);
    expect((await me(laptop.json<Session>().accessToken)).statusCode).toBe(401);
    expect((await me(phone.json<Session>().accessToken)).statusCode).toBe(200);
  });

  it('ends the earlier session of a browser that signs in again', async () => {
    const first = await signIn();
    const { email } = first.session.user;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: TEST_PASSWORD },
      headers: { cookie: `${REFRESH_COOKIE}=${first.cookie}` },
      remoteAddress: '10.23.0.1',
    });
    expect(again.statusCode).toBe(200);
    expect((await me(first.accessToken)).statusCode).toBe(401);
    expect((await cookiePost('/api/auth/refresh', first.cookie)).statusCode).toBe(401);
    expect((await me(again.json<Session>().accessToken)).statusCode).toBe(200);
  });

  it('ends the access token on another instance within the one-second cache', async () => {
    let offset = 0;
    const other = await buildApp({
      config: t.config,
      db: t.db,
      logger: false,
      now: () => Date.now() + offset,
    });
    try {
      const { accessToken, cookie } = await signIn();
      expect((await me(accessToken, other)).statusCode).toBe(200);
      expect((await cookiePost('/api/auth/signout', cookie)).statusCode).toBe(200);
      offset += SESSION_CACHE_TTL_MS + 1;
      expect((await me(accessToken, other)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('ends a session at its absolute end however often it was refreshed, tokens included', async () => {
    const { cookie, session } = await signIn();
    const row = await t.db
      .selectFrom('sessions')
      .select(['expires_at', 'created_at'])
      .where('user_id', '=', session.user.userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.expires_at - row.created_at).toBe(30 * DAY_MS);

    let current = cookie;
    for (let day = 10; day < 30; day += 10) {
      t.advance(10 * DAY_MS);
      const res = await cookiePost('/api/auth/refresh', current);
      expect(res.statusCode).toBe(200);
      current = refreshCookieOf(res)!;
    }
    // Day 29.5: the refresh still works, but neither token outlives day 30.
    t.advance(9.5 * DAY_MS);
    const nearEnd = await cookiePost('/api/auth/refresh', current);
    expect(nearEnd.statusCode).toBe(200);
    const final = nearEnd.json<Session>();
    expect(final.expiresAt).toBeLessThanOrEqual(row.expires_at);
    const cookieExpiry = nearEnd.cookies.find((c) => c.name === REFRESH_COOKIE)!.expires!;
    expect(cookieExpiry.getTime()).toBeLessThanOrEqual(row.expires_at);

    t.advance(DAY_MS);
    expect((await cookiePost('/api/auth/refresh', refreshCookieOf(nearEnd)!)).statusCode).toBe(401);
    expect((await me(final.accessToken)).statusCode).toBe(401);
  });

  it('ends a session left unused for longer than the idle limit', async () => {
    const { cookie } = await signIn();
    t.advance(14 * DAY_MS + 1000);
    expect((await cookiePost('/api/auth/refresh', cookie)).statusCode).toBe(401);
  });

  describe('refresh and sign-out refuse pages of other origins', () => {
    it('refuses a refresh sent from another origin, and the token stays usable', async () => {
      const { cookie } = await signIn();
      const forgeries: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: `${t.config.publicUrl}.evil.example` },
        { origin: 'https://sub.localhost' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of forgeries) {
        const res = await cookiePost('/api/auth/refresh', cookie, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
      }
      const own = await cookiePost('/api/auth/refresh', cookie, {
        origin: new URL(t.config.publicUrl).origin,
        'sec-fetch-site': 'same-origin',
      });
      expect(own.statusCode).toBe(200);
      // The app opened at another address of its own (127.0.0.1 rather than localhost) is still itself.
      const sameHost = await cookiePost('/api/auth/refresh', refreshCookieOf(own)!, {
        origin: 'http://127.0.0.1:3000',
        host: '127.0.0.1:3000',
      });
      expect(sameHost.statusCode).toBe(200);
    });

    it('refuses a sign-out sent from another origin, and the session lives on', async () => {
      const { accessToken, cookie } = await signIn();
      const res = await cookiePost('/api/auth/signout', cookie, { 'sec-fetch-site': 'same-site' });
      expect(res.statusCode).toBe(403);
      expect((await me(accessToken)).statusCode).toBe(200);
      expect((await cookiePost('/api/auth/refresh', cookie)).statusCode).toBe(200);
    });
  });
});
