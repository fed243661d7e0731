// What a traveller with no places yet sees under the search box (decision 083): the two ways to a first
// pin, in one line, with Upload at hand. It goes once dismissed, and for good once a place is saved.
import { UploadCloud, X } from 'lucide-react';

export function FirstStepHint({ onUpload, onDismiss }: { onUpload: () => void; onDismiss: () => void }) {
  return (
    <section
      aria-labelledby="first-step-hint-title"
      className="flex items-start gap-2 rounded-card border border-slate-200 bg-white/95 p-3 text-sm text-slate-700 shadow-card"
    >
      <div className="min-w-0 flex-1">
        <h2 id="first-step-hint-title" className="font-semibold text-slate-900">
          Start your map
        </h2>
        <p className="mt-0.5">
          Search a place above, or drop photos into Upload to place them on the map from where they were
          taken.
        </p>
        <button
          type="button"
          onClick={onUpload}
          className="-ml-1 mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-control px-1 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          <UploadCloud aria-hidden="true" className="size-4" />
          Upload photos
        </button>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss the first-step hint"
        className="-mr-1.5 -mt-1.5 flex size-11 shrink-0 items-center justify-center rounded-control text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
