import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { SessionManager } from './app/auth/session';
import { AppProviders, clearCacheWhenSessionEnds, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import './styles.css';

const manager = new SessionManager({ fetch: window.fetch.bind(window) });
const queryClient = createQueryClient();
clearCacheWhenSessionEnds(manager, queryClient);
// Restore the session from the refresh cookie before anything asks who is signed in.
void manager.start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders manager={manager} queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
