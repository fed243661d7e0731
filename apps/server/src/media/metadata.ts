// Reads a stored upload's date, place and camera (SPEC §5) with the rules the browser applies before upload.
import exifr from 'exifr';
import {
  EXIFR_OPTIONS,
  emptyMediaMetadata,
  findExifSource,
  metadataFromExif,
  readVideoMetadata,
  withFileDateFallback,
  type MediaMetadata,
  type ReadRange,
} from '@waymarks/shared';
import { withFileRanges } from './file-ranges.js';
import type { MediaKind } from './sniff.js';

interface ReadMetadataOptions {
  /**
   * The file's last-modified time as the uploader's device reported it. The stored copy's own mtime is the
   * upload time, so it is never used: without this, an undated video stays undated.
   */
  fileLastModifiedMs?: number;
}

/**
 * A TIFF's tags can sit anywhere in it, so exifr gets the file whole, up to this much (a camera's TIFF
 * is far smaller; TIFF is no upload type, only the EXIF block inside other containers is one).
 */
const MAX_TIFF_BYTES = 8 * 1024 * 1024;

/**
 * Photos (JPEG, PNG, HEIC/HEIF, AVIF, WebP): the EXIF block is found by walking the container and only it
 * goes to exifr; a TIFF goes to exifr whole. Videos (MP4, MOV) are read box by box. Only the bytes that
 * hold metadata are read, through `read`, so a stored object is never fetched whole for its metadata.
 * Malformed metadata gives all-null metadata, never an error; I/O errors throw.
 */
export async function readMetadataFrom(
  read: ReadRange,
  size: number,
  kind: MediaKind,
  options: ReadMetadataOptions = {},
): Promise<MediaMetadata> {
  if (kind === 'video') {
    // AVI and other non-ISO containers have no boxes to find, so they get the file-time fallback only.
    return withFileDateFallback(await readVideoMetadata(read, size), options.fileLastModifiedMs);
  }
  const source = await findExifSource(read, size);
  if (!source) return emptyMediaMetadata();
  const exif = source.kind === 'file' ? await read(0, Math.min(size, MAX_TIFF_BYTES)) : source.bytes;
  try {
    return metadataFromExif(await exifr.parse(exif, EXIFR_OPTIONS));
  } catch {
    // SPEC §5: a photo without usable metadata is still uploaded (into the group at the selected
    // location), so EXIF exifr cannot parse counts as no metadata, not as a failed upload.
    return emptyMediaMetadata();
  }
}

/** readMetadataFrom() of a file on disk. */
export function readMetadata(
  file: string,
  kind: MediaKind,
  options: ReadMetadataOptions = {},
): Promise<MediaMetadata> {
  return withFileRanges(file, ({ read, size }) => readMetadataFrom(read, size, kind, options));
}
