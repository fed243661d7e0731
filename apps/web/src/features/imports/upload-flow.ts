// An import's files going up (issue 26), free of React and of the network so it can be tested on its own:
// a link for each file (the second and later ones joined to the first one's import, so files chosen
// together are read as one), the bytes PUT with their progress, then complete once all are up. A failure
// or a cancel removes the import, so it holds no place as the traveller's one import under way.
import type { ImportSummary, ImportUploadUrlRequest, ImportUploadUrlResponse } from '@waymarks/shared';

export interface ImportUploadDeps {
  uploadUrl: (body: ImportUploadUrlRequest) => Promise<ImportUploadUrlResponse>;
  put: (
    url: string,
    file: File,
    options: { contentType: string; onProgress: (loaded: number) => void; signal: AbortSignal },
  ) => Promise<void>;
  complete: (importId: string) => Promise<ImportSummary>;
  /** DELETE of the import: cancels it and drops its files. */
  remove: (importId: string) => Promise<unknown>;
}

export interface UploadCallbacks {
  /** 0 to 100, over every file's bytes. */
  onProgress: (percent: number) => void;
  /** The import exists from the first link on. */
  onStarted?: (importId: string) => void;
  signal: AbortSignal;
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export async function uploadImport(
  files: readonly File[],
  deps: ImportUploadDeps,
  { onProgress, onStarted, signal }: UploadCallbacks,
): Promise<ImportSummary> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  let sentBefore = 0;
  let importId: string | undefined;
  const report = (sent: number) =>
    onProgress(total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0);
  try {
    onProgress(0);
    for (const file of files) {
      // Not aborted with the signal: a link asked for may have made the import on the server even if the
      // answer is dropped, so the answer is awaited and the import then removed.
      const link = await deps.uploadUrl({
        fileName: file.name,
        fileSize: file.size,
        ...(importId ? { importId } : {}),
      });
      if (!importId) {
        importId = link.importId;
        onStarted?.(importId);
      }
      if (signal.aborted) throw abortError();
      const before = sentBefore;
      await deps.put(link.uploadUrl, file, {
        contentType: link.contentType,
        onProgress: (loaded) => report(before + Math.min(loaded, file.size)),
        signal,
      });
      sentBefore += file.size;
    }
    if (!importId) throw new Error('No file to upload');
    if (signal.aborted) throw abortError();
    return await deps.complete(importId);
  } catch (error) {
    if (importId) {
      const id = importId;
      // The screen says why the upload stopped; a cancel that fails too is swept by the server within a
      // day (IMPORT_LIMITS.fileKeptHours), so it is only logged.
      await deps
        .remove(id)
        .catch((cancelError: unknown) => console.error(`Failed to cancel import ${id}`, cancelError));
    }
    throw error;
  }
}
