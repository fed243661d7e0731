// Undoing a saved import: it removes the pins the import made. Where photos or videos were added to some
// of them since, the traveller chooses whether those pins stay with their photos or go too.
import { useState } from 'react';
import type { ImportSummary } from '@waymarks/shared';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DialogClose, DialogContent, DialogRoot } from '../../../components/ui/Dialog';
import { RadioGroup } from '../../../components/ui/RadioGroup';
import { useDeleteImport } from '../api/imports';
import { IMPORT_TEXTS, photosQuestion, pinsCount, undoQuestion, undoneText } from '../messages';

type Photos = 'keep' | 'delete';

export function UndoImportDialog({
  summary,
  onClose,
  onUndone,
}: {
  summary: ImportSummary;
  onClose: () => void;
  onUndone: (text: string) => void;
}) {
  const undo = useDeleteImport();
  const [photos, setPhotos] = useState<Photos>('keep');
  const withPhotos = summary.pinsWithPhotos;

  function confirm() {
    undo.mutate(
      { importId: summary.importId, photos: withPhotos > 0 ? photos : 'keep' },
      { onSuccess: (answer) => onUndone(undoneText(answer.removedPins, answer.keptPins)) },
    );
  }

  return (
    <DialogRoot open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Undo this import?" description={undoQuestion(summary.created)}>
        <div className="flex flex-col gap-4">
          {withPhotos > 0 && (
            <RadioGroup<Photos>
              legend={photosQuestion(withPhotos)}
              name="import-undo-photos"
              value={photos}
              onChange={setPhotos}
              options={[
                {
                  value: 'keep',
                  label: `Keep ${withPhotos === 1 ? 'that pin' : 'those pins'} with ${withPhotos === 1 ? 'its' : 'their'} photos`,
                },
                {
                  value: 'delete',
                  label: `Delete ${withPhotos === 1 ? 'it' : 'them'} too, with ${withPhotos === 1 ? 'its' : 'their'} photos and videos`,
                  description: `${pinsCount(withPhotos)} and everything on ${withPhotos === 1 ? 'it' : 'them'} cannot be brought back.`,
                },
              ]}
            />
          )}
          {undo.error && <Alert tone="error">{describeError(undo.error, IMPORT_TEXTS.undoFailed)}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Keep the import</Button>
            </DialogClose>
            <Button busy={undo.isPending} onClick={confirm}>
              Undo import
            </Button>
          </div>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
