// The gallery's failure texts (the server's own reason wins when it gave one: describeError), and why a
// file was not uploaded or not kept, each a sentence whose subject is the file by its name.
import { MEDIA_LIMITS, formatFileSize, uploadFailedMessage } from '@waymarks/shared';

/** An API error without a message. */
export const DOWNLOAD_FAILED = 'The download could not be started. Please try again.';
/** No answer at all (offline, say). */
export const DOWNLOAD_UNREACHABLE = 'The download could not be started. Check your connection and try again.';

export const deleteFailed = (isVideo: boolean) =>
  `This ${isVideo ? 'video' : 'photo'} could not be deleted. Please try again.`;
export const deleteUnreachable = (isVideo: boolean) =>
  `This ${isVideo ? 'video' : 'photo'} could not be deleted. Check your connection and try again.`;

/** A caption that did not save: the server's sentence when it gave one, these otherwise. */
export const CAPTION_FAILED = 'The caption could not be saved. Please try again.';
export const CAPTION_UNREACHABLE = 'The caption could not be saved. Check your connection and try again.';
/** Deleted meanwhile, from another tab or device. */
export const captionItemGone = (isVideo: boolean) =>
  `This ${isVideo ? 'video' : 'photo'} is no longer here, so its caption could not be saved.`;

export type Named = Pick<File, 'name'>;

export const emptyFile = ({ name }: Named) => `${name} is empty.`;
export const notMediaFile = ({ name }: Named) => `${name} is not a photo or video that can be uploaded.`;
export const tooLargeFile = ({ name }: Named) =>
  `${name} is larger than ${formatFileSize(MEDIA_LIMITS.maxFileBytes)}, the most one file can be.`;
export const tooLongName = ({ name }: Named) =>
  `${name} has a name longer than ${MEDIA_LIMITS.filenameMax} characters. Rename it and try again.`;
/** Its bytes grew between the size it was reserved for and the end of its upload. */
export const changedWhileSent = ({ name }: Named) =>
  `${name} changed while it was being uploaded. Please upload it again.`;
export const sendFailed = ({ name }: Named, status: number) =>
  `${name} could not be sent (${uploadFailedMessage(status)}). Please try again.`;
export const uploadUnreachable = ({ name }: Named) =>
  `${name} could not be uploaded. Check your connection and try again.`;
export const uploadFailed = ({ name }: Named) => `${name} could not be uploaded. Please try again.`;
/** A plan's limit or a busy server, in the server's words, after the file's name. */
export const notUploadedBecause = ({ name }: Named, why: string) => `${name} was not uploaded. ${why}`;
/** A file skipped, not refused: the traveller keeps its bytes already ('IMG_1.jpg: Already in Lisbon'). */
export const alreadyKept = ({ name }: Named, where: string) => `${name}: ${where}`;
/** A refusal after upload that came without words (the contract allows it). */
export const unreadableFile = ({ name }: Named) => `${name} could not be read, so it was not kept.`;
