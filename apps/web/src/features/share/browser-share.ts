// The browser's side of sharing: the picture fetched from the page's public address, the Web Share API,
// a download through an <a download>, and the clipboard.
import type { ShareEffects } from './share-flow';

async function fetchPicture(path: string): Promise<Blob> {
  const response = await fetch(path, { credentials: 'omit' });
  if (!response.ok) throw new Error(`The picture answered ${response.status}`);
  return response.blob();
}

function download(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is let go once it has been read.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Whether `text` reached the clipboard: false without the Clipboard API or when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) return false;
  return navigator.clipboard.writeText(text).then(
    () => true,
    () => false,
  );
}

export const browserShare: ShareEffects = {
  fetchPicture,
  canShareFiles: (file) =>
    typeof navigator.share === 'function' && navigator.canShare?.({ files: [file] }) === true,
  shareFiles: (data) => navigator.share(data),
  download,
  copy: copyText,
};

/** The page's address as the traveller hands it on: this site's origin and /t/{token}. */
export const absoluteUrl = (path: string) => `${window.location.origin}${path}`;
