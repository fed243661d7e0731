import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { controlClasses, describedBy, Field } from './Field';

interface TextareaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  id?: string;
}

/** A labelled multi-line input, with its error tied to it like <Input>'s. */
export function Textarea({ label, error, hint, id, className = '', ...props }: TextareaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} error={error} hint={hint}>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={`${controlClasses} resize-y leading-relaxed ${error ? '' : 'border-slate-300'} ${className}`}
        {...props}
      />
    </Field>
  );
}
