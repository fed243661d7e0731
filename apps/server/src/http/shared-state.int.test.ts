// What a traveller may do, changed on one instance of the service, holds on another within a second: the
// session and user rows behind every request are cached for at most a second per process
// (SESSION_CACHE_TTL_MS, USER_CACHE_TTL_MS), and export links are read from the database each time. A
// create sent again with its Idempotency-Key is one pin, whichever instances the copies reach.
// Instance B is the worst case throughout: it has just served the traveller, so its caches are warm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { REFRESH_COOKIE } from '../modules/auth/auth.routes.js';
import { SESSION_CACHE_TTL_MS } from '../modules/auth/sessions.repository.js';
import { USER_CACHE_TTL_MS } from '../modules/auth/users.repository.js';
import {
  TEST_PASSWORD,
  accountMaker,
  startAnotherInstance,
  startTestApp,
  testDialects,
  type TestApp,
} from '../testing/test-app.js';

describe.each(testDialects())('state shared by two instances on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let signIns = 0;
  const makeAccount = accountMaker(() => a, { label: 'shared' });

  beforeAll(async () => {
    a = await startTestApp(dialect);
    b = await startAnotherInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A sign-in through instance A's route: its access token, and the refresh cookie that can end it. */
  async function signInOnA(): Promise<{ token: string; cookie: string }> {
    const { userId } = await makeAccount();
    const { email } = await a.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    signIns += 1;
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: `10.96.0.${signIns}`,
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE && c.value)!.value;
    return { token: res.json().accessToken as string, cookie };
  }

  const signOutOnA = async (cookie: string) => {
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: `${REFRESH_COOKIE}=${cookie}` },
    });
    expect(res.statusCode).toBe(200);
  };

  const as = (t: TestApp, token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const me = (t: TestApp, token: string) => as(t, token, 'GET', '/api/auth/me');
  const status = async (answer: Promise<LightMyRequestResponse>) => (await answer).statusCode;

  it('refuses on instance B, at once, a session ended on instance A that B had not just served', async () => {
    const { token, cookie } = await signInOnA();
    expect(await status(me(a, token))).toBe(200);
    await signOutOnA(cookie);
    expect(await status(me(b, token))).toBe(401);
  });

  it('refuses on instance B a session ended on instance A once a second has passed, though B had just served it', async () => {
    const { token, cookie } = await signInOnA();
    expect(await status(me(b, token))).toBe(200);
    await signOutOnA(cookie);
    b.advance(SESSION_CACHE_TTL_MS);
    expect(await status(me(b, token))).toBe(401);
  });

  it('applies on instance B a plan changed on instance A within a second, up and down', async () => {
    const { token } = await signInOnA();
    // The leaderboard needs the standard plan: B reads the free plan and refuses it.
    expect(await status(as(b, token, 'GET', '/api/leaderboard'))).toBe(403);

    expect(await status(as(a, token, 'POST', '/api/tier-upgrade', { newTierId: 'standard' }))).toBe(200);
    b.advance(USER_CACHE_TTL_MS);
    expect(await status(as(b, token, 'GET', '/api/leaderboard'))).toBe(200);

    expect(await status(as(a, token, 'POST', '/api/tier-upgrade', { newTierId: 'free' }))).toBe(200);
    b.advance(USER_CACHE_TTL_MS);
    expect(await status(as(b, token, 'GET', '/api/leaderboard'))).toBe(403);
  });

  it('opens an export link made on instance A once on either instance, and not at all once its session ended on A', async () => {
    const first = await signInOnA();
    const exportUrl = async () =>
      (await as(a, first.token, 'GET', '/api/account/export-url')).json().downloadUrl as string;

    const once = await exportUrl();
    expect(await status(b.app.inject({ method: 'GET', url: once }))).toBe(200);
    expect(await status(a.app.inject({ method: 'GET', url: once }))).toBe(404);

    const ended = await exportUrl();
    // B has just served this session: the link is still refused at once, its session read afresh.
    expect(await status(me(b, first.token))).toBe(200);
    await signOutOnA(first.cookie);
    expect(await status(b.app.inject({ method: 'GET', url: ended }))).toBe(404);
  });

  it('makes one pin of a create sent to both instances at once with one Idempotency-Key, and both answer it', async () => {
    const { token } = await signInOnA();
    const create = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pins',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'one-save-of-basel-0001' },
        payload: { lat: 47.5596, lng: 7.5886, title: 'Basel' },
      });
    const answers = await Promise.all([create(a), create(b), create(a), create(b)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    const pinIds = new Set(answers.map((answer) => answer.json().pinId as string));
    expect(pinIds.size).toBe(1);
    const listed = (await as(b, token, 'GET', '/api/pins')).json().pins as { pinId: string }[];
    expect(listed.map((pin) => pin.pinId)).toEqual([...pinIds]);
  });
});
