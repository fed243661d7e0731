// Every route of SPEC.md §2, and a "Page not found" for any other path. Route modules load lazily so the
// landing page ships little code.
import { lazy } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { lazyPage } from '../prerender/lazy-page';
import { GUARDED_HANDLE, RedirectSignedIn, RequireAuth } from './auth/RequireAuth';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

const loadLanding = () => import('../routes/landing');
const Landing = lazyPage('/');
// The landing page waits for the session check (RedirectSignedIn): fetch its code at the same time.
if (typeof window !== 'undefined' && window.location.pathname === '/') void loadLanding();
const SignIn = lazy(() => import('../routes/signin'));
const SignUp = lazy(() => import('../routes/signup'));
const OAuthCallback = lazy(() => import('../routes/oauth-callback'));
const ResetPassword = lazy(() => import('../routes/reset-password'));
const Privacy = lazyPage('/privacy');
const Terms = lazyPage('/terms');
const StripePrivacy = lazyPage('/stripe-privacy');
const Liability = lazyPage('/liability');
const IllegalContent = lazyPage('/illegal-content');
const Copyright = lazyPage('/copyright');
const About = lazyPage('/about');
const Feedback = lazyPage('/feedback');
const Dashboard = lazy(() => import('../routes/dashboard'));
const Profile = lazy(() => import('../routes/profile'));
const Leaderboard = lazy(() => import('../routes/leaderboard'));
const Import = lazy(() => import('../routes/import'));
const NotFound = lazy(() => import('../routes/not-found'));

/** /login is where the original sent expired sessions; it lives on as a redirect that keeps the state. */
function LoginRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: '/signin', search: location.search }} replace state={location.state} />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: (
          <RedirectSignedIn>
            <Landing />
          </RedirectSignedIn>
        ),
      },
      { path: '/signin', element: <SignIn /> },
      { path: '/login', element: <LoginRedirect /> },
      { path: '/signup', element: <SignUp /> },
      { path: '/oauth/callback', element: <OAuthCallback /> },
      { path: '/reset-password', element: <ResetPassword /> },
      { path: '/privacy', element: <Privacy /> },
      { path: '/terms', element: <Terms /> },
      { path: '/stripe-privacy', element: <StripePrivacy /> },
      { path: '/liability', element: <Liability /> },
      { path: '/illegal-content', element: <IllegalContent /> },
      { path: '/copyright', element: <Copyright /> },
      { path: '/about', element: <About /> },
      { path: '/feedback', element: <Feedback /> },
      {
        element: <RequireAuth />,
        handle: GUARDED_HANDLE,
        children: [
          { path: '/dashboard', element: <Dashboard /> },
          { path: '/profile', element: <Profile /> },
          { path: '/leaderboard', element: <Leaderboard /> },
          { path: '/import', element: <Import /> },
        ],
      },
      // Any other path: the server answered it 404 (packages/shared app-paths.ts lists the paths above).
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * `adopting`: the page arrived as HTML and the visitor may have scrolled it before the app's code came.
 * Told that it is hydrating, the router leaves the scroll where it is rather than putting the page back at
 * the top, which would also move what is under the visitor's finger between a press and its release.
 */
export function createAppRouter({ adopting = false }: { adopting?: boolean } = {}) {
  return createBrowserRouter(routes, adopting ? { hydrationData: {} } : {});
}
