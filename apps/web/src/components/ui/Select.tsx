import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { controlClasses, describedBy, Field } from './Field';

interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  id?: string;
}

/** A labelled native <select> (the phone's own picker on touch screens) styled like the inputs. */
export function Select({ label, error, hint, id, className = '', children, ...props }: SelectProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} error={error} hint={hint}>
      <div className="relative">
        <select
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          className={`${controlClasses} appearance-none pr-11 ${error ? '' : 'border-slate-300'} ${className}`}
          {...props}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-500"
        />
      </div>
    </Field>
  );
}
