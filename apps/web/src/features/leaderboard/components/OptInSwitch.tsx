// The leaderboard opt-in (SPEC.md §4): a switch that starts from the saved setting (off for a new
// account), saves each change at once and says what happened.
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { describeError } from '../../../lib/api';
import { useLeaderboardSettings, useUpdateLeaderboardSettings } from '../api/settings';
import { LEADERBOARD_MESSAGES } from '../messages';
import { SwitchTrack } from '../../../components/ui/SwitchTrack';

export function OptInSwitch({
  assumeWhenUnknown,
  label = 'Show me on the leaderboard',
}: {
  /** What the switch shows if the setting cannot be read: the caller knows best (SPEC.md §6, profile). */
  assumeWhenUnknown: boolean;
  label?: string;
}) {
  const id = useId();
  const settings = useLeaderboardSettings();
  const update = useUpdateLeaderboardSettings();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const saved = settings.data?.showOnLeaderboard ?? (settings.isError ? assumeWhenUnknown : undefined);
  // While a change is being saved the switch already shows where it is going.
  const checked = update.isPending ? update.variables.showOnLeaderboard : (saved ?? false);

  function change(showOnLeaderboard: boolean) {
    setNotice(null);
    update.mutate(
      { showOnLeaderboard },
      {
        onSuccess: (answer) =>
          setNotice({
            tone: 'success',
            text: answer.showOnLeaderboard ? LEADERBOARD_MESSAGES.joined : LEADERBOARD_MESSAGES.left,
          }),
        onError: (error) =>
          setNotice({ tone: 'error', text: describeError(error, LEADERBOARD_MESSAGES.settingsFailed) }),
      },
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-semibold text-slate-800">
          {label}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={`${id}-label`}
          aria-busy={update.isPending || undefined}
          // Still focusable while saving (a disabled button would drop keyboard focus); clicks wait.
          aria-disabled={update.isPending || undefined}
          disabled={saved === undefined}
          onClick={() => {
            if (!update.isPending) change(!checked);
          }}
          className="relative flex h-11 w-14 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-progress"
        >
          <SwitchTrack checked={checked} />
        </button>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </div>
  );
}
