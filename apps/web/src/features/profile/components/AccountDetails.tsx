// Username edit (SPEC.md §5, trimmed, 2 to 50 letters, digits, underscore and hyphen, unique), the
// e-mail and the member-since date.
import { useState, type FormEvent } from 'react';
import { LIMITS, validateUsername, type Profile } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import { describeError } from '../../../lib/api';
import { useUpdateUsername } from '../api/profile';
import { PROFILE_MESSAGES } from '../messages';
import { formatLongDate } from '../plan-rules';

export function AccountDetails({ profile }: { profile: Profile }) {
  const [username, setUsername] = useState(profile.username ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateUsername();
  const trimmed = username.trim();
  const unchanged = trimmed === (profile.username ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const error = validateUsername(trimmed);
    setFieldError(error);
    if (error || !trimmed) return;
    update.mutate(trimmed, {
      onSuccess: (saved) => {
        setUsername(saved.username ?? '');
        setNotice({ tone: 'success', text: PROFILE_MESSAGES.usernameUpdated });
      },
      onError: (failure) =>
        setNotice({ tone: 'error', text: describeError(failure, PROFILE_MESSAGES.usernameFailed) }),
    });
  }

  return (
    <Card as="section" aria-labelledby="account-details-title" className="flex flex-col gap-5">
      <h2 id="account-details-title" className="text-title font-semibold text-slate-900">
        Account details
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <Input
              label="Username"
              name="username"
              autoComplete="username"
              value={username}
              maxLength={LIMITS.usernameMax}
              error={fieldError}
              hint="2 to 50 characters: letters, numbers, underscore and hyphen."
              onChange={(event) => {
                setUsername(event.target.value);
                setFieldError(null);
              }}
            />
          </div>
          <Button type="submit" busy={update.isPending} disabled={!trimmed || unchanged} className="sm:mt-7">
            {update.isPending ? 'Saving...' : 'Save username'}
          </Button>
        </div>
        <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      </form>
      <dl className="grid gap-4 border-t border-slate-100 pt-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600">E-mail</dt>
          <dd className="mt-0.5 break-all font-semibold text-slate-900">{profile.email}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Member since</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{formatLongDate(profile.signupDate)}</dd>
        </div>
      </dl>
    </Card>
  );
}
