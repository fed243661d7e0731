// One file's trip to the server (SPEC.md §7 Media): reserve with upload-url, PUT the bytes straight to
// the returned URL, then complete. A failed PUT or complete cancels the reservation so the storage it held
// is free again at once. A file the traveller keeps already is skipped, at reservation when its hash was
// read, else at completion (docs/decisions/084).
import {
  ErrorCode,
  MB,
  type CompleteUploadResponse,
  type MediaMetadata,
  type UploadUrlResponse,
} from '@waymarks/shared';
import { ApiError, type Api } from '../../../lib/api';
import { sendFailed, uploadUnreachable } from '../messages';
import { refusedAfterUpload, selectionRefusal, uploadRefusal } from '../refusals';
import { FileSkipped, type UploadedFile } from '../upload-flow';

/** What the browser read, sent along; the server reads the file again and keeps its own reading. */
function exifDataOf(file: File, metadata: MediaMetadata) {
  const camera = [metadata.cameraMake, metadata.cameraModel].filter(Boolean).join(' ');
  return {
    dateTaken: metadata.dateTaken,
    location: metadata.location,
    ...(camera ? { camera } : {}),
    lastModified: Math.max(0, Math.round(file.lastModified || 0)),
  };
}

/** How often a completion the server was too busy to start is tried again before the file counts as failed. */
export const BUSY_COMPLETE_ATTEMPTS = 5;
const BUSY_DEFAULT_WAIT_SECONDS = 5;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function uploadOneFile(
  api: Api,
  pinId: string,
  file: File,
  metadata: MediaMetadata,
  contentHash: string | null = null,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<UploadedFile> {
  // Every failure is a sentence naming the file (refusals.ts); an empty file never reaches the server.
  const refused = selectionRefusal(file, false);
  if (refused) throw new Error(refused);
  const exifData = exifDataOf(file, metadata);
  let reserved: UploadUrlResponse;
  try {
    reserved = await api('uploadUrl', {
      body: {
        pinId,
        contentType: file.type,
        filename: file.name,
        sizeMB: file.size / MB,
        sizeBytes: file.size,
        ...(contentHash ? { contentHash } : {}),
        exifData,
      },
    });
  } catch (error) {
    throw skippedOr(file, error) ?? new Error(uploadRefusal(file, error, 'reserve'));
  }
  const cancel = () => api('deleteMedia', { params: { mediaId: reserved.mediaId } }).catch(() => {});
  let response: Response;
  try {
    response = await fetch(reserved.uploadUrl, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': reserved.contentType },
    });
  } catch {
    // The reservation would otherwise hold the file's size against the allowance until it expires.
    void cancel();
    throw new Error(uploadUnreachable(file));
  }
  // SPEC.md §5: an upload response is required to be successful, else 'Upload failed: {status}'.
  if (!response.ok) {
    void cancel();
    throw new Error(sendFailed(file, response.status));
  }
  const complete = () => api('completeUpload', { body: { mediaId: reserved.mediaId, exifData } });
  let done: CompleteUploadResponse;
  try {
    done = await whenServerHasRoom(complete, sleep);
  } catch (error) {
    // The server removed the copy itself.
    const skipped = skippedOr(file, error);
    if (skipped) throw skipped;
    // A refusal was answered (and the server already removed the file); a lost answer may hide a
    // completed upload, which must not be deleted, so only an answered error cancels.
    if (error instanceof ApiError) void cancel();
    throw new Error(uploadRefusal(file, error, 'complete'));
  }
  // Processing (its previews still being made) or ready is a file that went up. A refusal already known
  // at completion is reported here, with the file still selected, so its empty record is removed at once
  // rather than left for the gallery.
  if (done.media.status === 'refused') {
    void cancel();
    throw new Error(refusedAfterUpload(file, done.media.refusal));
  }
  return {
    mediaId: done.mediaId,
    verification: done.verification,
    pin: done.pin,
    isVideo: done.media.isVideo,
  };
}

/** The server's answer that the traveller keeps this file already, as a skip; null for anything else. */
function skippedOr(file: File, error: unknown): FileSkipped | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.alreadyUploaded || !error.serverMessage) {
    return null;
  }
  return new FileSkipped(file, error.serverMessage);
}

/**
 * A server with too many files to check answers 503 with Retry-After and keeps the upload: wait as asked
 * and ask again, a few times, before giving up on the file.
 */
async function whenServerHasRoom<T>(
  call: () => Promise<T>,
  sleep: (ms: number) => Promise<void>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const busy = error instanceof ApiError && error.status === 503;
      if (!busy || attempt >= BUSY_COMPLETE_ATTEMPTS) throw error;
      await sleep((error.retryAfterSeconds ?? BUSY_DEFAULT_WAIT_SECONDS) * 1000);
    }
  }
}
