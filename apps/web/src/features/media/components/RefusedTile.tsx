// A file whose pixels could not be read after upload: nothing of it is kept, so the traveller is told why,
// in one sentence naming the file, and can only remove it. It is not media: it is never opened in the
// viewer nor counted.
import { useId } from 'react';
import { FileWarning, Trash2 } from 'lucide-react';
import type { MediaItem } from '@waymarks/shared';
import { describeError } from '../../../lib/api';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useDeleteMedia } from '../api/media';
import { deleteFailed, deleteUnreachable } from '../messages';
import { refusedAfterUpload } from '../refusals';

export function RefusedTile({
  item,
  onRemoved,
  onFailed,
}: {
  item: MediaItem;
  onRemoved: (item: MediaItem) => void;
  /** Where a failed removal is reported. */
  onFailed: (message: string) => void;
}) {
  const remove = useDeleteMedia(item.pinId);
  const reasonId = useId();

  function start() {
    if (remove.isPending) return;
    // Not mutate's own callbacks: those are dropped once the tile unmounts, which success does at once.
    void remove.mutateAsync(item.mediaId).then(
      () => onRemoved(item),
      (error: unknown) =>
        onFailed(describeError(error, deleteFailed(item.isVideo), deleteUnreachable(item.isVideo))),
    );
  }

  return (
    <li className="flex flex-col gap-3 rounded-card border border-danger-200 bg-danger-50 p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <FileWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger-700" />
        <p id={reasonId} className="min-w-0 text-sm text-slate-900 [overflow-wrap:anywhere]">
          {refusedAfterUpload({ name: item.filename }, item.refusal)}
        </p>
      </div>
      {/* aria-disabled rather than disabled while busy, so keyboard focus stays on the button. */}
      <Button
        variant="secondary"
        aria-label={`Remove ${item.filename}`}
        aria-describedby={reasonId}
        aria-disabled={remove.isPending || undefined}
        onClick={start}
        className="shrink-0 aria-disabled:cursor-progress"
      >
        {remove.isPending ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" className="size-4" />}
        Remove
      </Button>
    </li>
  );
}
