import type { ReactNode } from 'react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ConnectionMonitor } from '../lib/connection';
import { AuthProvider } from './auth/AuthProvider';
import type { SessionManager } from './auth/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/**
 * Data cached for one user must not be shown to the next: drop it whenever a session ends, or when the
 * session the server restores is another user's than the one this device showed offline.
 */
export function clearCacheWhenSessionEnds(manager: SessionManager, queryClient: QueryClient): () => void {
  let previous = manager.getSnapshot();
  return manager.subscribe(() => {
    const current = manager.getSnapshot();
    const ended = previous.status === 'signedIn' && current.status === 'signedOut';
    const replaced = previous.user && current.user && previous.user.userId !== current.user.userId;
    if (ended || replaced) queryClient.clear();
    previous = current;
  });
}

/**
 * While the server cannot be reached, queries and mutations wait instead of failing one after another
 * (react-query's online state follows the monitor, not only the browser's); once it is back, the paused
 * ones go on, and what failed meanwhile loads again.
 */
export function followConnection(connection: ConnectionMonitor, queryClient: QueryClient): () => void {
  onlineManager.setEventListener((setOnline) =>
    connection.subscribe(() => setOnline(connection.getSnapshot().reachable)),
  );
  return connection.onReconnect(() => {
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  });
}

export function AppProviders({
  manager,
  queryClient,
  children,
}: {
  manager: SessionManager;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider manager={manager}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
