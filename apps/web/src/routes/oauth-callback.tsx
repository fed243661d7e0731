// /oauth/callback: exchanges the one-time login code the server put in the URL (SPEC.md §2, §4).
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';
import { Button } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { oauthCallbackErrorText } from '@waymarks/shared';
import { describeError } from '../lib/api';
import { AuthLayout } from '../features/auth/components/AuthLayout';

/** SPEC.md §9 Auth: the pause between a successful exchange and the dashboard. */
const SUCCESS_DELAY_MS = 200;

export default function OAuthCallbackRoute() {
  usePageTitle('Signing in');
  const { completeOAuth } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  // The code is single-use: React StrictMode runs effects twice, the exchange must run once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const error = params.get('error');
    const code = params.get('code');
    if (error) {
      // The URL only names a reason; the words are ours, so a crafted link cannot put its own on the page.
      setFailure(`OAuth error: ${oauthCallbackErrorText(error)}`);
      return;
    }
    if (!code) {
      setFailure('No authorization code received');
      return;
    }
    completeOAuth(code).then(
      () => window.setTimeout(() => navigate('/dashboard', { replace: true }), SUCCESS_DELAY_MS),
      (caught: unknown) =>
        setFailure(
          describeError(caught, 'OAuth sign-in failed', 'An unexpected error occurred during sign-in'),
        ),
    );
  }, [params, completeOAuth, navigate]);

  return (
    <AuthLayout>
      {failure ? (
        <div className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-display font-bold text-slate-900">Sign In Failed</h1>
          <p role="alert" className="break-words text-danger-700">
            {failure}
          </p>
          <Button fullWidth onClick={() => navigate('/signin', { replace: true })}>
            Try Again
          </Button>
        </div>
      ) : (
        <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
          <Spinner className="size-8 text-brand-700" />
          <h1 className="text-title font-semibold text-slate-900">Signing you in...</h1>
          <p className="text-slate-600">Processing your Google authentication</p>
        </div>
      )}
    </AuthLayout>
  );
}
