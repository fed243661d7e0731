import { useId, useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { controlClasses, describedBy, Field } from './Field';
import type { InputProps } from './Input';

/** A password input with its own show/hide toggle. */
export function PasswordInput({
  label,
  error,
  hint,
  id,
  className = '',
  ...props
}: Omit<InputProps, 'type'>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);
  return (
    <Field id={inputId} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`${controlClasses} pr-12 ${error ? '' : 'border-slate-300'} ${className}`}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-control text-slate-500 hover:text-slate-800"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
    </Field>
  );
}
