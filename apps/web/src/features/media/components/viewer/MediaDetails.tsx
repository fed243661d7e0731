// The viewer's details panel: the item's caption, name, size, date and camera, and what a locked plan lacks.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Camera, Upload } from 'lucide-react';
import { UNKNOWN_CAMERA, formatFileSize, planRequiredMessage, type MediaItem } from '@waymarks/shared';
import { itemDate } from '../../media-dates';
import { DialogTitle } from '../../../../components/ui/Dialog';

interface MediaDetailsProps {
  item: MediaItem;
  canDownload: boolean;
  /** The id the locked Download button points at for its description. */
  lockedHintId: string;
  /** The caption and its editor, shown first, right under the photo. */
  caption: ReactNode;
  /** The notice and the delete question, shown under the details. */
  children?: ReactNode;
}

export function MediaDetails({ item, canDownload, lockedHintId, caption, children }: MediaDetailsProps) {
  const date = itemDate(item, { uploadTime: true });
  const camera = item.exifData.camera !== UNKNOWN_CAMERA ? item.exifData.camera : null;
  return (
    <div className="border-t border-white/10 bg-slate-900 px-4 pb-[max(0.875rem,env(safe-area-inset-bottom))] pt-3 sm:px-6">
      <div className="mx-auto flex max-w-3xl flex-col gap-2.5">
        {caption}
        <DialogTitle className="text-base [overflow-wrap:anywhere] font-semibold text-white">
          {item.filename}
        </DialogTitle>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-300">
          <li>{formatFileSize(item.sizeBytes)}</li>
          {date.kind === 'taken' ? (
            <li>Taken {date.text}</li>
          ) : (
            // No date was found in the file: the upload time stands in, and says so.
            <li className="flex items-center gap-1.5 italic">
              <Upload aria-hidden="true" className="size-4 text-slate-400" />
              Uploaded {date.text} <span className="text-slate-400 not-italic">(no date in the file)</span>
            </li>
          )}
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
