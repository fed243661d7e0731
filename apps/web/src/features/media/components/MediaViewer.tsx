// The full-screen media viewer (SPEC.md §2, §4): preview or video, details, stepping, download, delete.
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  Camera,
  ChevronLeft,
  ChevronRight,
  Download,
  ImageOff,
  Lock,
  Trash2,
  VideoOff,
  X,
  type LucideIcon,
} from 'lucide-react';
import { formatFileSize, hasFeature, type MediaItem, type TierId } from '@waymarks/shared';
import { useAuth } from '../../../app/auth/useAuth';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import {
  deleteErrorText,
  downloadErrorText,
  downloadMedia,
  downloadsLockedText,
  useBriefNotice,
  useDeleteMedia,
} from '../gallery-api';

/** A horizontal drag at least this long, and longer than it is tall, moves to the neighbour. */
export const SWIPE_MIN_PX = 50;

const TOOLBAR_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-control px-2.5 text-sm font-semibold ' +
  'text-slate-100 transition-colors hover:bg-white/10 active:bg-white/15 focus-visible:outline-brand-300 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-progress';

const STEP_BUTTON =
  'absolute top-1/2 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-slate-900/70 ' +
  'text-white shadow-card ring-1 ring-white/15 transition-colors hover:bg-slate-800 active:bg-slate-700 ' +
  'focus-visible:outline-brand-300';

const UPLOADED = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const TAKEN_WALL_CLOCK = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const TAKEN_DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * A photo's date is the local time where it was taken, so its digits are shown as they are, whatever
 * zone the viewer is in; only a UTC instant ('Z', a video's creation time) is moved to the viewer's zone.
 */
function formatTaken(value: string | null): string | null {
  if (!value) return null;
  if (/z$/i.test(value.trim())) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : UPLOADED.format(instant);
  }
  const parts = DATE_PARTS.exec(value);
  if (!parts) return null;
  const [, year, month, day, hour, minute] = parts.map(Number);
  const wall = new Date(Date.UTC(year!, month! - 1, day!, hour || 0, minute || 0));
  if (Number.isNaN(wall.getTime())) return null;
  return (parts[4] === undefined ? TAKEN_DAY : TAKEN_WALL_CLOCK).format(wall);
}

function formatUploaded(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : UPLOADED.format(date);
}

/**
 * The box a photo is drawn in, sized from its known dimensions so the blurred thumbnail holds the
 * photo's place (and nothing jumps) until the preview arrives.
 */
function frameStyle(item: MediaItem): CSSProperties {
  const ratio = item.width && item.height ? item.width / item.height : 1;
  return { aspectRatio: String(ratio), width: `min(100cqw, calc(100cqh * ${ratio}))` };
}

function StageMessage({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-slate-300">
      <Icon aria-hidden="true" className="size-10 text-slate-500" />
      <p className="max-w-xs text-sm">{children}</p>
    </div>
  );
}

