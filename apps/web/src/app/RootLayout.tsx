import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { ConnectionBanner } from './ConnectionBanner';
import { returnToOf, type SignInState } from './auth/navigation';
import { useAuth } from './auth/useAuth';

/**
 * Wraps every route: the fallback while a lazy route loads, scroll restoration, the banner for a server
 * that cannot be reached, and the redirect to /signin when a session expires on a page the guard does not
 * cover.
 */
export function RootLayout() {
  useRedirectOnSessionExpiry();
  return (
    <>
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
      <ConnectionBanner />
    </>
  );
}

function RouteFallback() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner label="Loading page" className="size-8 text-brand-700" />
    </div>
  );
}

function useRedirectOnSessionExpiry(): void {
  const { sessionExpired } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const guarded = useMatches().some((match) => isGuarded(match.handle));
  const wasExpired = useRef(sessionExpired);

  useEffect(() => {
    const justExpired = sessionExpired && !wasExpired.current;
    wasExpired.current = sessionExpired;
    // On guarded pages RequireAuth already redirects, with the same notice.
    if (!justExpired || guarded || location.pathname === '/signin') return;
    const state: SignInState = { from: returnToOf(location), notice: 'sessionExpired' };
    navigate('/signin', { state });
  }, [sessionExpired, guarded, location, navigate]);
}

function isGuarded(handle: unknown): boolean {
  return (
    typeof handle === 'object' && handle !== null && 'requiresAuth' in handle && handle.requiresAuth === true
  );
}
