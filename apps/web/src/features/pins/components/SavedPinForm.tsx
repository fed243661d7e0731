// A saved pin's details in the location dialog (SPEC.md §2): its name, visit date and notes (the pin's
// description) first, then what the dialog puts in between (the photos), then a bar that stays at the
// bottom of the dialog with Save and what saving did. Moving the pin, and deleting it after confirmation.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MapPin, Trash2 } from 'lucide-react';
import { PIN_LIMITS, pinTitleError, visitDateError, type Pin } from '@waymarks/shared';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Textarea } from '../../../components/ui/Textarea';
import { VisitDateField } from '../../../components/VisitDateField';
import { useDeletePin, useUpdatePin } from '../api/pins';

export function SavedPinForm({
  pin,
  onDeleted,
  onMove,
  children,
}: {
  pin: Pin;
  onDeleted: () => void;
  /** 'Move pin': the dialog gives way to the map, where a new point is chosen. */
  onMove?: (() => void) | undefined;
  /** Shown between the details and the Save bar: the place's photos and videos. */
  children?: ReactNode;
}) {
  const update = useUpdatePin();
  const remove = useDeletePin();
  const [title, setTitle] = useState(pin.title);
  const [visitDate, setVisitDate] = useState(pin.visitDate ?? '');
  const [notes, setNotes] = useState(pin.description);
  const [errors, setErrors] = useState<{ title?: string; visitDate?: string }>({});
  /** The pin as the last save answered it: what the fields are compared with from then on. */
  const [saved, setSaved] = useState<Pin | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [moveBlocked, setMoveBlocked] = useState(false);
  const formId = useId();
  const titleId = `${formId}-title`;

  const stored = saved ?? pin;
  const changed =
    title.trim() !== stored.title ||
    (visitDate || null) !== stored.visitDate ||
    notes.trim() !== stored.description.trim();

  function edited() {
    setMoveBlocked(false);
    update.reset();
  }

  // Moving closes the dialog, and with it the fields: what was typed is saved first or kept.
  function move() {
    if (changed) setMoveBlocked(true);
    else onMove?.();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    const titleProblem = pinTitleError(title);
    if (titleProblem) next.title = titleProblem;
    const dateProblem = visitDate ? visitDateError(visitDate) : null;
    if (dateProblem) next.visitDate = dateProblem;
    setErrors(next);
    setMoveBlocked(false);
    if (next.title) document.getElementById(titleId)?.focus();
    if (next.title || next.visitDate) return;
    const answer = await update
      .mutateAsync({
        pinId: pin.pinId,
        changes: { title: title.trim(), visitDate: visitDate || null, description: notes.trim() },
      })
      .catch(() => null);
    if (answer) setSaved(answer);
  }

  async function confirmDelete() {
    const ok = await remove
      .mutateAsync(pin.pinId)
      .then(() => true)
      .catch(() => false);
    if (ok) onDeleted();
  }

  const status = update.isPending
    ? 'Saving…'
    : moveBlocked
      ? 'Save your changes before moving the pin'
      : saved && !changed
        ? 'Saved'
        : '';

  return (
    <>
      <form
        id={formId}
        onSubmit={submit}
        noValidate
        aria-label="Place details"
        className="flex flex-col gap-4"
      >
        <Input
          id={titleId}
          label="Name"
          value={title}
          maxLength={PIN_LIMITS.titleMax}
          onChange={(event) => {
            setTitle(event.target.value);
            setErrors((current) => ({ ...current, title: undefined }));
            edited();
          }}
          error={errors.title}
        />
        <VisitDateField
          label="Visit date"
          value={visitDate}
          onChange={(value) => {
            setVisitDate(value);
            setErrors((current) => ({ ...current, visitDate: undefined }));
            edited();
          }}
          error={errors.visitDate ?? null}
        />
        <Textarea
          label="Notes"
          value={notes}
          rows={3}
          maxLength={PIN_LIMITS.descriptionMax}
          onChange={(event) => {
            setNotes(event.target.value);
            edited();
          }}
        />
      </form>
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`${formId}-confirm`} className="flex flex-col gap-3">
          <p id={`${formId}-confirm`} className="text-sm text-slate-800">
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
      ) : (
        <div className="-mt-2 flex flex-wrap gap-x-2 gap-y-1">
          {onMove && (
            <Button variant="secondary" onClick={move} className="text-sm">
              <MapPin aria-hidden="true" className="size-4" />
              Move pin
            </Button>
          )}
          {/* Not <Button variant="ghost">: its slate text and hover would win over the danger colours. */}
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 text-sm font-semibold text-danger-700 transition-colors hover:bg-danger-50 active:bg-danger-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete Pin
          </button>
        </div>
      )}
      {children}
      {/* Stuck to the foot of the dialog's scrolling panel, over its padding (sticky offsets count from the
          padding's inner edge): Save is always in view. */}
      <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex items-center justify-end gap-3 border-t border-slate-200 bg-white px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        <p role="status" aria-live="polite" className="mr-auto min-w-0 text-sm font-semibold">
          {update.error ? (
            <span className="text-danger-700">
              {describeError(update.error, 'Could not save your changes')}
            </span>
          ) : (
            <span className={moveBlocked ? 'text-slate-800' : 'text-success-800'}>{status}</span>
          )}
        </p>
        <Button type="submit" form={formId} busy={update.isPending} disabled={!changed}>
          Save changes
        </Button>
      </div>
    </>
  );
}
