// The viewer's details panel: the item's name, size, date and camera, and what a locked plan lacks.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Camera } from 'lucide-react';
import { UNKNOWN_CAMERA, formatFileSize, planRequiredMessage, type MediaItem } from '@waymarks/shared';
import { formatTaken, formatUploaded } from './format';
import { DialogTitle } from '../../../../components/ui/Dialog';

interface MediaDetailsProps {
  item: MediaItem;
  canDownload: boolean;
  /** The id the locked Download button points at for its description. */
  lockedHintId: string;
  /** The notice and the delete question, shown under the details. */
  children?: ReactNode;
}

export function MediaDetails({ item, canDownload, lockedHintId, children }: MediaDetailsProps) {
  const taken = formatTaken(item.exifData.dateTaken);
  const camera = item.exifData.camera !== UNKNOWN_CAMERA ? item.exifData.camera : null;
  return (
    <div className="border-t border-white/10 bg-slate-900 px-4 pb-[max(0.875rem,env(safe-area-inset-bottom))] pt-3 sm:px-6">
      <div className="mx-auto flex max-w-3xl flex-col gap-2.5">
        <DialogTitle className="text-base [overflow-wrap:anywhere] font-semibold text-white">
          {item.filename}
        </DialogTitle>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-300">
          <li>{formatFileSize(item.sizeBytes)}</li>
          <li>{taken ? `Taken ${taken}` : `Uploaded ${formatUploaded(item.uploadedAt)}`}</li>
          {camera && (
            <li className="flex items-center gap-1.5">
              <Camera aria-hidden="true" className="size-4 text-slate-400" />
              <span className="sr-only">Camera: </span>
              {camera}
            </li>
          )}
        </ul>
        {!canDownload && (
          <p id={lockedHintId} className="text-sm text-slate-300">
            {planRequiredMessage('mediaDownloads')}{' '}
            <Link
              to="/profile"
              className="font-semibold text-brand-300 underline underline-offset-4 hover:text-brand-200 focus-visible:outline-brand-300"
            >
              Upgrade
            </Link>
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
