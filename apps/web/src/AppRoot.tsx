// The whole app as one element, shared by the browser (main.tsx) and the build-time prerender
// (prerender/render.tsx): hydration needs both to build the very same tree.
import { StrictMode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionManager } from './app/auth/session';
import { AppProviders } from './app/providers';

export function AppRoot({
  manager,
  queryClient,
  router,
}: {
  manager: SessionManager;
  queryClient: QueryClient;
  router: DataRouter;
}) {
  return (
    <StrictMode>
      <AppProviders manager={manager} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
