// An on/off switch with its label and a hint, as the place dialog's sharing choices use it.
import { useId } from 'react';
import { SwitchTrack } from '../../../components/ui/SwitchTrack';

export function ShareSwitch({
  label,
  hint,
  checked,
  busy = false,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  busy?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 py-1">
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
        onClick={() => onChange(!checked)}
        className="relative flex h-11 w-14 shrink-0 items-center justify-center rounded-full"
      >
        <SwitchTrack checked={checked} />
      </button>
    </div>
  );
}
