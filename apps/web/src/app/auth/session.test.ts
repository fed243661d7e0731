import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session, User } from '@waymarks/shared';
import { buildUser } from '@waymarks/shared/testing';
import { REFRESH_RETRY_MS, SESSION_EXPIRED_MESSAGE, SessionExpiredError, SessionManager } from './session';
import { ConnectionMonitor } from '../../lib/connection';
import { flush, manualClock } from '../../testing/manual-clock';
import { jsonResponse, unauthorizedResponse } from '../../testing/responses';

const HOUR = 60 * 60 * 1000;
/** SPEC.md §9 Auth: the token early-refresh margin, written out so a changed constant fails here. */
const FIVE_MINUTES = 5 * 60 * 1000;

function session(token: string, expiresAt: number): Session {
  return {
    accessToken: token,
    expiresAt,
    user: buildUser(),
  };
}

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

/** A fetch that records every call and answers from the handler. */
function fakeFetch(handler: Handler) {
  const calls: { path: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    calls.push({ path, init });
    return handler(path, init);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** Lets a whole answer settle: reading a Response's body takes more than a few promise turns. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const authHeader = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

describe('SessionManager', () => {
  it('restores the session from the refresh cookie on start', async () => {
    const clock = manualClock();
    const { fetch, calls } = fakeFetch(() => jsonResponse(200, session('t1', clock.now() + HOUR)));
    const manager = new SessionManager({ fetch, clock });

    expect(manager.getSnapshot().status).toBe('loading');
    await manager.start();

    expect(calls[0]?.path).toBe('/api/auth/refresh');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', expired: false });
    expect(manager.getSnapshot().user?.name).toBe('Ada');
    expect(manager.getAccessToken()).toBe('t1');
  });

  it('starts signed out, without the expired flag, when there is no refresh cookie (204)', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const manager = new SessionManager({ fetch, clock: manualClock() });

    await manager.start();

    expect(manager.getSnapshot()).toEqual({
      status: 'signedOut',
      user: null,
      expired: false,
      offline: false,
    });
  });

  it('starts signed out, without the expired flag, when the refresh cookie is refused', async () => {
    const { fetch } = fakeFetch(() => unauthorizedResponse());
    const manager = new SessionManager({ fetch, clock: manualClock() });

    await manager.start();

    expect(manager.getSnapshot()).toEqual({
      status: 'signedOut',
      user: null,
      expired: false,
      offline: false,
    });
  });

  it('starts signed out when the server cannot be reached and nothing watches the connection', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const manager = new SessionManager({ fetch, clock: manualClock() });

    await manager.start();

    expect(manager.getSnapshot().status).toBe('signedOut');
  });

  it('waits for an unreachable server and restores the session once it answers again', async () => {
    const clock = manualClock();
    let up = false;
    const { fetch: raw, calls } = fakeFetch((path) => {
      if (!up) return Promise.reject(new TypeError('Failed to fetch'));
      if (path === '/api/health') return jsonResponse(200, { status: 'ok' });
      return jsonResponse(200, session('t1', clock.now() + HOUR));
    });
    const connection = new ConnectionMonitor({ fetch: raw, clock });
    const manager = new SessionManager({ fetch: connection.watch(raw), clock, connection });

    let started = false;
    void manager.start().then(() => (started = true));
    await flush();
    // Not sent to sign-in for a network failure: the page waits, and the banner says why.
    expect(manager.getSnapshot().status).toBe('loading');
    expect(connection.getSnapshot().reachable).toBe(false);

    up = true;
    await clock.advance(2_000);
    await flush();

    expect(started).toBe(true);
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', expired: false });
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/refresh', '/api/health', '/api/auth/refresh']);
    connection.dispose();
  });

  it('waits as long as a busy server asks (429, Retry-After) and then restores the session', async () => {
    const clock = manualClock();
    let busy = true;
    const { fetch, calls } = fakeFetch(() =>
      busy
        ? new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '19' },
          })
        : jsonResponse(200, session('t1', clock.now() + HOUR)),
    );
    const manager = new SessionManager({ fetch, clock });

    let started = false;
    void manager.start().then(() => (started = true));
    await settled();
    // Not sent to sign-in: the page waits for the server's 19 seconds.
    expect(manager.getSnapshot().status).toBe('loading');
    busy = false;
    await clock.advance(18_000);
    await settled();
    expect(calls).toHaveLength(1);
    expect(started).toBe(false);

    await clock.advance(1_000);
    await settled();
    expect(started).toBe(true);
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', expired: false });
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/refresh', '/api/auth/refresh']);
  });

  it('starts signed out when the server answers the refresh with an error of its own', async () => {
    const clock = manualClock();
    const { fetch: raw } = fakeFetch(() =>
      jsonResponse(500, { error: { code: 'INTERNAL', message: 'Broken' } }),
    );
    const connection = new ConnectionMonitor({ fetch: raw, clock });
    const manager = new SessionManager({ fetch: connection.watch(raw), clock, connection });

    await manager.start();

    expect(manager.getSnapshot().status).toBe('signedOut');
    expect(connection.getSnapshot().reachable).toBe(true);
  });

  it('schedules the refresh five minutes before the access token expires', async () => {
    const clock = manualClock();
    const expiresAt = clock.now() + HOUR;
    let issued = 0;
    const { fetch, calls } = fakeFetch(() => jsonResponse(200, session(`t${++issued}`, clock.now() + HOUR)));
    const manager = new SessionManager({ fetch, clock });
    await manager.start();
    expect(calls).toHaveLength(1);

    await clock.advance(expiresAt - FIVE_MINUTES - clock.now() - 1);
    expect(calls).toHaveLength(1);

    await clock.advance(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.path).toBe('/api/auth/refresh');
    expect(manager.getAccessToken()).toBe('t2');
  });

  it('schedules the refresh from the expiry of the session a sign-in returns', async () => {
    const clock = manualClock();
    const expiresAt = clock.now() + 2 * HOUR;
    const { fetch, calls } = fakeFetch((path) =>
      path === '/api/auth/signin'
        ? jsonResponse(200, session('t1', expiresAt))
        : jsonResponse(200, session('t2', expiresAt + HOUR)),
    );
    const manager = new SessionManager({ fetch, clock });

    await manager.signIn('ada@example.com', 'Secret123');
    await clock.advance(2 * HOUR - FIVE_MINUTES - 1);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/signin']);

    await clock.advance(1);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/signin', '/api/auth/refresh']);
  });

  it('shares one refresh request between concurrent callers', async () => {
    const clock = manualClock();
    let answer: (response: Response) => void = () => {};
    const { fetch, calls } = fakeFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const manager = new SessionManager({ fetch, clock });

    const first = manager.refresh();
    const second = manager.refresh();
    const third = manager.refresh();
    expect(second).toBe(first);
    expect(third).toBe(first);
    await flush();
    expect(calls).toHaveLength(1);

    answer(jsonResponse(200, session('t1', clock.now() + HOUR)));
    const results = await Promise.all([first, second, third]);
    expect(results.map((s) => s?.accessToken)).toEqual(['t1', 't1', 't1']);

    // Once it has settled, the next refresh is a new request.
    void manager.refresh();
    await flush();
    expect(calls).toHaveLength(2);
  });

  it('refreshes once on a 401 and retries the request with the new token', async () => {
    const clock = manualClock();
    let refreshes = 0;
    const { fetch, calls } = fakeFetch((path, init) => {
      if (path === '/api/auth/refresh')
        return jsonResponse(200, session(`t${++refreshes}`, clock.now() + HOUR));
      return authHeader(init) === 'Bearer t2' ? jsonResponse(200, { pins: [] }) : unauthorizedResponse();
    });
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    await expect(manager.request('/pins')).resolves.toEqual({ pins: [] });

    expect(calls.map((c) => c.path)).toEqual([
      '/api/auth/refresh',
      '/api/pins',
      '/api/auth/refresh',
      '/api/pins',
    ]);
    expect(authHeader(calls[1]!.init)).toBe('Bearer t1');
    expect(authHeader(calls[3]!.init)).toBe('Bearer t2');
    expect(manager.getSnapshot().status).toBe('signedIn');
  });

  it('retries a create after a 401 with the same Idempotency-Key, so the server can make one of both', async () => {
    const clock = manualClock();
    let refreshes = 0;
    const { fetch, calls } = fakeFetch((path, init) => {
      if (path === '/api/auth/refresh')
        return jsonResponse(200, session(`t${++refreshes}`, clock.now() + HOUR));
      return authHeader(init) === 'Bearer t2' ? jsonResponse(201, {}) : unauthorizedResponse();
    });
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    await manager.request('/pins', { method: 'POST', body: {}, idempotencyKey: 'one-save-of-a-place' });

    const creates = calls.filter((c) => c.path === '/api/pins');
    expect(creates).toHaveLength(2);
    const keyOf = (init: RequestInit | undefined) =>
      (init?.headers as Record<string, string>)['Idempotency-Key'];
    expect(creates.map((c) => keyOf(c.init))).toEqual(['one-save-of-a-place', 'one-save-of-a-place']);
  });

  it('uses a single refresh when several requests get 401 at the same time', async () => {
    const clock = manualClock();
    let refreshes = 0;
    const { fetch, calls } = fakeFetch((path, init) => {
      if (path === '/api/auth/refresh')
        return jsonResponse(200, session(`t${++refreshes}`, clock.now() + HOUR));
      return authHeader(init) === 'Bearer t2' ? jsonResponse(200, { path }) : unauthorizedResponse();
    });
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    const results = await Promise.all([
      manager.request('/pins'),
      manager.request('/profile'),
      manager.request('/countries'),
    ]);

    expect(results).toEqual([{ path: '/api/pins' }, { path: '/api/profile' }, { path: '/api/countries' }]);
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(2);
  });

  it('signs out with "Session expired. Please log in again." when the retry is still 401', async () => {
    const clock = manualClock();
    let refreshes = 0;
    const { fetch, calls } = fakeFetch((path) =>
      path === '/api/auth/refresh'
        ? jsonResponse(200, session(`t${++refreshes}`, clock.now() + HOUR))
        : unauthorizedResponse(),
    );
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    const failure = manager.request('/pins');

    await expect(failure).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(failure).rejects.toThrow(SESSION_EXPIRED_MESSAGE);
    expect(SESSION_EXPIRED_MESSAGE).toBe('Session expired. Please log in again.');
    expect(calls.map((c) => c.path)).toEqual([
      '/api/auth/refresh',
      '/api/pins',
      '/api/auth/refresh',
      '/api/pins',
    ]);
    expect(manager.getSnapshot()).toEqual({ status: 'signedOut', user: null, expired: true, offline: false });
    expect(manager.getAccessToken()).toBeNull();
  });

  it('signs out as expired when the refresh after a 401 is refused', async () => {
    const clock = manualClock();
    let refreshes = 0;
    const { fetch, calls } = fakeFetch((path) => {
      if (path !== '/api/auth/refresh') return unauthorizedResponse();
      return ++refreshes === 1
        ? jsonResponse(200, session('t1', clock.now() + HOUR))
        : unauthorizedResponse();
    });
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    await expect(manager.request('/pins')).rejects.toThrow(SESSION_EXPIRED_MESSAGE);

    expect(calls.map((c) => c.path)).toEqual(['/api/auth/refresh', '/api/pins', '/api/auth/refresh']);
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedOut', expired: true });
  });

  it('passes non-401 API errors through without refreshing', async () => {
    const clock = manualClock();
    const { fetch, calls } = fakeFetch((path) =>
      path === '/api/auth/refresh'
        ? jsonResponse(200, session('t1', clock.now() + HOUR))
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Pin not found' } }),
    );
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    await expect(manager.request('/pins/9')).rejects.toMatchObject({
      status: 404,
      serverMessage: 'Pin not found',
    });
    expect(calls).toHaveLength(2);
    expect(manager.getSnapshot().status).toBe('signedIn');
  });

  it('refuses an authenticated request when there is no session', async () => {
    const { fetch } = fakeFetch(() => unauthorizedResponse());
    const manager = new SessionManager({ fetch, clock: manualClock() });

    await expect(manager.request('/pins')).rejects.toThrow('No authentication token available');
  });

  it('ends the session as expired when the scheduled refresh is refused', async () => {
    const clock = manualClock();
    let refreshes = 0;
    const { fetch } = fakeFetch(() =>
      ++refreshes === 1 ? jsonResponse(200, session('t1', clock.now() + HOUR)) : unauthorizedResponse(),
    );
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    await clock.advance(HOUR - FIVE_MINUTES);

    expect(manager.getSnapshot()).toMatchObject({ status: 'signedOut', expired: true });
  });

  it('keeps the session and retries later when the scheduled refresh cannot reach the server', async () => {
    const clock = manualClock();
    let refreshes = 0;
    const { fetch, calls } = fakeFetch(() => {
      refreshes += 1;
      if (refreshes === 2) return Promise.reject(new TypeError('Failed to fetch'));
      return jsonResponse(200, session(`t${refreshes}`, clock.now() + HOUR));
    });
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    await clock.advance(HOUR - FIVE_MINUTES);
    expect(calls).toHaveLength(2);
    expect(manager.getSnapshot().status).toBe('signedIn');
    expect(manager.getAccessToken()).toBe('t1');

    await clock.advance(REFRESH_RETRY_MS);
    expect(calls).toHaveLength(3);
    expect(manager.getAccessToken()).toBe('t3');
  });

  it('signs out on the server with the bearer token and forgets the session', async () => {
    const clock = manualClock();
    const { fetch, calls } = fakeFetch((path) =>
      path === '/api/auth/refresh'
        ? jsonResponse(200, session('t1', clock.now() + HOUR))
        : jsonResponse(200, { ok: true }),
    );
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    await manager.signOut();

    expect(calls[1]?.path).toBe('/api/auth/signout');
    expect(authHeader(calls[1]!.init)).toBe('Bearer t1');
    expect(manager.getSnapshot()).toEqual({
      status: 'signedOut',
      user: null,
      expired: false,
      offline: false,
    });
    // No refresh stays scheduled for a session that is gone.
    await clock.advance(2 * HOUR);
    expect(calls).toHaveLength(2);
  });

  it('clears the session even when the server-side sign-out fails', async () => {
    const clock = manualClock();
    const { fetch } = fakeFetch((path) =>
      path === '/api/auth/refresh'
        ? jsonResponse(200, session('t1', clock.now() + HOUR))
        : jsonResponse(500, { error: {} }),
    );
    const manager = new SessionManager({ fetch, clock });
    await manager.start();

    await expect(manager.signOut()).resolves.toBeUndefined();
    expect(manager.getSnapshot().status).toBe('signedOut');
  });

  it('ignores a refresh answer that arrives after the user signed out', async () => {
    const clock = manualClock();
    let answerRefresh: (response: Response) => void = () => {};
    const { fetch } = fakeFetch((path) => {
      if (path === '/api/auth/refresh') {
        return new Promise<Response>((resolve) => {
          answerRefresh = resolve;
        });
      }
      return jsonResponse(200, { ok: true });
    });
    const manager = new SessionManager({ fetch, clock });

    const pending = manager.refresh();
    await manager.signOut();
    answerRefresh(jsonResponse(200, session('late', clock.now() + HOUR)));
    await pending;

    expect(manager.getSnapshot().status).toBe('signedOut');
    expect(manager.getAccessToken()).toBeNull();
  });

  it('notifies subscribers on every change of state', async () => {
    const clock = manualClock();
    const { fetch } = fakeFetch((path) =>
      path === '/api/auth/signin'
        ? jsonResponse(200, session('t1', clock.now() + HOUR))
        : unauthorizedResponse(),
    );
    const manager = new SessionManager({ fetch, clock });
    const seen: string[] = [];
    manager.subscribe(() => seen.push(manager.getSnapshot().status));

    await manager.start();
    await manager.signIn('ada@example.com', 'Secret123');

    expect(seen).toEqual(['signedOut', 'signedIn']);
  });
});

