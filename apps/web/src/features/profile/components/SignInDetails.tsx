// What the traveller signs in with: the e-mail address and the password, each changed with the current
// password. An account that signs in with Google only has none, so it is offered the reset link, which
// sets one; the forms follow once it has.
import { useState } from 'react';
import type { Profile } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { describeError } from '../../../lib/api';
import { useSendPasswordLink } from '../api/credentials';
import { PROFILE_MESSAGES } from '../messages';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';

export function SignInDetails({ profile }: { profile: Profile }) {
  return (
    <Card
      as="section"
      id="sign-in"
      aria-labelledby="sign-in-title"
      className="flex scroll-mt-6 flex-col gap-6"
    >
      <h2 id="sign-in-title" className="text-title font-semibold text-slate-900">
        E-mail and password
      </h2>
      {profile.googleOnly ? (
        <SetPasswordFirst email={profile.email} />
      ) : (
        <>
          <ChangeEmailForm email={profile.email} />
          <div className="border-t border-slate-100 pt-6">
            <ChangePasswordForm />
          </div>
        </>
      )}
    </Card>
  );
}

/** Google-only: the reset link to the account's own address sets a password, and signs out everywhere. */
function SetPasswordFirst({ email }: { email: string }) {
  const send = useSendPasswordLink();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        You sign in with Google, so your account has no password. To change your e-mail address or sign in
        without Google, first choose a password with a link we e-mail to{' '}
        <strong className="break-all text-slate-900">{email}</strong>. Choosing it signs you out everywhere;
        then sign in with your e-mail and the new password.
      </p>
      <Button
        variant="secondary"
        className="self-start"
        busy={send.isPending}
        onClick={() => {
          setError(null);
          send.mutate(email, {
            onError: (failure) => setError(describeError(failure, PROFILE_MESSAGES.passwordLinkFailed)),
          });
        }}
      >
        {send.isSuccess ? 'Send the link again' : 'E-mail me a link to set a password'}
      </Button>
      <div aria-live="polite">
        {send.isSuccess && !send.isPending && (
          <Alert tone="info">
            We sent a link to <strong className="break-all">{email}</strong>. It works for 1 hour.
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </div>
  );
}
