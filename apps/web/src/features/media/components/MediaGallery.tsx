// A pin's media grid (SPEC.md §2 Media gallery): thumbnails, size, Download All, Delete Pin; in the order
// the server lists them, by date taken, each with that date (the upload time, marked, where the file had
// none) and its caption (docs/decisions/085). Items still being processed show a placeholder until the
// polled list brings their thumbnail; refused files are listed apart, to be removed, and count nowhere.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Images, Lock, Trash2 } from 'lucide-react';
import {
  MEDIA_MESSAGES,
  hasFeature,
  planRequiredMessage,
  type MediaItem,
  type Pin,
  type TierId,
} from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { describeError } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { downloadAll, mediaKeys, useMediaList } from '../api/media';
import { useBriefNotice } from '../brief-notice';
import { DOWNLOAD_FAILED, DOWNLOAD_UNREACHABLE } from '../messages';
import { GalleryTile } from './GalleryTile';
import { MediaViewer } from './MediaViewer';
import { RefusedTile } from './RefusedTile';

/** Lets a screen reader finish reading the viewer's closing before the deletion is announced. */
const ANNOUNCE_DELAY_MS = 150;

/** What the polite status says about previews being made; after the last one, that they are ready. */
function previewNews(preparing: number, hadPreparing: boolean): string {
  if (preparing === 1) return 'Preparing 1 preview…';
  if (preparing > 1) return `Preparing ${preparing} previews…`;
  return hadPreparing ? 'Previews ready.' : '';
}

