import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { Session, User } from '@waymarks/shared';
import { buildUser } from '@waymarks/shared/testing';
import { ConnectionMonitor } from '../lib/connection';
import { manualClock } from '../testing/manual-clock';
import { SessionManager } from './auth/session';
import { clearCacheWhenSessionEnds, createQueryClient } from './providers';
import { jsonResponse } from '../testing/responses';

const HOUR = 60 * 60 * 1000;
const PLACES_KEY = ['pins'];

function user(userId: string, name: string): User {
  return buildUser({ userId, email: `${userId}@example.com`, name });
}

/** Lets a whole answer settle: reading a Response's body takes more than a few promise turns. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('clearCacheWhenSessionEnds after an offline start-up', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  /**
   * A start-up that cannot reach the server: the device shows `kept` with their places put in the cache (as
   * app/offline does), then the server comes back (the monitor's first check, two seconds on) and restores
   * the session of `restored`.
   */
  async function offlineThenRestored(kept: User, restored: User) {
    const clock = manualClock();
    let up = false;
    const raw = vi.fn(async (input: RequestInfo | URL) => {
      if (!up) throw new TypeError('Failed to fetch');
      if (String(input) === '/api/health') return jsonResponse(200, { status: 'ok' });
      const restoredSession: Session = { accessToken: 't1', expiresAt: clock.now() + HOUR, user: restored };
      return jsonResponse(200, restoredSession);
    }) as unknown as typeof fetch;
    const connection = new ConnectionMonitor({ fetch: raw, clock });
    const queryClient: QueryClient = createQueryClient();
    const manager = new SessionManager({
      fetch: connection.watch(raw),
      clock,
      connection,
      restoreOffline: () => {
        queryClient.setQueryData(PLACES_KEY, [{ id: 'kept-place' }]);
        return Promise.resolve(kept);
      },
    });
    const stop = clearCacheWhenSessionEnds(manager, queryClient);
    cleanups.push(() => {
      stop();
      manager.dispose();
      connection.dispose();
      queryClient.clear();
    });

    void manager.start();
    await settled();
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', user: kept, offline: true });
    // Showing the kept traveller is no change of user: their places stay.
    expect(queryClient.getQueryData(PLACES_KEY)).toEqual([{ id: 'kept-place' }]);

    up = true;
    await clock.advance(2_000);
    await settled();
    expect(manager.getSnapshot()).toMatchObject({ status: 'signedIn', user: restored, offline: false });
    return queryClient;
  }

  it("clears the cache when the server restores another user's session than the one shown offline", async () => {
    const queryClient = await offlineThenRestored(user('a', 'Ada'), user('b', 'Bea'));

    expect(queryClient.getQueryData(PLACES_KEY)).toBeUndefined();
  });

  it('keeps the cache when the server restores the session of the user shown offline', async () => {
    const queryClient = await offlineThenRestored(user('a', 'Ada'), user('a', 'Ada, as the server has her'));

    expect(queryClient.getQueryData(PLACES_KEY)).toEqual([{ id: 'kept-place' }]);
  });
});
