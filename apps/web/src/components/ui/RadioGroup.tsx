import { useId, type ReactNode } from 'react';

interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
}

interface RadioGroupProps<V extends string> {
  legend: ReactNode;
  name: string;
  value: V;
  options: readonly RadioOption<V>[];
  onChange(value: V): void;
  /** Two columns from the sm breakpoint up; one column on phones. */
  columns?: 1 | 2;
  disabled?: boolean;
}

/**
 * Native radio buttons in a fieldset, each drawn as a selectable card with a label and a description.
 * Arrow keys move between options as in any radio group.
 */
export function RadioGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  columns = 1,
  disabled = false,
}: RadioGroupProps<V>) {
  const baseId = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className={`grid gap-2 ${columns === 2 ? 'sm:grid-cols-2' : ''}`}>
        {options.map((option) => {
          const id = `${baseId}-${option.value}`;
          const descriptionId = option.description ? `${id}-description` : undefined;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={
                'flex min-h-11 cursor-pointer items-start gap-3 rounded-control border px-3.5 py-2.5 transition-colors ' +
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ' +
                (checked
                  ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600'
                  : 'border-slate-300 bg-white hover:border-slate-400 hover:bg-slate-50')
              }
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-describedby={descriptionId}
                className="mt-0.5 size-4.5 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              <span className="flex flex-col">
                <span className="text-sm font-semibold text-slate-900">{option.label}</span>
                {option.description && (
                  <span id={descriptionId} className="text-sm text-slate-600">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
