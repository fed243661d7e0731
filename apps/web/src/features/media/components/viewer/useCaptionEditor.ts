// Editing the shown item's caption in the viewer: the draft, its check, saving, and where focus goes after.
import { useEffect, useRef, useState } from 'react';
import { captionError, type MediaItem } from '@waymarks/shared';
import { ApiError, describeError } from '../../../../lib/api';
import { useSetCaption } from '../../api/media';
import { CAPTION_FAILED, CAPTION_UNREACHABLE, captionItemGone } from '../../messages';

interface CaptionEditorOptions {
  pinId: string;
  /** The shown item, undefined when none is shown. */
  item: MediaItem | undefined;
}

function saveFailure(error: unknown, item: MediaItem): string {
  if (error instanceof ApiError && error.status === 404) return captionItemGone(item.isVideo);
  return describeError(error, CAPTION_FAILED, CAPTION_UNREACHABLE);
}

export function useCaptionEditor({ pinId, item }: CaptionEditorOptions) {
  const save = useSetCaption(pinId);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** What the last save did, for the item it concerns: said once by the status line. */
  const [news, setNews] = useState<{ mediaId: string; text: string } | null>(null);
  // The Add or Edit button takes focus back when the form closes; it is rendered again only then.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  const editing = item !== undefined && editingId === item.mediaId;
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    toggleRef.current?.focus();
  }, [editing]);

  function close() {
    refocus.current = true;
    setEditingId(null);
    setError(null);
  }

  function start() {
    if (!item) return;
    setDraft(item.caption ?? '');
    setError(null);
    setNews(null);
    setEditingId(item.mediaId);
  }

  function cancel() {
    if (save.isPending) return;
    close();
  }

  async function submit() {
    if (!item || save.isPending) return;
    const tooLong = captionError(draft);
    if (tooLong) {
      setError(tooLong);
      return;
    }
    const caption = draft.trim() || null;
    if (caption === item.caption) {
      close();
      return;
    }
    setError(null);
    const shown = item;
    try {
      await save.mutateAsync({ mediaId: shown.mediaId, caption });
    } catch (failure) {
      setError(saveFailure(failure, shown));
      return;
    }
    close();
    setNews({ mediaId: shown.mediaId, text: caption ? 'Caption saved.' : 'Caption removed.' });
  }

  return {
    editing,
    saving: save.isPending,
    draft,
    setDraft,
    error,
    news: item !== undefined && news?.mediaId === item.mediaId ? news.text : '',
    toggleRef,
    start,
    cancel,
    submit,
  };
}

export type CaptionEditorState = ReturnType<typeof useCaptionEditor>;
