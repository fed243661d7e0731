// /signin: 'Welcome back' (SPEC.md §2 /signin, §4 Sign-in and Forgot-password dialog, §5 Sign-in).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorCode, validateSignIn } from '@waymarks/shared';
import {
  afterSignInPath,
  readSignInState,
  type SignInNotice,
  type SignInState,
} from '../app/auth/navigation';
import { SESSION_EXPIRED_MESSAGE } from '../app/auth/session';
import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';
import { Alert, type AlertTone } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';
import { PasswordInput } from '../components/ui/PasswordInput';
import { ApiError, describeError } from '../lib/api';
import { AuthHeading, AuthLayout } from '../features/auth/components/AuthLayout';
import { ForgotPasswordDialog } from '../features/auth/components/ForgotPasswordDialog';
import { GoogleSignIn } from '../features/auth/components/GoogleSignIn';
import { VerifyEmailStep } from '../features/auth/components/VerifyEmailStep';
import { showFieldErrors } from '../lib/focus';
import { ACCOUNT_VERIFIED, UNEXPECTED_ERROR } from '../features/auth/messages';

type Banner = { tone: AlertTone; text: string } | null;
type FieldErrors = ReturnType<typeof validateSignIn>;

const NOTICES: Record<SignInNotice, { tone: AlertTone; text: string }> = {
  accountVerified: { tone: 'success', text: ACCOUNT_VERIFIED },
  sessionExpired: { tone: 'error', text: SESSION_EXPIRED_MESSAGE },
  passwordReset: {
    tone: 'success',
    text: 'Your password has been changed. Please sign in with the new one.',
  },
};

export default function SignInRoute() {
  usePageTitle('Sign in');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [arrival] = useState<SignInState>(() => readSignInState(location.state));

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<Banner>(() => (arrival.notice ? NOTICES[arrival.notice] : null));
  const [submitting, setSubmitting] = useState(false);
  /** Set when the account exists but its e-mail is not confirmed yet: show the code step. */
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The banner has been read into state: drop it from history so a reload does not show it again.
  useEffect(() => {
    if (!arrival.notice) return;
    const { notice: _shown, ...rest } = arrival;
    navigate(location.pathname, { replace: true, state: rest });
    // Runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function goOn() {
    navigate(afterSignInPath(arrival), { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSignIn({ email, password });
    if (found.email || found.password) {
      showFieldErrors(formRef.current, () => setErrors(found));
      return;
    }
    setBanner(null);
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
      goOn();
    } catch (failure) {
      setSubmitting(false);
      if (failure instanceof ApiError && failure.code === ErrorCode.userNotConfirmed) {
        // The server has sent a fresh code to this address.
        setUnconfirmedEmail(email.trim());
        return;
      }
      setBanner({ tone: 'error', text: describeError(failure, 'Sign in failed', UNEXPECTED_ERROR) });
    }
  }

  async function handleVerified() {
    try {
      await signIn(email.trim(), password);
      goOn();
    } catch {
      setUnconfirmedEmail(null);
      setBanner({ tone: 'success', text: ACCOUNT_VERIFIED });
    }
  }

  function edit(field: keyof FieldErrors, value: string) {
    if (field === 'email') setEmail(value);
    else setPassword(value);
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  if (unconfirmedEmail) {
    return (
      <AuthLayout>
        <VerifyEmailStep
          email={unconfirmedEmail}
          password={password}
          onVerified={handleVerified}
          onBack={() => setUnconfirmedEmail(null)}
          backLabel="← Back to sign in"
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title="Welcome back">Sign in to pick up where your travels left off.</AuthHeading>

      {banner && (
        <Alert tone={banner.tone} className="mb-5">
          {banner.text}
        </Alert>
      )}

      <GoogleSignIn />

      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => edit('email', event.target.value)}
          error={errors.email}
        />
        <div className="flex flex-col gap-1">
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => edit('password', event.target.value)}
            error={errors.password}
          />
          <div className="flex justify-end">
            <ForgotPasswordDialog
              onSent={() =>
                setBanner({ tone: 'success', text: 'Password reset instructions sent to your email!' })
              }
            />
          </div>
        </div>
        <Button type="submit" fullWidth busy={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>

      <p className="mt-6 flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-600">
        Don&apos;t have an account?
        <Link
          to="/signup"
          className="inline-flex min-h-11 items-center px-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
