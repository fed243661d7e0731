import { afterEach, describe, expect, it } from 'vitest';
import { flush, manualClock } from '../testing/manual-clock';
import { ConnectionMonitor, isGatewayFailure, RETRY_DELAYS_MS } from './connection';

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

/** A server that answers or not, as the test says, recording what was asked. */
function server() {
  const state = { up: true, answer: () => json(200, { status: 'ok' }) as Response, paths: [] as string[] };
  const fetchImpl = ((input: RequestInfo | URL) => {
    state.paths.push(String(input));
    return state.up ? Promise.resolve(state.answer()) : networkDown();
  }) as typeof fetch;
  return { state, fetch: fetchImpl };
}

const monitors: ConnectionMonitor[] = [];
function monitorOf(fetchImpl: typeof fetch) {
  const clock = manualClock();
  const monitor = new ConnectionMonitor({ fetch: fetchImpl, clock });
  monitors.push(monitor);
  return { monitor, clock, watched: monitor.watch(fetchImpl) };
}

afterEach(() => {
  for (const monitor of monitors.splice(0)) monitor.dispose();
});

describe('ConnectionMonitor', () => {
  it('marks the server unreachable when a request gets no answer, and reachable at the next check that gets one', async () => {
    const { state, fetch } = server();
    const { monitor, clock, watched } = monitorOf(fetch);
    let reconnected = 0;
    monitor.onReconnect(() => reconnected++);

    state.up = false;
    await expect(watched('/api/pins')).rejects.toThrow('Failed to fetch');
    expect(monitor.getSnapshot()).toEqual({ reachable: false, offline: false, retryAt: clock.now() + 2_000 });

    state.up = true;
    await clock.advance(2_000);

    expect(monitor.getSnapshot().reachable).toBe(true);
    expect(state.paths).toEqual(['/api/pins', '/api/health']);
    expect(reconnected).toBe(1);
  });

  it('waits 2, 4, 8, 16 and then 30 seconds between checks while the server stays away', async () => {
    const { state, fetch } = server();
    const { monitor, clock, watched } = monitorOf(fetch);
    state.up = false;
    await watched('/api/pins').catch(() => {});

    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { retryAt } = monitor.getSnapshot();
      waits.push(retryAt! - clock.now());
      await clock.advance(retryAt! - clock.now());
    }

    expect(waits).toEqual([...RETRY_DELAYS_MS, 30_000]);
    expect(state.paths.filter((path) => path === '/api/health')).toHaveLength(6);
  });

  it('counts an error the server answers with as reachable: that is a refusal, not an outage', async () => {
    const { state, fetch } = server();
    const { monitor, watched } = monitorOf(fetch);
    state.answer = () => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });

    expect((await watched('/api/pins')).status).toBe(500);
    state.answer = () => json(503, { error: { code: 'UNAVAILABLE', message: 'Starting' } });
    expect((await watched('/api/pins')).status).toBe(503);

    expect(monitor.getSnapshot().reachable).toBe(true);
  });

  it("counts a proxy's gateway page as the server being unreachable", async () => {
    const { state, fetch } = server();
    const { monitor, watched } = monitorOf(fetch);
    state.answer = () =>
      new Response('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } });

    expect((await watched('/api/pins')).status).toBe(502);

    expect(monitor.getSnapshot().reachable).toBe(false);
    expect(isGatewayFailure(new Response('', { status: 504 }))).toBe(true);
    expect(isGatewayFailure(json(504))).toBe(false);
    expect(isGatewayFailure(new Response('', { status: 500 }))).toBe(false);
  });

  it('does not count a request the app itself cancelled', async () => {
    const aborted = (() =>
      Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))) as typeof fetch;
    const { monitor, watched } = monitorOf(aborted);

    await expect(watched('/api/places/search?q=lis')).rejects.toThrow('aborted');

    expect(monitor.getSnapshot().reachable).toBe(true);
  });

  it('checks at once on Retry now, and again on schedule when that check fails too', async () => {
    const { state, fetch } = server();
    const { monitor, clock, watched } = monitorOf(fetch);
    state.up = false;
    await watched('/api/pins').catch(() => {});

    monitor.retryNow();
    expect(monitor.getSnapshot().retryAt).toBeNull();
    await flush();

    expect(state.paths).toEqual(['/api/pins', '/api/health']);
    expect(monitor.getSnapshot()).toMatchObject({ reachable: false, retryAt: clock.now() + 4_000 });
  });

  it('an answer to any request ends the outage before the next check', async () => {
    const { state, fetch } = server();
    const { monitor, clock, watched } = monitorOf(fetch);
    state.up = false;
    await watched('/api/pins').catch(() => {});

    state.up = true;
    await watched('/api/pins');
    await clock.advance(60_000);

    expect(monitor.getSnapshot()).toEqual({ reachable: true, offline: false, retryAt: null });
    expect(state.paths).toEqual(['/api/pins', '/api/pins']);
  });

  it("follows the browser's offline and online events", async () => {
    const { state, fetch } = server();
    const { monitor } = monitorOf(fetch);
    const target = new EventTarget() as EventTarget & { navigator: { onLine: boolean } };
    target.navigator = { onLine: true };
    monitor.listenTo(target as unknown as Window);

    target.dispatchEvent(new Event('offline'));
    expect(monitor.getSnapshot()).toMatchObject({ reachable: false, offline: true });

    target.dispatchEvent(new Event('online'));
    await flush();

    expect(state.paths).toEqual(['/api/health']);
    expect(monitor.getSnapshot()).toEqual({ reachable: true, offline: false, retryAt: null });
  });
});
