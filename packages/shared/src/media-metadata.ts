// When, where and with what a photo or video was taken (SPEC §5 "Upload"), read the same way on the server
// and in the browser: photos through exifr's output, videos through the ISO-BMFF box reader in ./media/.
// Browser-safe on purpose: no Node APIs and no zod, so the upload dialog can load it on its own.
export { DATE_SOURCES, emptyMediaMetadata, isDateSource } from './media/types.js';
export type { DateSource, MediaLocation, MediaMetadata, VideoMetadata } from './media/types.js';
export type { ReadRange } from './media/byte-source.js';
export { EXIFR_OPTIONS, metadataFromExif } from './media/exif.js';
export { parseIso6709 } from './media/iso6709.js';
export { readVideoMetadata, withFileDateFallback } from './media/quicktime.js';
export { findExifSource, type ExifSource } from './media/exif-locators.js';
export { boxesIn, heifItemsWithinFile, payload, type Box } from './media/bmff.js';
export { ByteSource } from './media/byte-source.js';