function PhotoStage({ item }: { item: MediaItem }) {
  const src = item.previewUrl;
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (state === 'failed') {
    return (
      <StageMessage icon={ImageOff}>This photo could not be shown. Try downloading it instead.</StageMessage>
    );
  }
  const placeholder = state === 'loading';
  return (
    <div className="absolute inset-0 p-2 [container-type:size] sm:px-20 sm:py-4">
      <div className="flex size-full items-center justify-center">
        <div className="relative" style={frameStyle(item)}>
          {placeholder && (
            <img
              src={item.thumbnailUrl}
              alt=""
              aria-hidden="true"
              className="absolute inset-0 size-full object-cover opacity-80 blur-md"
            />
          )}
          <img
            src={src}
            alt={item.filename}
            draggable={false}
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
            className={`relative size-full object-contain transition-opacity duration-200 ${
              state === 'loaded' ? 'opacity-100' : 'opacity-0'
            }`}
          />
          {state === 'loading' && (
            <span className="absolute inset-0 flex items-center justify-center text-white">
              <Spinner label="Loading photo…" className="size-9 drop-shadow" />
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

function VideoStage({ item }: { item: MediaItem }) {
  const [failed, setFailed] = useState(item.streamUrl === null);
  if (failed) {
    return (
      <StageMessage icon={VideoOff}>
        This video cannot be played in your browser. Download it to watch it.
      </StageMessage>
    );
  }
  return (
    <div className="absolute inset-0 flex items-center justify-center p-2 sm:px-20 sm:py-4">
      <video
        controls
        playsInline
        preload="metadata"
        poster={item.previewUrl}
        src={item.streamUrl ?? undefined}
        aria-label={item.filename}
        onError={() => setFailed(true)}
        className="max-h-full max-w-full bg-black"
      />
    </div>
  );
}

export interface MediaViewerProps {
  /** The pin's media in gallery order; the viewer moves through these. */
  items: readonly MediaItem[];
  /** The item shown; null (or an id no longer in items) closes the viewer. */
  openId: string | null;
  pinId: string;
  tier: TierId;
  onNavigate: (mediaId: string) => void;
  onClose: () => void;
  /** Called once the server has deleted the shown item (already gone from the cached list). */
  onDeleted: (item: MediaItem, index: number) => void;
  /** Where focus goes on close; Radix's default is the element focused before opening. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function MediaViewer({
  items,
  openId,
  pinId,
  tier,
  onNavigate,
  onClose,
  onDeleted,
  onCloseAutoFocus,
}: MediaViewerProps) {
  const { request } = useAuth();
  const index = openId === null ? -1 : items.findIndex((each) => each.mediaId === openId);
  const item = index >= 0 ? items[index] : undefined;
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const notice = useBriefNotice();
  const remove = useDeleteMedia(pinId);
  const download = useMutation({
    mutationFn: (mediaId: string) => downloadMedia(request, mediaId),
    onError: (error) => notice.show(downloadErrorText(error)),
  });
  const closeRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const lockedHintId = useId();
  const confirmTitleId = useId();
  const confirmTextId = useId();

  const canDownload = hasFeature(tier, 'mediaDownloads');
  const confirming = item !== undefined && confirmingId === item.mediaId;
  const noun = item?.isVideo ? 'video' : 'photo';

  function step(delta: number) {
    // Moving on would silently drop a question the traveller has not answered yet.
    if (!item || items.length < 2 || confirming || remove.isPending) return;
    const next = items[(index + delta + items.length) % items.length];
    if (!next) return;
    notice.clear();
    onNavigate(next.mediaId);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // A focused video seeks with the arrow keys.
    if (event.target instanceof Element && event.target.closest('video, input, textarea, select')) return;
    event.preventDefault();
    // React bubbles through the portal into the location dialog, whose own controls must not see the key.
    event.stopPropagation();
    step(event.key === 'ArrowLeft' ? -1 : 1);
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    // A mouse drags images rather than swiping; the video's own controls need their gestures.
    if (event.pointerType === 'mouse') return;
    if (event.target instanceof Element && event.target.closest('video, button')) return;
    swipeStart.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  }

  function cancelConfirm() {
    setConfirmingId(null);
    deleteRef.current?.focus();
  }

  async function confirmDelete() {
    if (!item || remove.isPending) return;
    const deleted = item;
    const deletedIndex = index;
    notice.clear();
    const ok = await remove.mutateAsync(deleted.mediaId).then(
      () => true,
      (error: unknown) => {
        notice.show(deleteErrorText(error, deleted.isVideo));
        return false;
      },
    );
    if (!ok) return;
    setConfirmingId(null);
    onDeleted(deleted, deletedIndex);
  }

  const taken = item ? formatTaken(item.exifData.dateTaken) : null;
  const camera = item && item.exifData.camera !== 'Unknown' ? item.exifData.camera : null;

  return (
    <RadixDialog.Root open={item !== undefined} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeRef.current?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={(event) => {
            if (!confirming) return;
            event.preventDefault();
            cancelConfirm();
          }}
          onKeyDown={handleKeyDown}
          className="fixed inset-0 z-[60] flex flex-col bg-slate-950 text-white focus:outline-none data-[state=open]:animate-fade-in"
        >
          {item && (
            <>
              <div className="flex items-center justify-between gap-2 px-2 pb-1 pt-[max(0.5rem,env(safe-area-inset-top))] sm:px-4">
                <p
                  aria-live="polite"
                  aria-atomic="true"
                  className="px-2 text-sm font-semibold tabular-nums text-slate-200"
                >
                  <span className="sr-only">{item.filename}, </span>
                  {index + 1} of {items.length}
                </p>
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    aria-label="Download"
                    aria-describedby={canDownload ? undefined : lockedHintId}
                    disabled={!canDownload}
                    aria-disabled={download.isPending || undefined}
                    onClick={() => {
                      if (download.isPending) return;
                      notice.clear();
                      download.mutate(item.mediaId);
                    }}
                    className={TOOLBAR_BUTTON}
                  >
                    {download.isPending ? (
                      <Spinner className="size-5" />
                    ) : canDownload ? (
                      <Download aria-hidden="true" className="size-5" />
                    ) : (
                      <Lock aria-hidden="true" className="size-5" />
                    )}
                    <span className="hidden sm:inline">Download</span>
                  </button>
                  <button
                    ref={deleteRef}
                    type="button"
                    aria-label={`Delete ${noun}`}
                    onClick={() => {
                      notice.clear();
                      setConfirmingId(item.mediaId);
                    }}
                    className={TOOLBAR_BUTTON}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                    <span className="hidden sm:inline">Delete</span>
                  </button>
                  <RadixDialog.Close ref={closeRef} aria-label="Close viewer" className={TOOLBAR_BUTTON}>
                    <X aria-hidden="true" className="size-6" />
                  </RadixDialog.Close>
                </div>
              </div>

              <div
                onPointerDown={handlePointerDown}
                onPointerUp={handlePointerUp}
                onPointerCancel={() => (swipeStart.current = null)}
                className="relative min-h-0 flex-1 touch-pan-y touch-pinch-zoom select-none"
              >
                {item.isVideo ? (
                  <VideoStage key={item.mediaId} item={item} />
                ) : (
                  <PhotoStage key={item.mediaId} item={item} />
                )}
                {items.length > 1 && (
                  <>
                    <button
                      type="button"
                      aria-label="Previous"
                      onClick={() => step(-1)}
                      className={`${STEP_BUTTON} left-2 sm:left-4`}
                    >
                      <ChevronLeft aria-hidden="true" className="size-6" />
                    </button>
                    <button
                      type="button"
                      aria-label="Next"
                      onClick={() => step(1)}
                      className={`${STEP_BUTTON} right-2 sm:right-4`}
                    >
                      <ChevronRight aria-hidden="true" className="size-6" />
                    </button>
                  </>
                )}
              </div>

              <div className="border-t border-white/10 bg-slate-900 px-4 pb-[max(0.875rem,env(safe-area-inset-bottom))] pt-3 sm:px-6">
                <div className="mx-auto flex max-w-3xl flex-col gap-2.5">
                  <RadixDialog.Title className="text-base [overflow-wrap:anywhere] font-semibold text-white">
                    {item.filename}
                  </RadixDialog.Title>
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
                      {downloadsLockedText()}{' '}
                      <Link
                        to="/profile"
                        className="font-semibold text-brand-300 underline underline-offset-4 hover:text-brand-200 focus-visible:outline-brand-300"
                      >
                        Upgrade
                      </Link>
                    </p>
                  )}
                  {notice.notice && <Alert tone="error">{notice.notice}</Alert>}
                  {confirming && (
                    <div
                      role="alertdialog"
                      aria-labelledby={confirmTitleId}
                      aria-describedby={confirmTextId}
                      className="flex flex-col gap-3 rounded-control bg-slate-800 p-3 ring-1 ring-white/10 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div>
                        <p id={confirmTitleId} className="font-semibold text-white">
                          Delete this {noun}?
                        </p>
                        <p id={confirmTextId} className="text-sm text-slate-300">
                          It is removed from this place for good.
                        </p>
                      </div>
                      <div className="flex gap-2">
                        <Button
                          variant="secondary"
                          onClick={cancelConfirm}
                          autoFocus
                          className="flex-1 sm:flex-none"
                        >
                          Cancel
                        </Button>
                        <Button
                          onClick={() => void confirmDelete()}
                          aria-disabled={remove.isPending || undefined}
                          className="flex-1 bg-danger-700 hover:bg-danger-800 active:bg-danger-800 aria-disabled:cursor-progress sm:flex-none"
                        >
                          {remove.isPending ? (
                            <Spinner className="size-4" />
                          ) : (
                            <Trash2 aria-hidden="true" className="size-4" />
                          )}
                          {remove.isPending ? 'Deleting…' : 'Delete'}
                        </Button>
                      </div>
                    </div>
                  )}
                </div>
              </div>
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
