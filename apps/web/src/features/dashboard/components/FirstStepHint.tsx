// What a traveller with no places yet sees under the search box (decision 083): the two ways to a first
// pin, in one line, with Upload at hand. It goes once dismissed, and for good once a place is saved.
import { MapHint } from './MapHint';

export function FirstStepHint({ onUpload, onDismiss }: { onUpload: () => void; onDismiss: () => void }) {
  return (
    <MapHint
      aria-labelledby="first-step-hint-title"
      uploadLabel="Upload photos"
      onUpload={onUpload}
      dismissLabel="Dismiss the first-step hint"
      onDismiss={onDismiss}
    >
      <h2 id="first-step-hint-title" className="font-semibold text-slate-900">
        Start your map
      </h2>
      <p className="mt-0.5">
        Search a place above, or drop photos into Upload to place them on the map from where they were taken.
      </p>
    </MapHint>
  );
}
