import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider';
import type { SessionManager } from './auth/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/** Data cached for one user must not be shown to the next: drop it whenever a session ends. */
export function clearCacheWhenSessionEnds(manager: SessionManager, queryClient: QueryClient): () => void {
  let previous = manager.getSnapshot().status;
  return manager.subscribe(() => {
    const { status } = manager.getSnapshot();
    if (previous === 'signedIn' && status === 'signedOut') queryClient.clear();
    previous = status;
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
