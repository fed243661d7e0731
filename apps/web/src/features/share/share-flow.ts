// Sharing the travel page from a button (issue 27): the page's picture and its link handed to the device's
// share sheet where it takes files, else the picture downloaded and the link copied. No React and no
// network here: the effects are passed in, so the flow is tested without a DOM.

export type PictureFormat = 'card' | 'story';

/** The page's pictures: the 1200×630 Open Graph card, or the 1080×1350 story. */
export function pictureUrl(pageUrl: string, format: PictureFormat = 'card'): string {
  return `${pageUrl}/image.png${format === 'story' ? '?format=story' : ''}`;
}

export const pictureFileName = (format: PictureFormat = 'card') =>
  format === 'story' ? 'my-travels-story.png' : 'my-travels.png';

export interface ShareEffects {
  /** The picture's bytes; rejects when it cannot be had. */
  fetchPicture: (path: string) => Promise<Blob>;
  /** navigator.canShare({ files }), false where the browser has no such thing. */
  canShareFiles: (file: File) => boolean;
  shareFiles: (data: { files: File[]; url: string; title: string }) => Promise<void>;
  download: (blob: Blob, fileName: string) => void;
  /** Whether the text reached the clipboard. */
  copy: (text: string) => Promise<boolean>;
}

export type ShareOutcome =
  | { kind: 'shared' }
  /** The traveller closed the share sheet: nothing to say. */
  | { kind: 'cancelled' }
  | { kind: 'fallback'; downloaded: boolean; copied: boolean };

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Shares `pageUrl` (absolute) with its picture fetched from `pagePath` (/t/{token}). */
export async function shareTravelPage(
  pagePath: string,
  pageUrl: string,
  title: string,
  effects: ShareEffects,
): Promise<ShareOutcome> {
  const blob = await effects.fetchPicture(pictureUrl(pagePath)).catch(() => null);
  if (blob) {
    const file = new File([blob], pictureFileName(), { type: blob.type || 'image/png' });
    if (effects.canShareFiles(file)) {
      try {
        await effects.shareFiles({ files: [file], url: pageUrl, title });
        return { kind: 'shared' };
      } catch (error) {
        if (isAbort(error)) return { kind: 'cancelled' };
        // Refused for another reason (the tap's permission ran out while the picture loaded): the
        // download and the copied link below still give the traveller both.
      }
    }
    effects.download(blob, pictureFileName());
  }
  const copied = await effects.copy(pageUrl);
  return { kind: 'fallback', downloaded: blob !== null, copied };
}

/** Downloads one of the page's pictures; rejects when it cannot be had. */
export async function downloadPicture(
  pagePath: string,
  format: PictureFormat,
  effects: Pick<ShareEffects, 'fetchPicture' | 'download'>,
): Promise<void> {
  const blob = await effects.fetchPicture(pictureUrl(pagePath, format));
  effects.download(blob, pictureFileName(format));
}
