// One item of the gallery grid: its thumbnail (or, while it is being made, a placeholder), size and upload time.
import { useState } from 'react';
import { Hourglass, ImageOff, Play } from 'lucide-react';
import { formatFileSize, type MediaItem } from '@waymarks/shared';

const UPLOAD_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'Nov 22, 14:05' in the viewer's own time zone: an upload is a moment, not a place's wall clock. */
function formatUploadTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : UPLOAD_TIME.format(date);
}

function Thumbnail({ item }: { item: MediaItem }) {
  const [failed, setFailed] = useState(false);
  if (item.thumbnailUrl === null) {
    return (
      <span className="flex size-full flex-col items-center justify-center gap-1.5 bg-slate-50 p-2 text-center text-slate-600">
        <Hourglass aria-hidden="true" className="size-6 animate-pulse text-slate-400" />
        <span className="text-[0.6875rem] font-medium leading-tight sm:text-xs">Preparing preview…</span>
      </span>
    );
  }
  if (failed) {
    return (
      <span className="flex size-full items-center justify-center text-slate-400">
        <ImageOff aria-hidden="true" className="size-7" />
      </span>
    );
  }
  return (
    <img
      src={item.thumbnailUrl}
      alt={item.filename}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.04]"
    />
  );
}

export function GalleryTile({
  item,
  buttonRef,
  onOpen,
}: {
  item: MediaItem;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onOpen: () => void;
}) {
  const size = formatFileSize(item.sizeBytes);
  const time = formatUploadTime(item.uploadedAt);
  const kind = item.isVideo ? 'video' : 'photo';
  const preparing = item.status === 'processing' ? ', preparing preview' : '';
  return (
    <li>
      <button
        ref={buttonRef}
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-label={`${item.filename}, ${kind}${preparing}, ${size}, uploaded ${time}`}
        className="group flex w-full flex-col gap-1.5 rounded-control text-left"
      >
        <span className="relative block aspect-square w-full overflow-hidden rounded-control bg-slate-100 ring-1 ring-slate-200 ring-inset">
          {/* Keyed by the link: a thumbnail that arrives after a failed one gets its own try. */}
          <Thumbnail key={item.thumbnailUrl ?? 'preparing'} item={item} />
          {item.isVideo && (
            <span className="absolute left-1.5 top-1.5 inline-flex items-center gap-1 rounded-full bg-slate-950/75 px-2 py-0.5 text-[0.6875rem] font-semibold text-white">
              <Play aria-hidden="true" className="size-3 fill-current" />
              Video
            </span>
          )}
        </span>
        <span className="block px-0.5 text-xs leading-snug">
          <span className="block font-semibold text-slate-800">{size}</span>
          <span className="block text-slate-600">{time}</span>
        </span>
      </button>
    </li>
  );
}