function LoadingGrid({ count }: { count: number }) {
  return (
    <div role="status" className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3">
      <span className="sr-only">Loading media…</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex flex-col gap-1.5">
          <div className="aspect-square w-full animate-pulse rounded-control bg-slate-200" />
          <div className="h-3 w-2/3 animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** Which grid item takes focus when the viewer closes: the one last shown, or its neighbour if deleted. */
interface FocusPlan {
  mediaId: string;
  index: number;
  deleted: boolean;
}

export function MediaGallery({
  pin,
  tier,
  onPinDeleteRequest,
}: {
  pin: Pin;
  tier: TierId;
  onPinDeleteRequest?: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useMediaList(pin.pinId);
  const refused = list.data?.filter((item) => item.status === 'refused') ?? [];
  // What the traveller has: stored and counted, whether its previews are made yet or not.
  const media = list.data?.filter((item) => item.status !== 'refused');
  const preparing = media?.filter((item) => item.status === 'processing').length ?? 0;
  const [hadPreparing, setHadPreparing] = useState(false);
  if (preparing > 0 && !hadPreparing) setHadPreparing(true);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const notice = useBriefNotice();
  const headingId = useId();
  const lockedHintId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tileButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusPlan = useRef<FocusPlan | null>(null);
  const announceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(announceTimer.current), []);

  const canDownload = hasFeature(tier, 'mediaDownloads');
  const downloadAllFiles = useMutation({
    mutationFn: () => downloadAll(api, pin.pinId),
    onError: (error) => notice.show(describeError(error, DOWNLOAD_FAILED, DOWNLOAD_UNREACHABLE)),
  });

  function show(mediaId: string) {
    const index = media?.findIndex((item) => item.mediaId === mediaId) ?? -1;
    focusPlan.current = { mediaId, index: Math.max(index, 0), deleted: false };
    setViewingId(mediaId);
  }

  function handleDeleted(item: MediaItem, index: number) {
    focusPlan.current = { mediaId: item.mediaId, index, deleted: true };
    setViewingId(null);
    clearTimeout(announceTimer.current);
    announceTimer.current = setTimeout(() => setAnnouncement(`${item.filename} deleted.`), ANNOUNCE_DELAY_MS);
  }

  // The Remove button goes with its tile; the heading keeps the reader's place.
  function handleRemoved(item: MediaItem) {
    headingRef.current?.focus();
    clearTimeout(announceTimer.current);
    setAnnouncement(`${item.filename} removed.`);
  }

  // Radix would return focus to whatever had it before the viewer opened: a tile that may have been
  // deleted, or nothing at all in Safari, where clicking a button does not focus it.
  function returnFocus(event: Event) {
    event.preventDefault();
    const plan = focusPlan.current;
    // The cache already lacks a deleted item; the rendered list may not have caught up yet.
    const remaining = (queryClient.getQueryData<MediaItem[]>(mediaKeys.forPin(pin.pinId)) ?? []).filter(
      (item) => item.status !== 'refused' && !(plan?.deleted && item.mediaId === plan.mediaId),
    );
    const nearest = plan ? remaining[Math.min(plan.index, remaining.length - 1)] : undefined;
    const target =
      plan && !plan.deleted ? (remaining.find((item) => item.mediaId === plan.mediaId) ?? nearest) : nearest;
    const button = target ? tileButtons.current.get(target.mediaId) : undefined;
    (button ?? headingRef.current)?.focus();
  }

  async function retry() {
    if (list.isFetching) return;
    const result = await list.refetch();
    // The button disappears with the error; the heading keeps the reader's place.
    if (result.isSuccess) headingRef.current?.focus();
  }

  let body;
  if (media === undefined && list.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-card border border-danger-200 bg-danger-50 px-4 py-6 text-center">
        <p role="alert" className="text-sm font-semibold text-danger-800">
          {MEDIA_MESSAGES.loadFailed}
        </p>
        <Button
          variant="secondary"
          aria-disabled={list.isFetching || undefined}
          onClick={() => void retry()}
          className="aria-disabled:cursor-progress"
        >
          {list.isFetching && <Spinner className="size-4" />}
          Try Again
        </Button>
      </div>
    );
  } else if (media === undefined) {
    body = <LoadingGrid count={Math.min(Math.max(pin.mediaCount, 3), 8)} />;
  } else if (media.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center">
        <Images aria-hidden="true" className="size-8 text-slate-400" />
        <p className="text-sm font-semibold text-slate-800">No photos or videos yet</p>
        <p className="text-sm text-slate-600">Add some from the Upload Photos &amp; Videos tab.</p>
      </div>
    );
  } else {
    body = (
      <ul role="list" aria-labelledby={headingId} className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3">
        {media.map((item) => (
          <GalleryTile
            key={item.mediaId}
            item={item}
            onOpen={() => show(item.mediaId)}
            buttonRef={(element) => {
              if (element) tileButtons.current.set(item.mediaId, element);
              else tileButtons.current.delete(item.mediaId);
            }}
          />
        ))}
      </ul>
    );
  }

  const hasMedia = media !== undefined && media.length > 0;
  const refusedList = refused.length > 0 && (
    <ul role="list" aria-label="Files that could not be kept" className="flex flex-col gap-2">
      {refused.map((item) => (
        <RefusedTile key={item.mediaId} item={item} onRemoved={handleRemoved} onFailed={notice.show} />
      ))}
    </ul>
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus-visible:outline-offset-4"
        >
          Photos &amp; videos
          {hasMedia && <span className="ml-1.5 font-medium text-slate-500">({media.length})</span>}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          {hasMedia &&
            (canDownload ? (
              // aria-disabled rather than disabled while busy, so keyboard focus stays on the button.
              <Button
                variant="secondary"
                aria-disabled={downloadAllFiles.isPending || undefined}
                onClick={() => {
                  if (downloadAllFiles.isPending) return;
                  notice.clear();
                  downloadAllFiles.mutate();
                }}
                className="aria-disabled:cursor-progress"
              >
                {downloadAllFiles.isPending ? (
                  <Spinner className="size-4" />
                ) : (
                  <Download aria-hidden="true" className="size-4" />
                )}
                {downloadAllFiles.isPending ? 'Preparing…' : 'Download All'}
              </Button>
            ) : (
              <Button variant="secondary" disabled aria-describedby={lockedHintId}>
                <Lock aria-hidden="true" className="size-4" />
                Download All
              </Button>
            ))}
          {onPinDeleteRequest && (
            // Not <Button variant="ghost">: its slate text and hover would win over the danger colours.
            <button
              type="button"
              onClick={onPinDeleteRequest}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 font-semibold text-danger-700 transition-colors hover:bg-danger-50 active:bg-danger-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete Pin
            </button>
          )}
        </div>
      </div>
      {hasMedia && !canDownload && (
        <p id={lockedHintId} className="text-sm text-slate-600">
          {planRequiredMessage('mediaDownloads')}{' '}
          <Link
            to="/profile"
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Upgrade
          </Link>
        </p>
      )}
      {notice.notice && <Alert tone="error">{notice.notice}</Alert>}
      {refusedList}
      {body}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <p role="status" className="sr-only">
        {previewNews(preparing, hadPreparing)}
      </p>
      <MediaViewer
        items={media ?? []}
        openId={viewingId}
        pinId={pin.pinId}
        tier={tier}
        onNavigate={show}
        onClose={() => setViewingId(null)}
        onDeleted={handleDeleted}
        onCloseAutoFocus={returnFocus}
      />
    </section>
  );
}
