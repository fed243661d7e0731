// Reads a stored upload's date, place and camera (SPEC §5) with the rules the browser applies before upload.
import { open } from 'node:fs/promises';
import exifr from 'exifr';
import {
  EXIFR_OPTIONS,
  emptyMediaMetadata,
  findExifSource,
  metadataFromExif,
  readVideoMetadata,
  withFileDateFallback,
  type ExifSource,
  type MediaMetadata,
  type ReadRange,
} from '@waymarks/shared';
import type { MediaKind } from './sniff.js';

export interface ReadMetadataOptions {
  /**
   * The file's last-modified time as the uploader's device reported it. The stored copy's own mtime is the
   * upload time, so it is never used: without this, an undated video stays undated.
   */
  fileLastModifiedMs?: number;
}

/**
 * Photos (JPEG, PNG, HEIC/HEIF, AVIF, WebP): the EXIF block is found by walking the container and only it
 * goes to exifr; a TIFF goes to exifr whole. Videos (MP4, MOV) are read box by box. Only the bytes that
 * hold metadata are read. Malformed metadata gives all-null metadata, never an error; I/O errors throw.
 */
export async function readMetadata(
  file: string,
  kind: MediaKind,
  options: ReadMetadataOptions = {},
): Promise<MediaMetadata> {
  let source: ExifSource | null;
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read: ReadRange = async (offset, length) => {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    };
    if (kind === 'video') {
      // AVI and other non-ISO containers have no boxes to find, so they get the file-time fallback only.
      return withFileDateFallback(await readVideoMetadata(read, size), options.fileLastModifiedMs);
    }
    source = await findExifSource(read, size);
  } finally {
    await handle.close();
  }
  if (!source) return emptyMediaMetadata();
  try {
    // Given the path of a TIFF, exifr opens it and reads only the chunks its tags are in.
    return metadataFromExif(await exifr.parse(source.kind === 'file' ? file : source.bytes, EXIFR_OPTIONS));
  } catch {
    // SPEC §5: a photo without usable metadata is still uploaded (into the group at the selected
    // location), so EXIF exifr cannot parse counts as no metadata, not as a failed upload.
    return emptyMediaMetadata();
  }
}
