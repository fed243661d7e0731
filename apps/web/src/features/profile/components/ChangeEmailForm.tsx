// Moving the account to another address in two steps: the new address and the current password, which
// mail a code there; then the code, which makes the change (the old address is told). Until the code is
// entered nothing changes, and the traveller can send a new code or pick another address.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ErrorCode,
  LIMITS,
  validateEmail,
  validatePasswordPresent,
  validateVerificationCode,
} from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { ApiError, describeError } from '../../../lib/api';
import { showFieldErrors } from '../../../lib/focus';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/credentials';
import { PROFILE_MESSAGES } from '../messages';

interface Errors {
  newEmail?: string;
  currentPassword?: string;
  code?: string;
}

type Notice = { tone: 'success' | 'error' | 'info'; text: string };

/** Server refusals that belong to one field, shown at it rather than above the button. */
const FIELD_OF_CODE: Record<string, keyof Errors> = {
  [ErrorCode.emailUnchanged]: 'newEmail',
  [ErrorCode.invalidCredentials]: 'currentPassword',
  [ErrorCode.codeMismatch]: 'code',
};

export function ChangeEmailForm({ email }: { email: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  /** Where the code went; set means the code step is showing. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const formRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The code field takes the focus when the code step opens, so typing the code is the next keystroke.
  useEffect(() => {
    if (sentTo) codeRef.current?.focus();
  }, [sentTo]);

  function refuse(failure: unknown, fallback: string) {
    const field = failure instanceof ApiError && failure.code ? FIELD_OF_CODE[failure.code] : undefined;
    const message = describeError(failure, fallback);
    // Only a field on screen can show its refusal: in the code step that is the code alone.
    const shown = field !== undefined && (field === 'code') === (sentTo !== null);
    if (shown) showFieldErrors(formRef.current, () => setErrors({ [field]: message }));
    else setNotice({ tone: 'error', text: message });
  }

  function sendCode() {
    setNotice(null);
    const found: Errors = {};
    const emailError = validateEmail(newEmail);
    const passwordError = validatePasswordPresent(currentPassword);
    if (emailError) found.newEmail = emailError;
    if (passwordError) found.currentPassword = passwordError;
    if (found.newEmail || found.currentPassword) {
      showFieldErrors(formRef.current, () => setErrors(found));
      return;
    }
    request.mutate(
      { newEmail: newEmail.trim(), currentPassword },
      {
        onSuccess: (started) => {
          setCode('');
          setErrors({});
          if (sentTo) setNotice({ tone: 'info', text: `We sent a new code to ${started.email}.` });
          setSentTo(started.email);
        },
        onError: (failure) => refuse(failure, PROFILE_MESSAGES.emailCodeFailed),
      },
    );
  }

  function confirmCode() {
    setNotice(null);
    const codeError = validateVerificationCode(code);
    if (codeError) {
      showFieldErrors(formRef.current, () => setErrors({ code: codeError }));
      return;
    }
    confirm.mutate(code.trim(), {
      onSuccess: (user) => {
        setSentTo(null);
        setNewEmail('');
        setCurrentPassword('');
        setCode('');
        setNotice({
          tone: 'success',
          text: `Your e-mail address is now ${user.email}. We sent a notice to ${email}.`,
        });
      },
      onError: (failure) => refuse(failure, PROFILE_MESSAGES.emailChangeFailed),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sentTo) confirmCode();
    else sendCode();
  }

  /** Back to the first step, keeping the address typed, to correct it or send it again. */
  function startOver() {
    setSentTo(null);
    setCode('');
    setErrors({});
    setNotice(null);
  }

  const live = <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="change-email-title"
      className="flex flex-col gap-4"
    >
      <h3 id="change-email-title" className="font-semibold text-slate-900">
        Change e-mail address
      </h3>
      {sentTo ? (
        <Input
          ref={codeRef}
          label="Code from the e-mail"
          name="code"
          value={code}
          error={errors.code}
          hint={
            <>
              We sent a 6-digit code to <strong className="break-all">{sentTo}</strong>. It works for 10
              minutes; until you enter it, your address stays <strong className="break-all">{email}</strong>.
            </>
          }
          maxLength={LIMITS.verificationCodeLength}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="font-mono tracking-[0.3em]"
          onChange={(event) => {
            setCode(event.target.value);
            setErrors({});
          }}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            We send a code to the new address to make sure it is yours, and tell your current address once it
            has changed.
          </p>
          <Input
            label="New e-mail address"
            type="email"
            name="newEmail"
            autoComplete="email"
            value={newEmail}
            error={errors.newEmail}
            onChange={(event) => {
              setNewEmail(event.target.value);
              setErrors(({ newEmail: _cleared, ...rest }) => rest);
            }}
          />
          <PasswordInput
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            error={errors.currentPassword}
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              setErrors(({ currentPassword: _cleared, ...rest }) => rest);
            }}
          />
        </>
      )}
      {live}
      {sentTo ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button type="submit" busy={confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm new address'}
          </Button>
          <Button variant="secondary" busy={request.isPending} onClick={sendCode}>
            Send a new code
          </Button>
          <Button variant="ghost" disabled={confirm.isPending} onClick={startOver}>
            Use another address
          </Button>
        </div>
      ) : (
        <Button type="submit" busy={request.isPending} className="sm:self-start">
          {request.isPending ? 'Sending code...' : 'Send code'}
        </Button>
      )}
    </form>
  );
}
