import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS, validateVerificationCode } from '@waymarks/shared';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { resendCode, verifyEmail } from '../api/auth';
import { UNEXPECTED_ERROR } from '../messages';
import { showFieldErrors } from '../../../lib/focus';
import { AuthHeading } from './AuthLayout';

interface VerifyEmailStepProps {
  /** Where the code was sent. */
  email: string;
  /**
   * The password typed for this sign-up or sign-in. Sent with the code: where the address has several
   * sign-ups and this browser has no sign-up cookie, it is what ties the code to this person's sign-up.
   */
  password: string;
  /** Runs after the server accepted the code: the parent signs in and moves on. */
  onVerified: () => Promise<void>;
  onBack: () => void;
  backLabel: string;
}

type Banner = { tone: 'error' | 'success'; text: string } | null;

/** 'Check your email': the 6-digit code step of sign-up (SPEC.md §2 /signup, §4 Sign-up flow). */
export function VerifyEmailStep({ email, password, onVerified, onBack, backLabel }: VerifyEmailStepProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = validateVerificationCode(code);
    if (error) {
      showFieldErrors(formRef.current, () => setCodeError(error));
      return;
    }
    setBanner(null);
    setVerifying(true);
    try {
      await verifyEmail({ email, code: code.trim(), ...(password ? { password } : {}) });
    } catch (failure) {
      setBanner({ tone: 'error', text: describeError(failure, 'Verification failed', UNEXPECTED_ERROR) });
      setVerifying(false);
      return;
    }
    // Stays busy while the parent signs in and navigates away.
    await onVerified();
  }

  async function handleResend() {
    setBanner(null);
    setResending(true);
    try {
      await resendCode({ email });
      setBanner({ tone: 'success', text: 'Verification code resent!' });
    } catch (failure) {
      setBanner({
        tone: 'error',
        text: describeError(failure, 'Failed to resend code', 'Failed to resend verification code'),
      });
    } finally {
      setResending(false);
    }
  }

  return (
    <>
      <AuthHeading title="Check your email" headingRef={headingRef}>
        We sent a 6-digit verification code to{' '}
        <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{email}</strong>. Enter it
        below to confirm your address.
      </AuthHeading>

      {banner && (
        <Alert tone={banner.tone} className="mb-5">
          {banner.text}
        </Alert>
      )}

      <form ref={formRef} noValidate onSubmit={handleVerify} className="flex flex-col gap-5">
        <Input
          label="Verification code"
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(null);
          }}
          error={codeError}
          maxLength={LIMITS.verificationCodeLength}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="text-center font-mono text-2xl tracking-[0.5em]"
        />
        <Button type="submit" fullWidth busy={verifying}>
          {verifying ? 'Verifying...' : 'Verify'}
        </Button>
      </form>

      <div className="mt-5 flex flex-col items-center gap-1 text-sm text-slate-600">
        <p className="flex flex-wrap items-center justify-center gap-x-1">
          Didn&apos;t get the code?
          <Button variant="link" onClick={handleResend} busy={resending} disabled={verifying}>
            Resend
          </Button>
        </p>
        <Button variant="ghost" onClick={onBack} disabled={verifying}>
          {backLabel}
        </Button>
      </div>
    </>
  );
}
