// Said when photos shared to the installed app did not reach it (features/dashboard/shared-files.ts).
import { MapHint } from './MapHint';

export const SHARED_FILES_LOST_TEXT =
  "The photos you shared didn't reach Waymarks. Share them again, or choose them in Upload.";

export function SharedFilesNotice({ onUpload, onDismiss }: { onUpload: () => void; onDismiss: () => void }) {
  return (
    <MapHint
      role="alert"
      uploadLabel="Choose photos"
      onUpload={onUpload}
      dismissLabel="Dismiss"
      onDismiss={onDismiss}
    >
      <p>{SHARED_FILES_LOST_TEXT}</p>
    </MapHint>
  );
}
