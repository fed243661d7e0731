// What the dashboard says while it shows the places kept on this device because Waymarks cannot be reached
// (app/offline): that they are not live, and how old they are, so nothing old passes for fresh.
import { CloudOff } from 'lucide-react';

const SAVED_AT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function offlineNoticeText(savedAt: number): string {
  return `These are your places as saved on this device on ${SAVED_AT.format(savedAt)}. Adding places and uploads wait until Waymarks is back.`;
}

export function OfflineNotice({ savedAt }: { savedAt: number }) {
  return (
    <section
      aria-labelledby="offline-notice-title"
      data-offline-notice=""
      className="flex items-start gap-2 rounded-card border border-amber-300 bg-amber-50/95 p-3 text-sm text-amber-950 shadow-card"
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
      <div className="min-w-0">
        <h2 id="offline-notice-title" className="font-semibold">
          Offline
        </h2>
        <p className="mt-0.5">{offlineNoticeText(savedAt)}</p>
      </div>
    </section>
  );
}
