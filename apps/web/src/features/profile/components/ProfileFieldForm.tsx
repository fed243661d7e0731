// One field of the profile saved on its own (PUT /profile): the display name or the username, trimmed,
// checked as it will be on the server, with a sentence saying it was saved or why not.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldError, Profile } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { describeError } from '../../../lib/api';
import { useUpdateProfile } from '../api/profile';

interface ProfileFieldFormProps {
  field: 'name' | 'username';
  profile: Profile;
  label: string;
  hint: ReactNode;
  autoComplete: string;
  maxLength?: number;
  validate: (value: string) => FieldError;
  /** The button, e.g. 'Save name'. */
  saveLabel: string;
  saved: string;
  failed: string;
}

export function ProfileFieldForm({
  field,
  profile,
  label,
  hint,
  autoComplete,
  maxLength,
  validate,
  saveLabel,
  saved,
  failed,
}: ProfileFieldFormProps) {
  const [value, setValue] = useState(profile[field] ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateProfile();
  const trimmed = value.trim();
  const unchanged = trimmed === (profile[field] ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const error = validate(trimmed);
    setFieldError(error);
    if (error || !trimmed) return;
    update.mutate(
      { [field]: trimmed },
      {
        onSuccess: (answer) => {
          setValue(answer[field] ?? '');
          setNotice({ tone: 'success', text: saved });
        },
        onError: (failure) => setNotice({ tone: 'error', text: describeError(failure, failed) }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Input
            label={label}
            name={field}
            autoComplete={autoComplete}
            value={value}
            maxLength={maxLength}
            error={fieldError}
            hint={hint}
            onChange={(event) => {
              setValue(event.target.value);
              setFieldError(null);
            }}
          />
        </div>
        <Button type="submit" busy={update.isPending} disabled={!trimmed || unchanged} className="sm:mt-7">
          {update.isPending ? 'Saving...' : saveLabel}
        </Button>
      </div>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
    </form>
  );
}
