// The gallery's failure texts: the server's own reason wins when it gave one (describeError).

/** An API error without a message. */
export const DOWNLOAD_FAILED = 'The download could not be started. Please try again.';
/** No answer at all (offline, say). */
export const DOWNLOAD_UNREACHABLE = 'The download could not be started. Check your connection and try again.';

export const deleteFailed = (isVideo: boolean) =>
  `This ${isVideo ? 'video' : 'photo'} could not be deleted. Please try again.`;
export const deleteUnreachable = (isVideo: boolean) =>
  `This ${isVideo ? 'video' : 'photo'} could not be deleted. Check your connection and try again.`;

/** A file refused after upload whose refusal came without words (the contract allows it). */
export const REFUSED_WITHOUT_REASON = 'This file could not be read, so it was not kept.';
