// An on/off switch with its label and an optional hint beside it: the upload settings and a place's sharing
// choices. The button is the switch (role, state, name from the label, description from the hint).
import { useId } from 'react';
import { SwitchTrack } from './SwitchTrack';

export function LabelledSwitch({
  label,
  hint,
  checked,
  disabled = false,
  busy = false,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  /** A change on its way to the server: announced, while the switch still takes the next one. */
  busy?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
          {label}
        </p>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className="relative flex h-11 w-14 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60"
      >
        <SwitchTrack checked={checked} />
      </button>
    </div>
  );
}
