// A card under the search box: what it says, a button into Upload, and a button that dismisses it. The
// first-step hint and the note about shared photos that never arrived are both one.
import type { ReactNode } from 'react';
import { UploadCloud, X } from 'lucide-react';

export function MapHint({
  children,
  uploadLabel,
  onUpload,
  dismissLabel,
  onDismiss,
  ...section
}: {
  children: ReactNode;
  uploadLabel: string;
  onUpload: () => void;
  dismissLabel: string;
  onDismiss: () => void;
  'aria-labelledby'?: string;
  role?: 'alert';
}) {
  return (
    <section
      {...section}
      className="flex items-start gap-2 rounded-card border border-slate-200 bg-white/95 p-3 text-sm text-slate-700 shadow-card"
    >
      <div className="min-w-0 flex-1">
        {children}
        <button
          type="button"
          onClick={onUpload}
          className="-ml-1 mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-control px-1 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          <UploadCloud aria-hidden="true" className="size-4" />
          {uploadLabel}
        </button>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={dismissLabel}
        className="-mr-1.5 -mt-1.5 flex size-11 shrink-0 items-center justify-center rounded-control text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
