// /reset-password?token=…: choose a new password from the e-mailed link (DESIGN.md, Auth).
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { validateNewPassword, validatePasswordConfirmation } from '@waymarks/shared';
import type { SignInState } from '../app/auth/navigation';
import { usePageTitle } from '../app/usePageTitle';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { PasswordInput } from '../components/ui/PasswordInput';
import { describeError } from '../lib/api';
import { resetPassword } from '../features/auth/api/auth';
import { AuthHeading, AuthLayout } from '../features/auth/components/AuthLayout';
import { showFieldErrors } from '../lib/focus';
import { PASSWORD_HINT, UNEXPECTED_ERROR } from '../features/auth/messages';

interface Errors {
  password?: string;
  confirmPassword?: string;
}

export default function ResetPasswordRoute() {
  usePageTitle('Reset password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    const passwordError = validateNewPassword(password);
    const confirmError = validatePasswordConfirmation(password, confirmPassword);
    if (passwordError) found.password = passwordError;
    if (confirmError) found.confirmPassword = confirmError;
    if (found.password || found.confirmPassword) {
      showFieldErrors(formRef.current, () => setErrors(found));
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      await resetPassword({ token, password });
      const state: SignInState = { notice: 'passwordReset' };
      navigate('/signin', { replace: true, state });
    } catch (caught) {
      setFailure(describeError(caught, 'Failed to reset password', UNEXPECTED_ERROR));
      setSubmitting(false);
    }
  }

  const backToSignIn = (
    <p className="mt-6 text-center text-sm">
      <Link
        to="/signin"
        className="inline-flex min-h-11 items-center px-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Back to sign in
      </Link>
    </p>
  );

  if (!token) {
    return (
      <AuthLayout>
        <AuthHeading title="Choose a new password" />
        <Alert tone="error">
          This link is missing its reset token. Open the link from the e-mail again, or ask for a new one with
          &lsquo;Forgot your password?&rsquo; on the sign-in page.
        </Alert>
        {backToSignIn}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title="Choose a new password">Pick a password you have not used here before.</AuthHeading>

      {failure && (
        <Alert tone="error" className="mb-5">
          {failure}
        </Alert>
      )}

      <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
        <PasswordInput
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors(({ password: _cleared, ...rest }) => rest);
          }}
          error={errors.password}
          hint={PASSWORD_HINT}
        />
        <PasswordInput
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            setErrors(({ confirmPassword: _cleared, ...rest }) => rest);
          }}
          error={errors.confirmPassword}
        />
        <Button type="submit" fullWidth busy={submitting}>
          {submitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
      {backToSignIn}
    </AuthLayout>
  );
}
