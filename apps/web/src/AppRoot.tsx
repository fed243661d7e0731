// The whole app as one element, shared by the browser (client.tsx) and the build-time prerender
// (prerender/render.tsx): hydration needs both to build the very same tree.
import { StrictMode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionManager } from './app/auth/session';
import { AppProviders } from './app/providers';
import { PageMountedContext } from './prerender/lazy-page';

export function AppRoot({
  manager,
  queryClient,
  router,
  onPageMounted,
}: {
  manager: SessionManager;
  queryClient: QueryClient;
  router: DataRouter;
  /** Called in the browser each time React has put a prerendered page on the page (prerender/lazy-page.tsx). */
  onPageMounted?: () => void;
}) {
  return (
    <StrictMode>
      <PageMountedContext value={onPageMounted}>
        <AppProviders manager={manager} queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </PageMountedContext>
    </StrictMode>
  );
}
