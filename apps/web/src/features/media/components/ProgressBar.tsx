// An upload's progress, 0 to 100, under a label that says what is happening.
import { useId } from 'react';

export function ProgressBar({ value, label = 'Uploading…' }: { value: number; label?: string }) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-3 text-sm font-medium text-slate-800">
        <span id={labelId} className="min-w-0 [overflow-wrap:anywhere]">
          {label}
        </span>
        <span className="tabular-nums">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
