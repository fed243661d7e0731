// The gallery's server calls (SPEC.md §7 Media: list, download links, delete) and their failure notices.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getTier,
  requiredTier,
  type DeleteMediaResponse,
  type DownloadUrlResponse,
  type MediaItem,
  type MediaListResponse,
  type Pin,
} from '@waymarks/shared';
import type { AuthContextValue } from '../../app/auth/context';
import { useAuth } from '../../app/auth/useAuth';
import { describeError } from '../../lib/api';
import { dashboardKeys } from '../dashboard/api';

export type AuthRequest = AuthContextValue['request'];

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
  const { request } = useAuth();
  return useQuery({
    queryKey: mediaKeys.forPin(pinId),
    queryFn: async ({ signal }) =>
      (await request<MediaListResponse>(`/media/pin/${encodeURIComponent(pinId)}`, { signal })).media,
    gcTime: MEDIA_LIST_GC_MS,
  });
}

export function useDeleteMedia(pinId: string) {
  const { request } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) =>
      request<DeleteMediaResponse>(`/media/${encodeURIComponent(mediaId)}`, { method: 'DELETE' }),
    onSuccess: ({ mediaId, pin }) => {
      queryClient.setQueryData<MediaItem[]>(mediaKeys.forPin(pinId), (list) =>
        list?.filter((item) => item.mediaId !== mediaId),
      );
      // The new count and verification show on the map at once; the refetch below confirms them.
      queryClient.setQueryData<Pin[]>(dashboardKeys.pins, (pins) =>
        pins?.map((each) => (each.pinId === pin.pinId ? pin : each)),
      );
      // Not awaited: the viewer closes as soon as the item is gone, not after the stats reload.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.pins }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.countries }),
      ]);
    },
    onError: (error, mediaId) => console.error(`Failed to delete media ${mediaId}`, error),
  });
}

/**
 * Saves a file the server offers with `Content-Disposition: attachment`: following a plain link to it
 * downloads without leaving the page, and works for cross-origin (S3) links where fetching into a blob
 * would need CORS. A browser that refuses the synthetic click gets the file in a new tab instead.
 */
export function saveFromUrl(url: string): void {
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

export async function downloadMedia(request: AuthRequest, mediaId: string): Promise<void> {
  try {
    const { downloadUrl } = await request<DownloadUrlResponse>(
      `/media/${encodeURIComponent(mediaId)}/download-url`,
    );
    saveFromUrl(downloadUrl);
  } catch (error) {
    console.error(`Failed to download media ${mediaId}`, error);
    throw error;
  }
}

/** One ZIP of every original of the pin. */
export async function downloadAll(request: AuthRequest, pinId: string): Promise<void> {
  try {
    const { downloadUrl } = await request<Pick<DownloadUrlResponse, 'downloadUrl'>>(
      `/media/pin/${encodeURIComponent(pinId)}/download-url`,
    );
    saveFromUrl(downloadUrl);
  } catch (error) {
    console.error(`Failed to download the media of pin ${pinId}`, error);
    throw error;
  }
}

/** The sentence shown wherever downloading is locked, naming the cheapest plan that has it. */
export function downloadsLockedText(): string {
  return `Downloads need the ${getTier(requiredTier('mediaDownloads')).name} plan or higher.`;
}

/** The text shown for a failed download: the server's reason (a plan limit, say) when it gave one. */
export function downloadErrorText(error: unknown): string {
  return describeError(
    error,
    'The download could not be started. Please try again.',
    'The download could not be started. Check your connection and try again.',
  );
}

export function deleteErrorText(error: unknown, isVideo: boolean): string {
  const noun = isVideo ? 'video' : 'photo';
  return describeError(
    error,
    `This ${noun} could not be deleted. Please try again.`,
    `This ${noun} could not be deleted. Check your connection and try again.`,
  );
}

/** How long a failure notice stays: long enough to read twice, short enough not to linger. */
export const NOTICE_MS = 8000;

/**
 * A message that clears itself after NOTICE_MS (SPEC.md §8 only logs these failures, but a click that
 * silently does nothing is worse than a brief note). Showing a new one restarts the clock.
 */
export function useBriefNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setNotice(text);
    timer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { notice, show, clear };
}
