// A place's part in the travel page, in its dialog: its photos shared or not (off until chosen), and the
// place left off the page. Shown while the page is on; otherwise one line leads to the profile to turn it on.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { describeError } from '../../../lib/api';
import { useShareSettings, useUpdatePlaceSharing, type PlaceSharing } from '../api/share';
import { SHARE_TEXTS } from '../messages';
import { LabelledSwitch } from '../../../components/ui/LabelledSwitch';

/** `className`: the frame the dialog sets it in (a rule above it, say), drawn only when there is something. */
export function PlaceShareSwitches({ pinId, className = '' }: { pinId: string; className?: string }) {
  const share = useShareSettings();
  const update = useUpdatePlaceSharing();
  const [error, setError] = useState<string | null>(null);

  // Nothing to offer until the settings are known; a failure to read them is said in one line.
  if (share.isPending) return null;
  if (share.isError) {
    return <p className={`text-sm text-slate-600 ${className}`}>{SHARE_TEXTS.placeSettingsFailed}</p>;
  }
  const settings = share.data;

  if (!settings.enabled) {
    return (
      <p className={`text-sm text-slate-700 ${className}`}>
        <Link
          to="/profile#share"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {SHARE_TEXTS.placeOff}
        </Link>
      </p>
    );
  }

  function change(sharing: PlaceSharing) {
    setError(null);
    update.mutate(
      { pinId, change: sharing },
      { onError: (failure) => setError(describeError(failure, SHARE_TEXTS.saveFailed)) },
    );
  }

  return (
    <section aria-labelledby={`share-${pinId}`} className={`flex flex-col gap-1 ${className}`}>
      <h3 id={`share-${pinId}`} className="text-sm font-semibold text-slate-900">
        {SHARE_TEXTS.placeHeading}
      </h3>
      <LabelledSwitch
        label={SHARE_TEXTS.placePhotos}
        hint={SHARE_TEXTS.placePhotosHint}
        checked={settings.photoPins.includes(pinId)}
        onChange={(sharePhotos) => change({ sharePhotos })}
      />
      <LabelledSwitch
        label={SHARE_TEXTS.placeHidden}
        hint={SHARE_TEXTS.placeHiddenHint}
        checked={settings.hiddenPins.includes(pinId)}
        onChange={(hiddenFromShare) => change({ hiddenFromShare })}
      />
      <div aria-live="assertive" className="empty:hidden">
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </section>
  );
}
