// Deleting the account: the traveller types the account's e-mail again and proves they hold the account,
// with its password or, for an account without one (Google sign-in only), a code e-mailed to it. The
// dialog offers the export first. A refusal (a wrong password or code, a failure) keeps the dialog and
// everything typed, and says what went wrong where a screen reader hears it.
import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { LIMITS, type DeleteAccountRequest } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DialogContent, DialogRoot, DialogTrigger } from '../../../components/ui/Dialog';
import { Input } from '../../../components/ui/Input';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { describeError } from '../../../lib/api';
import { useDeleteAccount, useDeletionConfirmation, useSendDeletionCode } from '../api/account';
import { PROFILE_MESSAGES } from '../messages';
import { ExportDataButton } from './ExportDataButton';

const DANGER_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-5 font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

/** The server compares the same way: trimmed and case-insensitive. */
const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

export function DeleteAccountDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const confirmation = useDeletionConfirmation(open);
  const confirmWith = confirmation.data?.confirmWith;
  const proof = confirmWith === 'password' ? password : confirmWith === 'code' ? code.trim() : '';
  const ready = sameEmail(typed, email) && proof !== '';

  /** Closing forgets what was typed; nothing closes while the deletion runs. */
  function changeOpen(next: boolean) {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      setPassword('');
      setCode('');
      setError(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || remove.isPending) return;
    setError(null);
    const body: DeleteAccountRequest =
      confirmWith === 'password' ? { email: typed.trim(), password } : { email: typed.trim(), code: proof };
    remove.mutate(body, {
      onError: (failure) => setError(describeError(failure, PROFILE_MESSAGES.deleteFailed)),
    });
  }

  return (
    <DialogRoot open={open} onOpenChange={changeOpen}>
      <DialogTrigger
        className={`${DANGER_BUTTON} border border-danger-200 bg-white text-danger-700 hover:bg-danger-50`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete account
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="Your profile, pins, photos and videos are deleted and any paid subscription is cancelled. This cannot be undone."
      >
        <div className="flex flex-col gap-5">
          <ExportFirst />
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <Input
              label={
                <>
                  Type <strong className="break-all">{email}</strong> to confirm
                </>
              }
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setError(null);
              }}
            />
            {confirmation.isPending && <p className="text-sm text-slate-600">Checking how to confirm...</p>}
            {confirmation.isError && (
              <Alert tone="error">
                {describeError(confirmation.error, PROFILE_MESSAGES.deletionConfirmationFailed)}{' '}
                <Button variant="link" onClick={() => void confirmation.refetch()}>
                  Try again
                </Button>
              </Alert>
            )}
            {confirmWith === 'password' && (
              <PasswordInput
                label="Your password"
                hint="We ask for your password so that only you can delete your account."
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setError(null);
                }}
              />
            )}
            {confirmWith === 'code' && (
              <CodeProof
                email={email}
                code={code}
                onCode={(next) => {
                  setCode(next);
                  setError(null);
                }}
              />
            )}
            <div aria-live="assertive">{error && <Alert tone="error">{error}</Alert>}</div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={remove.isPending} onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <button
                type="submit"
                disabled={!ready || remove.isPending}
                aria-busy={remove.isPending || undefined}
                className={`${DANGER_BUTTON} bg-danger-700 text-white hover:bg-danger-800`}
              >
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </button>
            </div>
          </form>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}

/** The export, offered before the deletion: it cannot be made once the account is gone. */
function ExportFirst() {
  return (
    <div className="flex flex-col gap-2 rounded-control border border-slate-200 bg-slate-50 p-3.5">
      <p className="text-sm text-slate-700">
        Want a copy first? Export your data before you delete the account: afterwards there is nothing left to
        export.
      </p>
      <ExportDataButton label="Export my data first" />
    </div>
  );
}

/** For an account without a password: a code sent on request to the account's address, then typed. */
function CodeProof({ email, code, onCode }: { email: string; code: string; onCode: (code: string) => void }) {
  const send = useSendDeletionCode();
  const [sendError, setSendError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        Your account signs in with Google and has no password, so we e-mail you a code to confirm that it is
        you.
      </p>
      <Button
        variant="secondary"
        className="self-start"
        busy={send.isPending}
        onClick={() => {
          setSendError(null);
          send.mutate(undefined, {
            onError: (failure) => setSendError(describeError(failure, PROFILE_MESSAGES.deletionCodeFailed)),
          });
        }}
      >
        {send.isSuccess ? 'Send a new code' : 'Send me a code'}
      </Button>
      <div aria-live="polite">
        {send.isSuccess && !send.isPending && (
          <Alert tone="info">
            We sent a code to <strong className="break-all">{email}</strong>. It works for 10 minutes.
          </Alert>
        )}
        {sendError && <Alert tone="error">{sendError}</Alert>}
      </div>
      <Input
        label="Code from the e-mail"
        name="code"
        value={code}
        onChange={(event) => onCode(event.target.value)}
        maxLength={LIMITS.verificationCodeLength}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="font-mono tracking-[0.3em]"
      />
    </div>
  );
}
