import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthLoadingScreen } from '../AuthLoadingScreen';
import { returnToOf, type SignInState } from './navigation';
import { useAuth } from './useAuth';

/** Route handle that marks the guarded branch, so the root layout leaves its redirects to the guard. */
export const GUARDED_HANDLE = { requiresAuth: true } as const;

/** The sign-in guard: waits for the session, then shows the page or sends the visitor to /signin. */
export function RequireAuth() {
  const { status, sessionExpired } = useAuth();
  const location = useLocation();

  if (status === 'loading') return <AuthLoadingScreen />;
  if (status === 'signedOut') {
    const state: SignInState = { from: returnToOf(location) };
    if (sessionExpired) state.notice = 'sessionExpired';
    return <Navigate to="/signin" replace state={state} />;
  }
  return <Outlet />;
}

/**
 * A signed-in visitor on a page meant for visitors (the landing page) goes to the dashboard. While the
 * session is restored the page itself shows: it arrives prerendered, and hydration must render it as well.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return children;
}
