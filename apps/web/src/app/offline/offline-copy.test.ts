// The traveller's places kept on the device for the map offline (IndexedDB, fake-indexeddb here), between a
// real SessionManager on a fake server and a real QueryClient: written when the pins load for a live session,
// put back at an offline start-up, loaded afresh once the session is live, forgotten when it ends.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountriesSummary, Pin, Session, User } from '@waymarks/shared';
import { buildPin, buildUser } from '@waymarks/shared/testing';
import { countryKeys, pinKeys } from '../../features/pins';
import { DEVICE_STORES, writeDeviceRecord } from '../../lib/device-store';
import { ConnectionMonitor } from '../../lib/connection';
import { keepSharedFiles, takeSharedFiles } from '../../lib/shared-files';
import { manualClock } from '../../testing/manual-clock';
import { SessionManager } from '../auth/session';
import {
  forgetDeviceData,
  forgetOfflineCopy,
  loadOfflineCopy,
  OfflinePlaces,
  SAVE_DELAY_MS,
  type OfflineCopy,
} from './offline-copy';
import { jsonResponse, unauthorizedResponse } from '../../testing/responses';

const HOUR = 60 * 60 * 1000;
/** The record offline-copy.ts keeps its copy under. */
const RECORD = 'places';

const ada: User = buildUser();

const basel = buildPin();
const lisbon = buildPin({
  pinId: '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  title: 'Lisbon',
  lat: 38.7223,
  lng: -9.1393,
  countryCode: 'PT',
  countryName: 'Portugal',
});

const countries: CountriesSummary = {
  totalCountries: 1,
  totalPins: 1,
  totalMedia: 0,
  totalCities: 1,
  achievements: [],
  countries: [{ countryCode: 'CH', countryName: 'Switzerland', pinCount: 1, mediaCount: 0, totalSizeMB: 0 }],
};

function session(now: number): Session {
  return { accessToken: 'token-1', expiresAt: now + HOUR, user: ada };
}

/** A fetch answering from `handler` by path (such as '/api/auth/signin'). */
function fakeFetch(handler: (path: string) => Response | Promise<Response>): typeof fetch {
  return (async (input: RequestInfo | URL) => handler(String(input))) as typeof fetch;
}

