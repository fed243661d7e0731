import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './AppRoot';
import { SessionManager } from './app/auth/session';
import { clearCacheWhenSessionEnds, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { PRERENDERED_PAGES } from './prerender/pages';
import './styles.css';

const manager = new SessionManager({ fetch: window.fetch.bind(window) });
const queryClient = createQueryClient();
clearCacheWhenSessionEnds(manager, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = <AppRoot manager={manager} queryClient={queryClient} router={createAppRouter()} />;
const loadPage = PRERENDERED_PAGES[window.location.pathname];
if (root.hasChildNodes() && loadPage) {
  // The page arrived as HTML (prerender/pages.ts): React adopts that markup rather than drawing it again.
  hydrateRoot(root, app);
  // The session is restored once the page's code is in. Its answer changes what every page reads from the
  // session; arriving while the page still waited for its code, it would make React throw the server's
  // markup away and draw the page from scratch.
  const start = () => void manager.start();
  void loadPage().then(start, start);
} else {
  // Restore the session from the refresh cookie before anything asks who is signed in.
  void manager.start();
  createRoot(root).render(app);
}
