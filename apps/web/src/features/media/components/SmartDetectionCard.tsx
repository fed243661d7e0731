// The smart-detection settings card (SPEC.md §2 Upload tab): auto-detect date, auto-verify location,
// group nearby locations, and the grouping distance from 0.1 to 5.0 km in steps of 0.1. It waits under a
// collapsed 'Upload settings', so the dialog leads with the place and its photos (decision 086).
import { useId } from 'react';
import { ChevronRight, Sparkles } from 'lucide-react';
import { MEDIA_LIMITS } from '@waymarks/shared';
import type { UploadSettings } from '../upload-flow';
import { LabelledSwitch } from '../../../components/ui/LabelledSwitch';

const SWITCHES: readonly {
  setting: 'autoDetectDate' | 'autoVerifyLocation' | 'groupNearby';
  label: string;
  hint: string;
}[] = [
  { setting: 'autoDetectDate', label: 'Auto-detect date', hint: 'Use the date the photos were taken' },
  {
    setting: 'autoVerifyLocation',
    label: 'Auto-verify location',
    hint: 'Place photos by their GPS and verify the visit',
  },
  {
    setting: 'groupNearby',
    label: 'Group nearby locations',
    hint: 'Photos taken close together share one place',
  },
];

/** '1.0 km': the slider's value always with one decimal, as its steps are. */
function formatGroupingDistance(km: number): string {
  return `${km.toFixed(1)} km`;
}

export function SmartDetectionCard({
  settings,
  disabled,
  onChange,
}: {
  settings: UploadSettings;
  disabled: boolean;
  onChange: (settings: UploadSettings) => void;
}) {
  const sliderId = useId();
  const set = (changes: Partial<UploadSettings>) => onChange({ ...settings, ...changes });
  return (
    <details className="group rounded-card border border-slate-200 bg-slate-50">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-card px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden="true"
          className="size-4 text-slate-600 transition-transform group-open:rotate-90"
        />
        Upload settings
      </summary>
      <section aria-labelledby={`${sliderId}-title`} className="px-4 pb-4 pt-1">
        <h3
          id={`${sliderId}-title`}
          className="mb-1 flex items-center gap-2 text-sm font-semibold text-slate-900"
        >
          <Sparkles aria-hidden="true" className="size-4 text-brand-700" />
          Smart detection
        </h3>
        {SWITCHES.map(({ setting, label, hint }) => (
          <LabelledSwitch
            key={setting}
            label={label}
            hint={hint}
            checked={settings[setting]}
            disabled={disabled}
            onChange={(checked) => set({ [setting]: checked })}
          />
        ))}
        <div className="mt-2">
          <div className="flex items-center justify-between text-sm">
            <label htmlFor={sliderId} className="font-medium text-slate-900">
              Grouping distance
            </label>
            <output htmlFor={sliderId} className="font-semibold tabular-nums text-slate-800">
              {formatGroupingDistance(settings.groupingKm)}
            </output>
          </div>
          <input
            id={sliderId}
            type="range"
            min={MEDIA_LIMITS.groupingMinKm}
            max={MEDIA_LIMITS.groupingMaxKm}
            step={MEDIA_LIMITS.groupingStepKm}
            value={settings.groupingKm}
            aria-valuetext={formatGroupingDistance(settings.groupingKm)}
            disabled={disabled || !settings.groupNearby}
            onChange={(event) => set({ groupingKm: Math.round(Number(event.target.value) * 10) / 10 })}
            className="h-11 w-full cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
          />
        </div>
      </section>
    </details>
  );
}
