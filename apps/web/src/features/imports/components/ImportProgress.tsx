// An import under way: what is happening, a real progress bar, the figures so far and a way to cancel.
import { ProgressBar } from '../../media';
import { Button } from '../../../components/ui/Button';
import { IMPORT_TEXTS } from '../messages';

export function ImportProgress({
  label,
  percent,
  detail,
  cancelling,
  onCancel,
}: {
  label: string;
  percent: number;
  detail?: string;
  cancelling: boolean;
  onCancel: () => void;
}) {
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      <ProgressBar value={percent} label={label} />
      {/* Announced as the figures change; the bar itself carries the percentage. */}
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {detail}
      </p>
      <Button variant="secondary" className="self-start" busy={cancelling} onClick={onCancel}>
        {IMPORT_TEXTS.cancel}
      </Button>
    </section>
  );
}

/** Bytes read of the total as a whole percentage; 0 until the total is known. */
export function readPercent(bytesRead: number, bytesTotal: number): number {
  if (bytesTotal <= 0) return 0;
  return Math.min(100, Math.floor((bytesRead / bytesTotal) * 100));
}