/** A fake server that signs Ada in, refreshes her session and signs her out. */
function signingInServer(
  now: () => number,
  refresh: () => Response = () => jsonResponse(200, session(now())),
) {
  return fakeFetch((path) => {
    if (path === '/api/auth/signin') return jsonResponse(200, session(now()));
    if (path === '/api/auth/refresh') return refresh();
    if (path === '/api/auth/signout') return jsonResponse(200, { ok: true });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
}

function copyOf(overrides: Partial<OfflineCopy> = {}): OfflineCopy {
  return { format: 1, savedAt: Date.UTC(2026, 0, 15, 12), user: ada, pins: [basel], countries, ...overrides };
}

const loadPins = (queryClient: QueryClient, pins: Pin[]) =>
  queryClient.fetchQuery({ queryKey: pinKeys.all, queryFn: async () => pins });

/** Long enough for a save that is due now to have been written, were it written at all. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 50));

let queryClient: QueryClient;
const stops: (() => void)[] = [];

beforeEach(() => {
  // A fresh, empty device for each test.
  globalThis.indexedDB = new IDBFactory();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  queryClient.clear();
  vi.useRealTimers();
});

/** OfflinePlaces following `manager`, stopped after the test. */
function follow(manager: SessionManager, options: ConstructorParameters<typeof OfflinePlaces>[1] = {}) {
  const places = new OfflinePlaces(queryClient, options);
  stops.push(places.follow(manager), () => manager.dispose());
  return places;
}

describe('OfflinePlaces keeping the places', () => {
  it('keeps the pins, country figures and traveller loaded for a live session, dated when the pins loaded', async () => {
    const clock = manualClock();
    const manager = new SessionManager({ fetch: signingInServer(clock.now), clock });
    follow(manager, { delayMs: 0 });
    await manager.signIn('ada@example.com', 'Secret123');

    await loadPins(queryClient, [basel, lisbon]);
    await queryClient.fetchQuery({ queryKey: countryKeys.summary, queryFn: async () => countries });
    const loadedAt = queryClient.getQueryState(pinKeys.all)?.dataUpdatedAt;
    expect(loadedAt).toBeGreaterThan(0);

    await vi.waitFor(async () =>
      expect(await loadOfflineCopy()).toEqual({
        format: 1,
        savedAt: loadedAt,
        user: ada,
        pins: [basel, lisbon],
        countries,
      }),
    );
  });

  it('keeps the pins without country figures when those have not loaded', async () => {
    const clock = manualClock();
    const manager = new SessionManager({ fetch: signingInServer(clock.now), clock });
    follow(manager, { delayMs: 0 });
    await manager.signIn('ada@example.com', 'Secret123');

    await loadPins(queryClient, [basel]);

    await vi.waitFor(async () =>
      expect(await loadOfflineCopy()).toMatchObject({ user: ada, pins: [basel], countries: null }),
    );
  });

  it('writes the copy once the loads have stopped for the save delay, not at each load', async () => {
    // Only setTimeout is faked: fake-indexeddb runs its transactions on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = manualClock();
    const manager = new SessionManager({ fetch: signingInServer(clock.now), clock });
    follow(manager);
    await manager.signIn('ada@example.com', 'Secret123');

    await loadPins(queryClient, [basel]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    await queryClient.fetchQuery({ queryKey: countryKeys.summary, queryFn: async () => countries });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    await aWhileReally();
    expect(await loadOfflineCopy()).toBeNull();

    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect(await loadOfflineCopy()).toMatchObject({ pins: [basel], countries }));
  });

  it('keeps nothing of pins loaded while nobody is signed in', async () => {
    const clock = manualClock();
    const manager = new SessionManager({ fetch: signingInServer(clock.now), clock });
    follow(manager, { delayMs: 0 });

    await loadPins(queryClient, [basel]);
    await aWhile();

    expect(await loadOfflineCopy()).toBeNull();
  });
});

/** A real wait of a few milliseconds while setTimeout is faked: IndexedDB work in flight gets done. */
function aWhileReally() {
  return new Promise((resolve) => {
    let turns = 0;
    const turn = () => (++turns >= 20 ? resolve(undefined) : setImmediate(turn));
    setImmediate(turn);
  });
}

describe('OfflinePlaces.restore', () => {
  it('gives the traveller kept, leaving their places off the screens until the session shows them offline', async () => {
    await writeDeviceRecord(DEVICE_STORES.offlineCopy, RECORD, copyOf({ pins: [basel, lisbon] }));
    const places = new OfflinePlaces(queryClient);

    expect(await places.restore()).toEqual(ada);

    expect(queryClient.getQueryState(pinKeys.all)).toBeUndefined();
    expect(queryClient.getQueryState(countryKeys.summary)).toBeUndefined();
  });

  it('never puts the copy over a live session that began while it was being read', async () => {
    await writeDeviceRecord(DEVICE_STORES.offlineCopy, RECORD, copyOf({ pins: [basel, lisbon] }));
    const clock = manualClock();
    const places = new OfflinePlaces(queryClient, { delayMs: 0 });
    const manager = new SessionManager({ fetch: signingInServer(clock.now), clock });
    stops.push(places.follow(manager), () => manager.dispose());

    expect(await places.restore()).toEqual(ada);
    await manager.signIn('ada@example.com', 'Secret-pass-1');

    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', offline: false });
    expect(queryClient.getQueryState(pinKeys.all)).toBeUndefined();
  });

  it('gives nobody and puts nothing in place when the device keeps no copy', async () => {
    const places = new OfflinePlaces(queryClient);

    expect(await places.restore()).toBeNull();

    expect(queryClient.getQueryState(pinKeys.all)).toBeUndefined();
    expect(queryClient.getQueryState(countryKeys.summary)).toBeUndefined();
  });

  it('does not read a copy kept in another format', async () => {
    await writeDeviceRecord(DEVICE_STORES.offlineCopy, RECORD, { ...copyOf(), format: 0 });
    const places = new OfflinePlaces(queryClient);

    expect(await loadOfflineCopy()).toBeNull();
    expect(await places.restore()).toBeNull();
    expect(queryClient.getQueryState(pinKeys.all)).toBeUndefined();
  });
});

describe('OfflinePlaces across the session', () => {
  /** A server that cannot be reached until `up`, then answers as signingInServer does, health checks too. */
  function unreachableServer(clock: ReturnType<typeof manualClock>) {
    const server = { up: false };
    const answer = signingInServer(clock.now);
    const fetch = fakeFetch((path) => {
      if (!server.up) return Promise.reject(new TypeError('Failed to fetch'));
      if (path === '/api/health') return jsonResponse(200, { status: 'ok' });
      return answer(path);
    });
    const connection = new ConnectionMonitor({ fetch, clock });
    stops.push(() => connection.dispose());
    return { server, fetch: connection.watch(fetch), connection };
  }

  it('shows the kept places at an offline start-up, and loads them afresh once the session is live', async () => {
    const copy = copyOf();
    await writeDeviceRecord(DEVICE_STORES.offlineCopy, RECORD, copy);
    const clock = manualClock();
    const { server, fetch, connection } = unreachableServer(clock);
    const places = new OfflinePlaces(queryClient, { delayMs: 0 });
    const manager = new SessionManager({ fetch, clock, connection, restoreOffline: places.restore });
    stops.push(places.follow(manager), () => manager.dispose());

    void manager.start();
    await vi.waitFor(() =>
      expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', offline: true }),
    );
    expect(manager.getSnapshot().user).toEqual(ada);
    expect(queryClient.getQueryData(pinKeys.all)).toEqual([basel]);
    expect(queryClient.getQueryState(pinKeys.all)?.dataUpdatedAt).toBe(copy.savedAt);
    expect(queryClient.getQueryData(countryKeys.summary)).toEqual(countries);
    expect(queryClient.getQueryState(countryKeys.summary)?.dataUpdatedAt).toBe(copy.savedAt);

    server.up = true;
    await clock.advance(2_000);
    await vi.waitFor(() =>
      expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', offline: false }),
    );

    // The copy is no longer in the cache as if it were fresh: the next read goes to the server.
    expect(queryClient.getQueryState(pinKeys.all)).toMatchObject({
      status: 'pending',
      data: undefined,
      dataUpdatedAt: 0,
    });
    expect(queryClient.getQueryData(countryKeys.summary)).toBeUndefined();
    const fresh = await queryClient.ensureQueryData({ queryKey: pinKeys.all, queryFn: async () => [lisbon] });
    expect(fresh).toEqual([lisbon]);

    // And what was loaded afresh is kept in place of the old copy.
    await vi.waitFor(async () => expect(await loadOfflineCopy()).toMatchObject({ pins: [lisbon] }));
    expect((await loadOfflineCopy())?.savedAt).toBeGreaterThan(copy.savedAt);
  });

  it('does not write the places put back from the copy over it while the session is offline', async () => {
    const copy = copyOf();
    await writeDeviceRecord(DEVICE_STORES.offlineCopy, RECORD, copy);
    const clock = manualClock();
    const { fetch, connection } = unreachableServer(clock);
    const places = new OfflinePlaces(queryClient, { delayMs: 0 });
    const manager = new SessionManager({ fetch, clock, connection, restoreOffline: places.restore });
    stops.push(places.follow(manager), () => manager.dispose());

    void manager.start();
    await vi.waitFor(() =>
      expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', offline: true }),
    );
    queryClient.setQueryData(pinKeys.all, [basel, lisbon]);
    await aWhile();

    expect(await loadOfflineCopy()).toEqual(copy);
  });

  it('forgets the copy and the shared files waiting when the traveller signs out', async () => {
    const clock = manualClock();
    const manager = new SessionManager({ fetch: signingInServer(clock.now), clock });
    let forgotten: Promise<void> | null = null;
    follow(manager, {
      delayMs: 0,
      // The real forgetting, watched so that the test knows when it is done.
      forget: () => (forgotten = forgetDeviceData()),
    });
    await manager.signIn('ada@example.com', 'Secret123');
    await loadPins(queryClient, [basel]);
    await vi.waitFor(async () => expect(await loadOfflineCopy()).not.toBeNull());
    await keepSharedFiles([new File(['sand'], 'beach.jpg', { type: 'image/jpeg' })]);

    await manager.signOut();

    expect(forgotten).not.toBeNull();
    await forgotten;
    expect(await loadOfflineCopy()).toBeNull();
    expect(await takeSharedFiles()).toEqual([]);
  });

  it('forgets the copy when the session expires', async () => {
    const clock = manualClock();
    let refused = false;
    const fetch = signingInServer(clock.now, () =>
      refused ? unauthorizedResponse() : jsonResponse(200, session(clock.now())),
    );
    const manager = new SessionManager({ fetch, clock });
    let forgotten: Promise<void> | null = null;
    follow(manager, { delayMs: 0, forget: () => (forgotten = forgetDeviceData()) });
    await manager.signIn('ada@example.com', 'Secret123');
    await loadPins(queryClient, [basel]);
    await vi.waitFor(async () => expect(await loadOfflineCopy()).not.toBeNull());

    refused = true;
    await manager.refresh();

    expect(manager.getSnapshot()).toMatchObject({ status: 'signedOut', expired: true });
    await forgotten;
    expect(forgotten).not.toBeNull();
    expect(await loadOfflineCopy()).toBeNull();
  });

  it('at a start-up with no session, forgets the places kept but keeps photos shared meanwhile for the sign-in', async () => {
    await writeDeviceRecord(DEVICE_STORES.offlineCopy, RECORD, copyOf());
    await keepSharedFiles([new File(['jpeg'], 'madrid.jpg', { type: 'image/jpeg' })]);
    const clock = manualClock();
    const manager = new SessionManager({ fetch: signingInServer(clock.now, unauthorizedResponse), clock });
    let forgotten: Promise<void> | null = null;
    follow(manager, {
      delayMs: 0,
      forget: () => Promise.reject(new Error('a start-up forgets the places only')),
      forgetPlaces: () => (forgotten = forgetOfflineCopy()),
    });

    await manager.start();

    expect(manager.getSnapshot()).toMatchObject({ status: 'signedOut' });
    await forgotten;
    expect(forgotten).not.toBeNull();
    expect(await loadOfflineCopy()).toBeNull();
    expect(await takeSharedFiles()).toHaveLength(1);
  });

  it('does not write a copy still waiting for its delay once the traveller has signed out', async () => {
    const clock = manualClock();
    const manager = new SessionManager({ fetch: signingInServer(clock.now), clock });
    let forgotten: Promise<void> | null = null;
    follow(manager, { delayMs: 20, forget: () => (forgotten = forgetDeviceData()) });
    await manager.signIn('ada@example.com', 'Secret123');
    await loadPins(queryClient, [basel]);

    await manager.signOut();
    await forgotten;
    await aWhile();

    expect(await loadOfflineCopy()).toBeNull();
  });
});
