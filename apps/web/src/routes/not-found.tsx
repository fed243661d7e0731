// A path the app has no page for (the server answers it with HTTP 404): says so, names the path, and offers
// the way home, or back to the map for a traveller who is signed in.
import { useLocation } from 'react-router';
import { Logo } from '../components/Logo';
import { ButtonLink } from '../components/ui/ButtonLink';
import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';

export default function NotFound() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  const { status } = useAuth();
  return (
    <main className="grid min-h-dvh place-items-center bg-map-grid px-4 py-10">
      <div className="flex w-full max-w-md flex-col items-center gap-5 text-center">
        <Logo />
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
        <h1 className="text-display font-bold text-slate-900">Page not found</h1>
        <p className="break-words text-slate-600">
          There is no page at <span className="font-medium text-slate-900">{pathname}</span>. The link may be
          old, or the address mistyped.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {status === 'signedIn' ? (
            <ButtonLink to="/dashboard">Back to your map</ButtonLink>
          ) : (
            <ButtonLink to="/">Go to the home page</ButtonLink>
          )}
        </div>
      </div>
    </main>
  );
}
