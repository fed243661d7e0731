// The file uploader (SPEC.md §5): drag and drop takes only image/ and video/ files, the picker filters to
// images and videos (not on Android, whose picker then hides the gallery), and the selection is listed
// with sizes, each removable. A file that cannot be uploaded (not a photo or video, empty, too large) is
// not added, and one sentence naming it says why.
import { useId, useRef, useState, type DragEvent } from 'react';
import { CircleAlert, FileVideo, ImageIcon, MapPin, UploadCloud, X } from 'lucide-react';
import {
  MEDIA_LISTED_TYPES,
  MEDIA_PICKER_ACCEPT,
  formatFileSize,
  hasCoordinates,
  type MediaMetadata,
} from '@waymarks/shared';
import { selectionRefusal } from '../refusals';

const isAndroid = () => typeof navigator !== 'undefined' && /android/i.test(navigator.userAgent);

export function FileDropzone({
  files,
  metadata,
  disabled,
  onAdd,
  onRemove,
}: {
  files: readonly File[];
  metadata: ReadonlyMap<File, MediaMetadata>;
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const hintId = useId();

  // A drop brings whatever was dragged; the picker's own filter already asked for photos and videos,
  // so a file it gives without a type (HEIC in most browsers) is left to the server to judge.
  function take(list: FileList | null, fromDrop: boolean) {
    const all = Array.from(list ?? []);
    const reasons = all.map((file) => selectionRefusal(file, fromDrop));
    setRefused(reasons.filter((reason): reason is string => reason !== null));
    const accepted = all.filter((_, index) => reasons[index] === null);
    if (accepted.length > 0) onAdd(accepted);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files, true);
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dropzone
        data-dragging={dragging || undefined}
        className={`flex flex-col items-center gap-2 rounded-card border-2 border-dashed px-4 py-6 text-center transition-colors ${
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
        }`}
      >
        <UploadCloud aria-hidden="true" className="size-8 text-brand-700" />
        <p className="text-sm font-medium text-slate-900">Drag and drop photos and videos here</p>
        <p id={hintId} className="text-xs text-slate-600">
          {MEDIA_LISTED_TYPES} and phone photos (HEIC)
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={isAndroid() ? undefined : MEDIA_PICKER_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            take(event.target.files, false);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
          className="mt-1 inline-flex min-h-11 items-center rounded-control border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Browse files
        </button>
      </div>
      <div role="status">
        {refused.length > 0 && (
          <ul aria-label="Files not added" className="flex flex-col gap-1 text-sm text-danger-800">
            {refused.map((reason, index) => (
              <li key={index} className="flex items-start gap-2">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0 [overflow-wrap:anywhere]">{reason}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {files.length > 0 && (
        <ul
          aria-label="Selected files"
          className="flex max-h-48 flex-col divide-y divide-slate-100 overflow-y-auto rounded-control border border-slate-200"
        >
          {files.map((file) => {
            const meta = metadata.get(file);
            const video = file.type.startsWith('video/');
            return (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}`}
                className="flex items-center gap-2 py-1 pl-3 pr-1 text-sm"
              >
                {video ? (
                  <FileVideo aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                ) : (
                  <ImageIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                )}
                <span className="min-w-0 flex-1 truncate text-slate-900">{file.name}</span>
                {meta && hasCoordinates(meta.location) && (
                  <MapPin aria-label="Has GPS" className="size-4 shrink-0 text-success-700" />
                )}
                <span className="shrink-0 tabular-nums text-slate-600">{formatFileSize(file.size)}</span>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onRemove(file)}
                  aria-label={`Remove ${file.name}`}
                  className="flex size-11 shrink-0 items-center justify-center rounded-control text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
