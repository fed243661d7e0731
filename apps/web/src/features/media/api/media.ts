// The gallery's server calls (SPEC.md §7 Media: list, download links, delete) as TanStack Query hooks and
// plain functions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useMediaList(pinId: string) {
  const api = useApi();
  return useQuery({
    queryKey: mediaKeys.forPin(pinId),
    queryFn: async ({ signal }) => (await api('listMedia', { params: { pinId }, signal })).media,
    gcTime: MEDIA_LIST_GC_MS,
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
