// The question asked before an item is deleted, inside the viewer rather than over it.
import { useId } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { Spinner } from '../../../../components/ui/Spinner';

interface DeleteConfirmationProps {
  /** 'photo' or 'video'. */
  noun: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteConfirmation({ noun, deleting, onCancel, onConfirm }: DeleteConfirmationProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="flex flex-col gap-3 rounded-control bg-slate-800 p-3 ring-1 ring-white/10 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p id={titleId} className="font-semibold text-white">
          Delete this {noun}?
        </p>
        <p id={textId} className="text-sm text-slate-300">
          It is removed from this place for good.
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onCancel} autoFocus className="flex-1 sm:flex-none">
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          aria-disabled={deleting || undefined}
          className="flex-1 bg-danger-700 hover:bg-danger-800 active:bg-danger-800 aria-disabled:cursor-progress sm:flex-none"
        >
          {deleting ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" className="size-4" />}
          {deleting ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </div>
  );
}
