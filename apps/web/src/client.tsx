// The app in the browser, loaded by main.tsx: it either draws a page from scratch or adopts the markup of
// a page that arrived as HTML (prerender/pages.ts).
import { startTransition } from 'react';
import { createRoot, hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppRoot } from './AppRoot';
import { SessionManager } from './app/auth/session';
import { OfflinePlaces } from './app/offline/offline-copy';
import { registerWorkerOnceSignedIn } from './app/offline/register-worker';
import { clearCacheWhenSessionEnds, createQueryClient, followConnection } from './app/providers';
import { createAppRouter } from './app/router';
import { connection } from './lib/connection';

export interface App {
  manager: SessionManager;
  queryClient: QueryClient;
  router: DataRouter;
}

/** `adopting`: the app is for a page that arrived as HTML (hydratePage), not one it draws itself. */
export function createApp({ adopting = false }: { adopting?: boolean } = {}): App {
  const queryClient = createQueryClient();
  const offlinePlaces = new OfflinePlaces(queryClient);
  const manager = new SessionManager({
    fetch: connection.watch(window.fetch.bind(window)),
    connection,
    restoreOffline: offlinePlaces.restore,
  });
  clearCacheWhenSessionEnds(manager, queryClient);
  offlinePlaces.follow(manager);
  registerWorkerOnceSignedIn(manager);
  connection.listenTo(window);
  followConnection(connection, queryClient);
  return { manager, queryClient, router: createAppRouter({ adopting }) };
}

/** A page without markup: the session is restored from the refresh cookie before anything asks for it. */
export function renderApp(container: HTMLElement, app: App = createApp()): Root {
  void app.manager.start();
  const root = createRoot(container);
  root.render(<AppRoot {...app} />);
  return root;
}

/**
 * A prerendered page: React adopts the server's markup rather than drawing it again.
 *
 * The adoption runs as a transition, which React does in slices of a few milliseconds with the browser
 * free in between (on a slow phone one pass over a long page would block input for a quarter of a
 * second). The session is restored only once the page itself is adopted: its answer changes what every
 * page reads from the session, and arriving while part of the markup still waits for React, it would
 * force that part through in one long task, or make React draw it again. `onAdopted` is called at that
 * same moment, once.
 */
export function hydratePage(
  container: HTMLElement,
  app: App = createApp({ adopting: true }),
  { onAdopted, ...options }: HydrationOptions & { onAdopted?: () => void } = {},
): Root {
  let adopted = false;
  const onPageMounted = () => {
    void app.manager.start();
    if (adopted) return;
    adopted = true;
    onAdopted?.();
  };
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, <AppRoot {...app} onPageMounted={onPageMounted} />, options);
  });
  // startTransition calls back at once: the root exists here.
  return root as Root;
}
