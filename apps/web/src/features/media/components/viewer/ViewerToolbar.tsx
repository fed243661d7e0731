// The viewer's top bar: where the item sits in the list, then Download, Delete and Close.
import type { Ref } from 'react';
import { Download, Lock, Trash2, X } from 'lucide-react';
import type { MediaItem } from '@waymarks/shared';
import { Spinner } from '../../../../components/ui/Spinner';
import { DialogClose } from '../../../../components/ui/Dialog';

const TOOLBAR_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-control px-2.5 text-sm font-semibold ' +
  'text-slate-100 transition-colors hover:bg-white/10 active:bg-white/15 focus-visible:outline-brand-300 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-progress';

interface ViewerToolbarProps {
  item: MediaItem;
  index: number;
  count: number;
  /** 'photo' or 'video', as the Delete button names the item. */
  noun: string;
  canDownload: boolean;
  /** The id of the text saying which plan unlocks downloads, shown when canDownload is false. */
  lockedHintId: string;
  downloading: boolean;
  onDownload: () => void;
  onDelete: () => void;
  deleteRef: Ref<HTMLButtonElement>;
  closeRef: Ref<HTMLButtonElement>;
}

export function ViewerToolbar({
  item,
  index,
  count,
  noun,
  canDownload,
  lockedHintId,
  downloading,
  onDownload,
  onDelete,
  deleteRef,
  closeRef,
}: ViewerToolbarProps) {
  return (
    <div className="flex items-center justify-between gap-2 px-2 pb-1 pt-[max(0.5rem,env(safe-area-inset-top))] sm:px-4">
      <p
        aria-live="polite"
        aria-atomic="true"
        className="px-2 text-sm font-semibold tabular-nums text-slate-200"
      >
        <span className="sr-only">{item.filename}, </span>
        {index + 1} of {count}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          aria-label="Download"
          aria-describedby={canDownload ? undefined : lockedHintId}
          disabled={!canDownload}
          aria-disabled={downloading || undefined}
          onClick={onDownload}
          className={TOOLBAR_BUTTON}
        >
          {downloading ? (
            <Spinner className="size-5" />
          ) : canDownload ? (
            <Download aria-hidden="true" className="size-5" />
          ) : (
            <Lock aria-hidden="true" className="size-5" />
          )}
          <span className="hidden sm:inline">Download</span>
        </button>
        <button
          ref={deleteRef}
          type="button"
          aria-label={`Delete ${noun}`}
          onClick={onDelete}
          className={TOOLBAR_BUTTON}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          <span className="hidden sm:inline">Delete</span>
        </button>
        <DialogClose ref={closeRef} aria-label="Close viewer" className={TOOLBAR_BUTTON}>
          <X aria-hidden="true" className="size-6" />
        </DialogClose>
      </div>
    </div>
  );
}
