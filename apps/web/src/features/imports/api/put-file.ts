// The PUT of an import's file to its upload link, through XMLHttpRequest: fetch cannot report how much of
// a request body has gone, and a location history may be a gigabyte on a slow line.
import { ApiError } from '../../../lib/api';

/** The connection broke before the server answered. */
export class PutUnreachable extends Error {
  constructor() {
    super('The upload could not reach the server');
    this.name = 'PutUnreachable';
  }
}

export interface PutOptions {
  contentType: string;
  /** Bytes of this file sent so far. */
  onProgress: (loaded: number) => void;
  signal: AbortSignal;
}

/**
 * Sends `file` to `url`. A refusal rejects with an ApiError (its `{ error: { message } }` body, as the
 * server's own storage route words it, is then what the screen shows); an abort with an AbortError.
 */
export function putFile(url: string, file: Blob, { contentType, onProgress, signal }: PutOptions) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const settle = (then: () => void) => {
      signal.removeEventListener('abort', abort);
      then();
    };
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      settle(() => {
        if (request.status >= 200 && request.status < 300) {
          onProgress(file.size);
          resolve();
        } else {
          reject(new ApiError(request.status, String(request.responseText ?? '')));
        }
      });
    request.onerror = () => settle(() => reject(new PutUnreachable()));
    request.onabort = () => settle(() => reject(new DOMException('The upload was cancelled', 'AbortError')));
    signal.addEventListener('abort', abort, { once: true });
    request.send(file);
  });
}
