// Deleting the account: the traveller types the account's e-mail again, and the button waits for it.
// A refusal (a wrong e-mail by the server's reckoning, a failure) keeps the dialog and what was typed.
import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DialogContent, DialogRoot, DialogTrigger } from '../../../components/ui/Dialog';
import { Input } from '../../../components/ui/Input';
import { describeError } from '../../../lib/api';
import { useDeleteAccount } from '../api/account';
import { PROFILE_MESSAGES } from '../messages';

const DANGER_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-5 font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

/** The server compares the same way: trimmed and case-insensitive. */
const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

export function DeleteAccountDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const matches = sameEmail(typed, email);

  /** Closing forgets what was typed; nothing closes while the deletion runs. */
  function changeOpen(next: boolean) {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      setError(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    setError(null);
    remove.mutate(typed.trim(), {
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
          <div aria-live="assertive">{error && <Alert tone="error">{error}</Alert>}</div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={remove.isPending} onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <button
              type="submit"
              disabled={!matches || remove.isPending}
              aria-busy={remove.isPending || undefined}
              className={`${DANGER_BUTTON} bg-danger-700 text-white hover:bg-danger-800`}
            >
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
