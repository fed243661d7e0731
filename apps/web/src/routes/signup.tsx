// /signup: the form, then 'Check your email' (SPEC.md §2 /signup, §4 Sign-up flow, §5 Sign-up).
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorCode, LIMITS, validateSignUp, type SignUpErrors, type SignUpFields } from '@waymarks/shared';
import type { SignInState } from '../app/auth/navigation';
import { useAuth } from '../app/auth/useAuth';
import { usePageTitle } from '../app/usePageTitle';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';
import { PasswordInput } from '../components/ui/PasswordInput';
import { ApiError, describeError } from '../lib/api';
import { signUp } from '../features/auth/api/auth';
import { AuthHeading, AuthLayout } from '../features/auth/components/AuthLayout';
import { GoogleSignIn } from '../features/auth/components/GoogleSignIn';
import { VerifyEmailStep } from '../features/auth/components/VerifyEmailStep';
import { showFieldErrors } from '../lib/focus';
import { PASSWORD_HINT, UNEXPECTED_ERROR } from '../features/auth/messages';

const EMPTY: SignUpFields = { name: '', email: '', username: '', password: '', confirmPassword: '' };

// Vertical padding on an inline link widens what a finger can hit without moving the text.
const inlineLink = 'py-3.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export default function SignUpRoute() {
  usePageTitle('Sign up');
  const { signIn } = useAuth();
  const navigate = useNavigate();

  // The values stay here through the code step, so going back keeps them and the password can sign in.
  const [fields, setFields] = useState<SignUpFields>(EMPTY);
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** The address the server sent the code to; set means the code step is showing. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function edit(field: keyof SignUpFields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSignUp(fields);
    if (Object.keys(found).length > 0) {
      showFieldErrors(formRef.current, () => setErrors(found));
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      const username = fields.username.trim();
      const response = await signUp({
        name: fields.name.trim(),
        email: fields.email.trim(),
        password: fields.password,
        ...(username ? { username } : {}),
      });
      setSentTo(response.email);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === ErrorCode.usernameTaken && caught.serverMessage) {
        const message = caught.serverMessage;
        showFieldErrors(formRef.current, () => setErrors({ username: message }));
      } else {
        setFailure(describeError(caught, 'Sign up failed', UNEXPECTED_ERROR));
      }
    } finally {
      setSubmitting(false);
    }
  }

  async function handleVerified() {
    try {
      await signIn(sentTo ?? fields.email.trim(), fields.password);
      navigate('/dashboard', { replace: true });
    } catch {
      const state: SignInState = { notice: 'accountVerified' };
      navigate('/signin', { replace: true, state });
    }
  }

  if (sentTo) {
    return (
      <AuthLayout>
        <VerifyEmailStep
          email={sentTo}
          password={fields.password}
          onVerified={handleVerified}
          onBack={() => setSentTo(null)}
          backLabel="← Back to sign up"
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title="Create your account">Start mapping the places you have been.</AuthHeading>

      {failure && (
        <Alert tone="error" className="mb-5">
          {failure}
        </Alert>
      )}

      <GoogleSignIn />

      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
        <Input
          label="Full name"
          name="name"
          autoComplete="name"
          value={fields.name}
          onChange={(event) => edit('name', event.target.value)}
          error={errors.name}
        />
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={fields.email}
          onChange={(event) => edit('email', event.target.value)}
          error={errors.email}
        />
        <Input
          label={
            <>
              Username <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
          value={fields.username}
          onChange={(event) => edit('username', event.target.value)}
          error={errors.username}
          hint="Letters, numbers, underscore and hyphen."
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={(event) => edit('password', event.target.value)}
          error={errors.password}
          hint={PASSWORD_HINT}
        />
        <PasswordInput
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={(event) => edit('confirmPassword', event.target.value)}
          error={errors.confirmPassword}
        />

        <p className="text-sm text-slate-600">
          By creating an account you agree to our{' '}
          <Link to="/terms" className={inlineLink}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className={inlineLink}>
            Privacy Policy
          </Link>
          .
        </p>

        <Button type="submit" fullWidth busy={submitting}>
          {submitting ? 'Creating account...' : 'Create account'}
        </Button>
      </form>

      <p className="mt-6 flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-600">
        Already have an account?
        <Link
          to="/signin"
          className="inline-flex min-h-11 items-center px-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
