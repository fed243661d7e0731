// A button that asks first, in a dialog: what happens, the way back out, and the action, busy while it runs
// and with its error inside the dialog. The dialog closes when the action has worked.
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DialogClose, DialogContent, DialogRoot } from '../../../components/ui/Dialog';

export function ConfirmButton({
  children,
  title,
  question,
  confirm,
  keep,
  busy,
  error,
  onConfirm,
  onOpen,
  danger = false,
}: {
  /** The button that opens the dialog: its label and icon. */
  children: ReactNode;
  title: string;
  question: string;
  confirm: string;
  keep: string;
  busy: boolean;
  error: string | null;
  /** Runs the action; resolves true when it worked, and the dialog closes. */
  onConfirm: () => Promise<boolean>;
  /** When the dialog opens: an earlier try's error is forgotten. */
  onOpen?: () => void;
  danger?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <DialogRoot open={open} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {children}
      </Button>
      <DialogContent title={title} description={question}>
        <div className="flex flex-col gap-4">
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{keep}</Button>
            </DialogClose>
            <Button
              busy={busy}
              className={danger ? 'bg-danger-700 hover:bg-danger-800 active:bg-danger-800' : ''}
              onClick={() => void onConfirm().then((done) => done && setOpen(false))}
            >
              {confirm}
            </Button>
          </div>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
