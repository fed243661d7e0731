// The gallery's server calls (SPEC.md §7 Media: list, captions, download links, delete) as TanStack Query
// hooks and plain functions. The list is polled while any of its items is still being processed.
import {
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { MediaItem } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import type { Api } from '../../../lib/api';
import { refreshPinFigures, replaceCachedPin } from '../../pins';

export const mediaKeys = {
  all: ['media'] as const,
  forPin: (pinId: string) => ['media', 'pin', pinId] as const,
};

/**
 * The list's image links live at least an hour: a list cached longer than that would show broken
 * thumbnails before its refetch lands, so an unused list is dropped well before its links expire.
 */
const MEDIA_LIST_GC_MS = 20 * 60_000;

/** How often the list is asked again while a thumbnail or preview is still being made. */
export const PROCESSING_POLL_MS = 2000;

const isProcessing = (item: MediaItem) => item.status === 'processing';

/**
 * Whether an item is refused now that was not in the list held before (or no list was held): it has left
 * the pin's count and storage since the pins were read, if it was refused after they were.
 */
function someNewlyRefused(before: readonly MediaItem[] | undefined, after: readonly MediaItem[]): boolean {
  const known = new Set(
    (before ?? []).filter((item) => item.status === 'refused').map((item) => item.mediaId),
  );
  return after.some((item) => item.status === 'refused' && !known.has(item.mediaId));
}

function mediaListOptions(api: Api, queryClient: QueryClient, pinId: string) {
  return queryOptions({
    queryKey: mediaKeys.forPin(pinId),
    queryFn: async ({ signal }) => {
      const { media } = await api('listMedia', { params: { pinId }, signal });
      const before = queryClient.getQueryData<MediaItem[]>(mediaKeys.forPin(pinId));
      // The map, the stats and the dialog's count still hold the refused file until they reload.
      if (someNewlyRefused(before, media)) void refreshPinFigures(queryClient);
      return media;
    },
    gcTime: MEDIA_LIST_GC_MS,
    // Polling stops by itself once nothing is left processing.
    refetchInterval: (query) => (query.state.data?.some(isProcessing) ? PROCESSING_POLL_MS : false),
  });
}

export function useMediaList(pinId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery(mediaListOptions(api, queryClient, pinId));
}

/**
 * Which files of these pins were refused after their upload went through, with the reason, by mediaId.
 * Read from the same lists the gallery polls, so an upload's results learn of a refusal when it shows.
 */
export function useRefusals(pinIds: readonly string[]): ReadonlyMap<string, string | null> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQueries({
    queries: [...new Set(pinIds)].map((pinId) => mediaListOptions(api, queryClient, pinId)),
    combine: (lists) =>
      new Map(
        lists
          .flatMap((list) => list.data ?? [])
          .filter((item) => item.status === 'refused')
          .map((item) => [item.mediaId, item.refusal]),
      ),
  });
}

export function useDeleteMedia(pinId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) => api('deleteMedia', { params: { mediaId } }),
    onSuccess: ({ mediaId, pin }) => {
      queryClient.setQueryData<MediaItem[]>(mediaKeys.forPin(pinId), (list) =>
        list?.filter((item) => item.mediaId !== mediaId),
      );
      // The new count and verification show on the map at once; the refetch below confirms them.
      replaceCachedPin(queryClient, pin);
      // Not awaited: the viewer closes as soon as the item is gone, not after the stats reload.
      void refreshPinFigures(queryClient);
    },
    onError: (error, mediaId) => console.error(`Failed to delete media ${mediaId}`, error),
  });
}

/**
 * Sets or removes (null or empty) an item's caption. Only the caption is taken from the answer into the
 * list: its fresh links would load the thumbnail and preview already on screen again.
 */
export function useSetCaption(pinId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, caption }: { mediaId: string; caption: string | null }) =>
      api('setMediaCaption', { params: { mediaId }, body: { caption } }),
    onSuccess: (saved) => {
      queryClient.setQueryData<MediaItem[]>(mediaKeys.forPin(pinId), (list) =>
        list?.map((item) => (item.mediaId === saved.mediaId ? { ...item, caption: saved.caption } : item)),
      );
    },
    onError: (error, { mediaId }) => console.error(`Failed to save the caption of media ${mediaId}`, error),
  });
}

/**
 * Saves a file the server offers with `Content-Disposition: attachment`: following a plain link to it
 * downloads without leaving the page, and works for cross-origin (S3) links where fetching into a blob
 * would need CORS. A browser that refuses the synthetic click gets the file in a new tab instead.
 */
function saveFromUrl(url: string): void {
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.rel = 'noopener';
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}

export async function downloadMedia(api: Api, mediaId: string): Promise<void> {
  try {
    const { downloadUrl } = await api('mediaDownloadUrl', { params: { mediaId } });
    saveFromUrl(downloadUrl);
  } catch (error) {
    console.error(`Failed to download media ${mediaId}`, error);
    throw error;
  }
}

/** One ZIP of every original of the pin. */
export async function downloadAll(api: Api, pinId: string): Promise<void> {
  try {
    const { downloadUrl } = await api('pinDownloadUrl', { params: { pinId } });
    saveFromUrl(downloadUrl);
  } catch (error) {
    console.error(`Failed to download the media of pin ${pinId}`, error);
    throw error;
  }
}
