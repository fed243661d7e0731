import { useRef, useState, type FormEvent } from 'react';
import { validateEmail } from '@waymarks/shared';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DialogContent, DialogRoot, DialogTrigger } from '../../../components/ui/Dialog';
import { Input } from '../../../components/ui/Input';
import { requestPasswordReset } from '../api/auth';
import { UNEXPECTED_ERROR } from '../messages';
import { showFieldErrors } from '../../../lib/focus';

interface ForgotPasswordDialogProps {
  /** Called after the server accepted the request; the dialog has closed by then. */
  onSent: () => void;
}

/** 'Forgot your password?' and the 'Reset your password' dialog it opens (SPEC.md §4, §5). */
export function ForgotPasswordDialog({ onSent }: ForgotPasswordDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <DialogRoot open={open} onOpenChange={setOpen}>
      <DialogTrigger className="inline-flex min-h-11 items-center rounded-control px-1 text-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline">
        Forgot your password?
      </DialogTrigger>
      {/* The form mounts with the dialog, so closing it (Cancel, Escape, ×) clears the e-mail and errors. */}
      <DialogContent
        title="Reset your password"
        description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      >
        <ForgotPasswordForm
          onCancel={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            onSent();
          }}
        />
      </DialogContent>
    </DialogRoot>
  );
}

function ForgotPasswordForm({ onCancel, onSent }: { onCancel: () => void; onSent: () => void }) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = validateEmail(email);
    if (error) {
      showFieldErrors(formRef.current, () => setEmailError(error));
      return;
    }
    setFailure(null);
    setSending(true);
    try {
      await requestPasswordReset({ email: email.trim() });
      onSent();
    } catch (caught) {
      setFailure(describeError(caught, 'Failed to send reset email', UNEXPECTED_ERROR));
      setSending(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Input
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(null);
        }}
        error={emailError}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={sending}>
          {sending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </div>
    </form>
  );
}
