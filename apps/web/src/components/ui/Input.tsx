import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { controlClasses, describedBy, Field } from './Field';

export interface InputProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  id?: string;
}

/** A labelled text input whose error is tied to it with aria-invalid and aria-describedby. */
export function Input({ label, error, hint, id, className = '', ...props }: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} error={error} hint={hint}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={`${controlClasses} ${error ? '' : 'border-slate-300'} ${className}`}
        {...props}
      />
    </Field>
  );
}
