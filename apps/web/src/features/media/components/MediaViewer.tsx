// The full-screen media viewer (SPEC.md §2, §4): preview or video, caption, details, stepping, download,
// delete.
// This file is the dialog that composes the parts under viewer/.
import { useId, useRef } from 'react';
import { hasFeature, type MediaItem, type TierId } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { useBriefNotice } from '../brief-notice';
import { CaptionEditor } from './viewer/CaptionEditor';
import { DeleteConfirmation } from './viewer/DeleteConfirmation';
import { MediaDetails } from './viewer/MediaDetails';
import { MediaStage } from './viewer/MediaStage';
import { ViewerToolbar } from './viewer/ViewerToolbar';
import { useCaptionEditor } from './viewer/useCaptionEditor';
import { useViewerActions } from './viewer/useViewerActions';
import { useViewerNavigation } from './viewer/useViewerNavigation';
import { DialogPanel, DialogRoot } from '../../../components/ui/Dialog';

export { SWIPE_MIN_PX } from './viewer/useViewerNavigation';

interface MediaViewerProps {
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
  const index = openId === null ? -1 : items.findIndex((each) => each.mediaId === openId);
  const item = index >= 0 ? items[index] : undefined;
  const notice = useBriefNotice();
  const actions = useViewerActions({ pinId, item, index, notice, onDeleted });
  const caption = useCaptionEditor({ pinId, item });
  const navigation = useViewerNavigation({
    items,
    index,
    // Moving on would drop a caption being written as silently as a pending delete question.
    held: actions.confirming || actions.deleting || caption.editing,
    onMove: (mediaId) => {
      notice.clear();
      onNavigate(mediaId);
    },
  });
  const closeRef = useRef<HTMLButtonElement>(null);
  const lockedHintId = useId();

  const canDownload = hasFeature(tier, 'mediaDownloads');
  const noun = item?.isVideo ? 'video' : 'photo';

  return (
    <DialogRoot open={item !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogPanel
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          closeRef.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
        onEscapeKeyDown={(event) => {
          // Escape first takes back the delete question or the caption being written, and only then
          // closes the viewer.
          if (actions.confirming) {
            event.preventDefault();
            actions.cancelConfirm();
          } else if (caption.editing) {
            event.preventDefault();
            caption.cancel();
          }
        }}
        onKeyDown={navigation.handleKeyDown}
        className="fixed inset-0 z-[60] flex flex-col bg-slate-950 text-white focus:outline-none data-[state=open]:animate-fade-in"
      >
        {item && (
          <>
            <ViewerToolbar
              item={item}
              index={index}
              count={items.length}
              noun={noun}
              canDownload={canDownload}
              lockedHintId={lockedHintId}
              downloading={actions.downloading}
              onDownload={actions.startDownload}
              onDelete={actions.askDelete}
              deleteRef={actions.deleteRef}
              closeRef={closeRef}
            />
            <MediaStage
              item={item}
              canStep={items.length > 1}
              onStep={navigation.step}
              swipeHandlers={navigation.swipeHandlers}
            />
            <MediaDetails
              item={item}
              canDownload={canDownload}
              lockedHintId={lockedHintId}
              caption={<CaptionEditor item={item} editor={caption} />}
            >
              {notice.notice && <Alert tone="error">{notice.notice}</Alert>}
              {actions.confirming && (
                <DeleteConfirmation
                  noun={noun}
                  deleting={actions.deleting}
                  onCancel={actions.cancelConfirm}
                  onConfirm={() => void actions.confirmDelete()}
                />
              )}
            </MediaDetails>
          </>
        )}
      </DialogPanel>
    </DialogRoot>
  );
}
