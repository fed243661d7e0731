// A new password for the current one (SPEC.md §5 sign-up rules and messages for the new one). The server
// signs every other device out; this one stays signed in. A wrong current password is said at its field.
import { useRef, useState, type FormEvent } from 'react';
import {
  ErrorCode,
  validateNewPassword,
  validatePasswordConfirmation,
  validatePasswordPresent,
} from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { ApiError, describeError } from '../../../lib/api';
import { showFieldErrors } from '../../../lib/focus';
import { PASSWORD_HINT } from '../../auth';
import { useChangePassword } from '../api/credentials';
import { PROFILE_MESSAGES } from '../messages';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Fields = Record<Field, string>;
const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const change = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);

  function edit(field: Field, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const found: Partial<Fields> = {};
    const checks: [Field, string | null][] = [
      ['currentPassword', validatePasswordPresent(fields.currentPassword)],
      ['newPassword', validateNewPassword(fields.newPassword)],
      ['confirmPassword', validatePasswordConfirmation(fields.newPassword, fields.confirmPassword)],
    ];
    for (const [field, error] of checks) if (error) found[field] = error;
    if (Object.keys(found).length > 0) {
      showFieldErrors(formRef.current, () => setErrors(found));
      return;
    }
    change.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(EMPTY);
          setNotice({ tone: 'success', text: PROFILE_MESSAGES.passwordChanged });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === ErrorCode.invalidCredentials) {
            const message = describeError(failure, PROFILE_MESSAGES.passwordFailed);
            showFieldErrors(formRef.current, () => setErrors({ currentPassword: message }));
          } else {
            setNotice({ tone: 'error', text: describeError(failure, PROFILE_MESSAGES.passwordFailed) });
          }
        },
      },
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="change-password-title"
      className="flex flex-col gap-4"
    >
      <h3 id="change-password-title" className="font-semibold text-slate-900">
        Change password
      </h3>
      <PasswordInput
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        value={fields.currentPassword}
        error={errors.currentPassword}
        onChange={(event) => edit('currentPassword', event.target.value)}
      />
      <PasswordInput
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={fields.newPassword}
        error={errors.newPassword}
        hint={PASSWORD_HINT}
        onChange={(event) => edit('newPassword', event.target.value)}
      />
      <PasswordInput
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        value={fields.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => edit('confirmPassword', event.target.value)}
      />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <Button type="submit" busy={change.isPending} className="sm:self-start">
        {change.isPending ? 'Changing password...' : 'Change password'}
      </Button>
    </form>
  );
}
