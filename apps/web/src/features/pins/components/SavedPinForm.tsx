// A saved pin's details in the location dialog (SPEC.md §2): renaming, re-dating, and deleting after
// confirmation.
import { useId, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { PIN_LIMITS, pinTitleError, visitDateError, type Pin } from '@waymarks/shared';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { VisitDateField } from '../../../components/VisitDateField';
import { useDeletePin, useUpdatePin } from '../api/pins';

export function SavedPinForm({ pin, onDeleted }: { pin: Pin; onDeleted: () => void }) {
  const update = useUpdatePin();
  const remove = useDeletePin();
  const [title, setTitle] = useState(pin.title);
  const [visitDate, setVisitDate] = useState(pin.visitDate ?? '');
  const [errors, setErrors] = useState<{ title?: string; visitDate?: string }>({});
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();

  const changed = title.trim() !== pin.title || (visitDate || null) !== pin.visitDate;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    const titleProblem = pinTitleError(title);
    if (titleProblem) next.title = titleProblem;
    const dateProblem = visitDate ? visitDateError(visitDate) : null;
    if (dateProblem) next.visitDate = dateProblem;
    setErrors(next);
    setSaved(false);
    if (next.title) document.getElementById(titleId)?.focus();
    if (next.title || next.visitDate) return;
    const ok = await update
      .mutateAsync({ pinId: pin.pinId, changes: { title: title.trim(), visitDate: visitDate || null } })
      .then(() => true)
      .catch(() => false);
    setSaved(ok);
  }

  async function confirmDelete() {
    const ok = await remove
      .mutateAsync(pin.pinId)
      .then(() => true)
      .catch(() => false);
    if (ok) onDeleted();
  }

  if (confirming) {
    return (
      <div role="alertdialog" aria-labelledby={`${titleId}-confirm`} className="flex flex-col gap-3">
        <p id={`${titleId}-confirm`} className="text-sm text-slate-800">
          Delete <strong>{pin.title}</strong> from your map?{' '}
          {pin.mediaCount > 0 ? `Its ${pin.mediaCount} photos and videos are deleted too. ` : ''}This cannot
          be undone.
        </p>
        {remove.error && (
          <Alert tone="error">{describeError(remove.error, 'Could not delete this pin')}</Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} autoFocus>
            Cancel
          </Button>
          <Button
            onClick={confirmDelete}
            busy={remove.isPending}
            className="bg-danger-700 hover:bg-danger-800 active:bg-danger-800"
          >
            {remove.isPending ? 'Deleting...' : 'Delete pin'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Input
        id={titleId}
        label="Name"
        value={title}
        maxLength={PIN_LIMITS.titleMax}
        onChange={(event) => {
          setTitle(event.target.value);
          setErrors((current) => ({ ...current, title: undefined }));
          setSaved(false);
        }}
        error={errors.title}
      />
      <VisitDateField
        label="Visit date"
        value={visitDate}
        onChange={(value) => {
          setVisitDate(value);
          setErrors((current) => ({ ...current, visitDate: undefined }));
          setSaved(false);
        }}
        error={errors.visitDate ?? null}
      />
      {update.error && (
        <Alert tone="error">{describeError(update.error, 'Could not save your changes')}</Alert>
      )}
      {saved && !changed && <Alert tone="success">Changes saved</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {/* Not <Button variant="ghost">: its slate text and hover would win over the danger colours. */}
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 font-semibold text-danger-700 transition-colors hover:bg-danger-50 active:bg-danger-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete Pin
        </button>
        <Button type="submit" busy={update.isPending} disabled={!changed}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