describe('SessionManager offline start-up', () => {
  const SERVER_USER = session('unused', 0).user;
  /** The traveller this device kept: the same account, but not the object the server sends back. */
  const KEPT_USER: User = { ...SERVER_USER, name: 'Ada as kept on this device' };
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));

  const monitors: ConnectionMonitor[] = [];
  afterEach(() => {
    for (const monitor of monitors.splice(0)) monitor.dispose();
  });

  /**
   * A server that cannot be reached until `serverBack`, watched by a real ConnectionMonitor (its first check
   * is due two seconds after the failure); `refresh` answers /api/auth/refresh once it is reachable, and any
   * other path answers only the bearer of t1.
   */
  function offlineStartUp({
    kept,
    refresh,
    reachableAtStart = false,
  }: {
    kept: () => Promise<User | null>;
    refresh?: () => Response | Promise<Response>;
    reachableAtStart?: boolean;
  }) {
    const clock = manualClock();
    let up = reachableAtStart;
    const { fetch: raw, calls } = fakeFetch((path, init) => {
      if (!up) return offline();
      if (path === '/api/health') return jsonResponse(200, { status: 'ok' });
      if (path === '/api/auth/refresh')
        return refresh ? refresh() : jsonResponse(200, session('t1', clock.now() + HOUR));
      return authHeader(init) === 'Bearer t1' ? jsonResponse(200, { pins: [] }) : unauthorizedResponse();
    });
    const connection = new ConnectionMonitor({ fetch: raw, clock });
    monitors.push(connection);
    const restoreOffline = vi.fn(kept);
    const manager = new SessionManager({ fetch: connection.watch(raw), clock, connection, restoreOffline });
    let started = false;
    const start = async () => {
      void manager.start().then(() => (started = true));
      await settled();
    };
    const serverBack = async () => {
      up = true;
      await clock.advance(2_000);
      await settled();
    };
    const serverGone = () => {
      up = false;
    };
    return {
      clock,
      manager,
      connection,
      calls,
      restoreOffline,
      start,
      serverBack,
      serverGone,
      hasStarted: () => started,
    };
  }

  it('shows the kept user as signed in and offline when the server cannot be reached at start', async () => {
    const { manager, connection, restoreOffline, start, hasStarted } = offlineStartUp({
      kept: () => Promise.resolve(KEPT_USER),
    });

    await start();

    expect(connection.getSnapshot().reachable).toBe(false);
    expect(restoreOffline).toHaveBeenCalledTimes(1);
    expect(manager.getSnapshot()).toEqual({
      status: 'signedIn',
      user: KEPT_USER,
      expired: false,
      offline: true,
    });
    // Signed in as far as the screens go, but with no token, and the real start-up still waits.
    expect(manager.getAccessToken()).toBeNull();
    expect(hasStarted()).toBe(false);
  });

  it('stays loading when the server cannot be reached at start and the device keeps no user', async () => {
    const { manager, connection, restoreOffline, start } = offlineStartUp({
      kept: () => Promise.resolve(null),
    });

    await start();

    expect(connection.getSnapshot().reachable).toBe(false);
    expect(restoreOffline).toHaveBeenCalledTimes(1);
    expect(manager.getSnapshot()).toEqual({ status: 'loading', user: null, expired: false, offline: false });
  });

  it('holds a request made while offline until the server is back, then sends it with the new access token', async () => {
    const { manager, calls, start, serverBack, hasStarted } = offlineStartUp({
      kept: () => Promise.resolve(KEPT_USER),
    });
    await start();
    expect(manager.getSnapshot().offline).toBe(true);

    let settledWith: 'resolved' | 'rejected' | null = null;
    const pending = manager.request('/pins');
    pending.then(
      () => (settledWith = 'resolved'),
      () => (settledWith = 'rejected'),
    );
    await settled();

    // Neither sent without a token nor refused for the lack of one: it waits for the real session.
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/refresh']);
    expect(settledWith).toBeNull();

    await serverBack();

    await expect(pending).resolves.toEqual({ pins: [] });
    expect(hasStarted()).toBe(true);
    expect(calls.map((call) => call.path)).toEqual([
      '/api/auth/refresh',
      '/api/health',
      '/api/auth/refresh',
      '/api/pins',
    ]);
    expect(authHeader(calls[3]!.init)).toBe('Bearer t1');
    expect(manager.getAccessToken()).toBe('t1');
    expect(manager.getSnapshot()).toEqual({
      status: 'signedIn',
      user: SERVER_USER,
      expired: false,
      offline: false,
    });
  });

  it('ends the session shown offline as expired when the server is back and refuses the refresh', async () => {
    const { manager, calls, start, serverBack, hasStarted } = offlineStartUp({
      kept: () => Promise.resolve(KEPT_USER),
      refresh: unauthorizedResponse,
    });
    await start();
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', offline: true });

    await serverBack();

    expect(hasStarted()).toBe(true);
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/refresh', '/api/health', '/api/auth/refresh']);
    expect(manager.getSnapshot()).toEqual({ status: 'signedOut', user: null, expired: true, offline: false });
    expect(manager.getAccessToken()).toBeNull();
  });

  it('never asks for the kept user when the server answers the refresh at start', async () => {
    const { manager, restoreOffline, start, hasStarted } = offlineStartUp({
      kept: () => Promise.resolve(KEPT_USER),
      reachableAtStart: true,
    });

    await start();

    expect(hasStarted()).toBe(true);
    expect(restoreOffline).not.toHaveBeenCalled();
    expect(manager.getSnapshot()).toEqual({
      status: 'signedIn',
      user: SERVER_USER,
      expired: false,
      offline: false,
    });
  });

  it('never puts a kept user found late over the live session, even when the server is unreachable again', async () => {
    let giveKept: (user: User) => void = () => {};
    const { manager, connection, restoreOffline, start, serverBack, serverGone, hasStarted } = offlineStartUp(
      {
        kept: () =>
          new Promise<User>((resolve) => {
            giveKept = resolve;
          }),
      },
    );
    await start();
    expect(restoreOffline).toHaveBeenCalledTimes(1);
    expect(manager.getSnapshot().status).toBe('loading');
    await serverBack();
    expect(hasStarted()).toBe(true);

    // The server is lost again (a request finds it gone) before the device has read its kept user.
    serverGone();
    await expect(manager.request('/pins')).rejects.toThrow('Failed to fetch');
    expect(connection.getSnapshot().reachable).toBe(false);
    giveKept(KEPT_USER);
    await settled();

    expect(manager.getSnapshot()).toEqual({
      status: 'signedIn',
      user: SERVER_USER,
      expired: false,
      offline: false,
    });
    expect(manager.getAccessToken()).toBe('t1');
  });

  it('does not show a kept user found after the server is back, while the refresh is still on its way', async () => {
    let giveKept: (user: User) => void = () => {};
    let answerRefresh: (response: Response) => void = () => {};
    const { clock, manager, connection, start, serverBack } = offlineStartUp({
      kept: () =>
        new Promise<User>((resolve) => {
          giveKept = resolve;
        }),
      refresh: () =>
        new Promise<Response>((resolve) => {
          answerRefresh = resolve;
        }),
    });
    await start();

    await serverBack();
    expect(connection.getSnapshot().reachable).toBe(true);
    expect(manager.getSnapshot().status).toBe('loading');
    giveKept(KEPT_USER);
    await settled();

    expect(manager.getSnapshot()).toEqual({ status: 'loading', user: null, expired: false, offline: false });
    answerRefresh(jsonResponse(200, session('t1', clock.now() + HOUR)));
    await settled();
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', user: SERVER_USER, offline: false });
  });
});
