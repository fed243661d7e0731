// What the viewer does to the shown item: download it, and delete it after asking.
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { MediaItem } from '@waymarks/shared';
import { useApi } from '../../../../app/auth/useApi';
import { describeError } from '../../../../lib/api';
import { downloadMedia, useDeleteMedia } from '../../api/media';
import type { useBriefNotice } from '../../brief-notice';
import { DOWNLOAD_FAILED, DOWNLOAD_UNREACHABLE, deleteFailed, deleteUnreachable } from '../../messages';

interface ViewerActionsOptions {
  pinId: string;
  /** The shown item and its position, undefined and -1 when none is shown. */
  item: MediaItem | undefined;
  index: number;
  /** Where a failed download or deletion is reported. */
  notice: ReturnType<typeof useBriefNotice>;
  onDeleted: (item: MediaItem, index: number) => void;
}

export function useViewerActions({ pinId, item, index, notice, onDeleted }: ViewerActionsOptions) {
  const api = useApi();
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const remove = useDeleteMedia(pinId);
  const download = useMutation({
    mutationFn: (mediaId: string) => downloadMedia(api, mediaId),
    onError: (error) => notice.show(describeError(error, DOWNLOAD_FAILED, DOWNLOAD_UNREACHABLE)),
  });
  // Cancelling the question puts focus back on the button that asked it.
  const deleteRef = useRef<HTMLButtonElement>(null);

  const confirming = item !== undefined && confirmingId === item.mediaId;

  function startDownload() {
    if (!item || download.isPending) return;
    notice.clear();
    download.mutate(item.mediaId);
  }

  function askDelete() {
    if (!item) return;
    notice.clear();
    setConfirmingId(item.mediaId);
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
        notice.show(describeError(error, deleteFailed(deleted.isVideo), deleteUnreachable(deleted.isVideo)));
        return false;
      },
    );
    if (!ok) return;
    setConfirmingId(null);
    onDeleted(deleted, deletedIndex);
  }

  return {
    confirming,
    deleting: remove.isPending,
    downloading: download.isPending,
    deleteRef,
    startDownload,
    askDelete,
    cancelConfirm,
    confirmDelete,
  };
}
