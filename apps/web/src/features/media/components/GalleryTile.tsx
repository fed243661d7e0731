// One item of the gallery grid: its thumbnail (or, while it is being made, a placeholder), size, the date
// it was taken (or, marked, when it was uploaded) and the first line of its caption.
import { useId, useState } from 'react';
import { Hourglass, ImageOff, Play, Upload } from 'lucide-react';
import { formatFileSize, type MediaItem } from '@waymarks/shared';
import { itemDate } from '../media-dates';

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
      alt={item.caption ?? item.filename}
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
  // Where no date was found the upload's day stands in, with the word Uploaded taking the time's room.
  const date = itemDate(item, { uploadTime: false });
  const kind = item.isVideo ? 'video' : 'photo';
  const preparing = item.status === 'processing' ? ', preparing preview' : '';
  const captionId = useId();
  return (
    <li>
      <button
        ref={buttonRef}
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-label={`${item.filename}, ${kind}${preparing}, ${size}, ${date.kind} ${date.text}`}
        aria-describedby={item.caption ? captionId : undefined}
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
          {date.kind === 'taken' ? (
            <span className="block text-slate-600">{date.text}</span>
          ) : (
            <span className="flex items-start gap-1 text-slate-600 italic">
              <Upload aria-hidden="true" className="mt-px size-3 shrink-0" />
              <span>Uploaded {date.text}</span>
            </span>
          )}
          {item.caption && (
            <span id={captionId} className="mt-0.5 block truncate text-slate-800">
              {item.caption}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
