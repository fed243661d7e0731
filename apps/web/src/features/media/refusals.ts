// Why a file was not uploaded or not kept, always one sentence whose subject is the file by its name
// ('empty.jpg is empty.'): what the browser can tell before anything is sent, and the server's refusals
// put in a traveller's words by their code. Validator and transport text never reach the traveller.
import { ErrorCode, MEDIA_LIMITS, isMediaFileName } from '@waymarks/shared';
import { ApiError } from '../../lib/api';
import {
  changedWhileSent,
  emptyFile,
  notMediaFile,
  notUploadedBecause,
  tooLargeFile,
  tooLongName,
  unreadableFile,
  uploadFailed,
  uploadUnreachable,
  type Named,
} from './messages';

/** The call of one file's trip the server refused it at: upload-url or complete. */
export type UploadStep = 'reserve' | 'complete';

/**
 * Why a chosen file cannot be uploaded, known before the server is asked; null when it may be sent.
 * A dropped file must be typed as a photo or video (or be a HEIC by its name); the picker has filtered
 * already, so a file it gives without a type is left for the server to judge by its bytes.
 */
export function selectionRefusal(
  file: Pick<File, 'name' | 'size' | 'type'>,
  dropped: boolean,
): string | null {
  const media = isMediaFileName(file.type, file.name) || (!dropped && !file.type);
  if (!media) return notMediaFile(file);
  if (file.size === 0) return emptyFile(file);
  if (file.size > MEDIA_LIMITS.maxFileBytes) return tooLargeFile(file);
  if (file.name.trim().length > MEDIA_LIMITS.filenameMax) return tooLongName(file);
  return null;
}

/** Codes whose message the server writes for travellers (plan limits, a busy server, a lapsed link). */
const TRAVELLER_WORDS: ReadonlySet<string> = new Set([
  ErrorCode.mediaLimitReached,
  ErrorCode.storageLimitReached,
  ErrorCode.serviceBusy,
  ErrorCode.rateLimited,
  ErrorCode.uploadUrlExpired,
  ErrorCode.uploadIncomplete,
]);

/**
 * The server's refusal of `file` at `step` as a sentence about it. A refusal of what the file is
 * (UNPROCESSABLE_MEDIA) already names it ('notes.jpg is not a photo or video we can read.'); a plan's
 * limit or a busy server is said after the file's name; anything else (a validator's text, an internal
 * error) becomes a plain request to try again. No answer at all (fetch fails with a TypeError) is the
 * connection.
 */
export function uploadRefusal(file: Named, error: unknown, step: UploadStep): string {
  if (!(error instanceof ApiError)) {
    return error instanceof TypeError ? uploadUnreachable(file) : uploadFailed(file);
  }
  const { code, serverMessage } = error;
  if (code === ErrorCode.unprocessableMedia && serverMessage) return serverMessage;
  if (code === ErrorCode.unsupportedMediaType) return notMediaFile(file);
  if (code === ErrorCode.payloadTooLarge) {
    return step === 'reserve' ? tooLargeFile(file) : changedWhileSent(file);
  }
  if (code !== null && TRAVELLER_WORDS.has(code) && serverMessage) {
    return notUploadedBecause(file, serverMessage);
  }
  return uploadFailed(file);
}

/**
 * Why a file sent to a place the traveller chose did not go when the upload failed as a whole (a new pin
 * the plan does not allow, say): a plan's pin limit in the server's words after the file's name, anything
 * else as any refusal at reservation.
 */
export function placeRefusal(file: Named, error: unknown): string {
  if (error instanceof ApiError && error.code === ErrorCode.pinLimitReached && error.serverMessage) {
    return notUploadedBecause(file, error.serverMessage);
  }
  return uploadRefusal(file, error, 'reserve');
}

/** A file the server refused once its pixels were read: its stored reason names it. */
export function refusedAfterUpload(file: Named, refusal: string | null): string {
  return refusal ?? unreadableFile(file);
}
