import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: ReactNode;
  /** Shown under the control in place of the hint; the control must point at `errorId(id)`. */
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** ids the control's aria-describedby should list, or undefined when there is nothing to describe. */
export function describedBy(
  id: string,
  error: string | null | undefined,
  hint: ReactNode,
): string | undefined {
  const ids = [error ? errorId(id) : null, hint ? hintId(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Label, control, hint and error, laid out the same way for every form field. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={errorId(id)} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId(id)} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export const controlClasses =
  'block min-h-11 w-full rounded-control border bg-white px-3.5 py-2 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-colors disabled:bg-slate-100 ' +
  'focus-visible:border-brand-600 aria-invalid:border-danger-600 aria-invalid:bg-danger-50/40';
