// The plan's storage in use (SPEC.md §9): 'X GB / Y GB used' over a bar that is red above 90 percent,
// amber above 70 and green otherwise, never fuller than 100.
import { useId } from 'react';
import { formatStorageUsed, storageBarColor, storagePercent, type StorageBarColor } from '@waymarks/shared';

const FILL: Record<StorageBarColor, string> = {
  red: 'bg-danger-600',
  amber: 'bg-amber-500',
  green: 'bg-success-700',
};

export function StorageBar({ usedMB, storageGB }: { usedMB: number; storageGB: number }) {
  const id = useId();
  const percent = storagePercent(usedMB, storageGB);
  const color = storageBarColor(percent);
  const text = formatStorageUsed(usedMB, storageGB);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id={`${id}-label`} className="font-semibold text-slate-800">
          Storage
        </span>
        <span className="text-slate-700">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={text}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          data-color={color}
          className={`h-full rounded-full ${FILL[color]}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
