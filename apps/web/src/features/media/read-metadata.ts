// Reads a chosen photo's or video's date, place and camera in the browser before upload (SPEC §5), with the
// same readers and rules the server applies again to the stored file.
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

// Some pickers (Android without a filter, drag and drop from some apps) give no type: the name decides.
const VIDEO_NAME = /\.(mp4|m4v|mov|qt|3gp|3g2|avi)$/i;

/**
 * Never throws: a file it cannot read gives all-null metadata. Only the bytes that hold the metadata are
 * read (file.slice), never a whole photo or video. Videos without a date of their own are dated by the
 * file's last-modified time; photos without an EXIF date stay undated.
 */
export async function readFileMetadata(file: File): Promise<MediaMetadata> {
  const read: ReadRange = async (offset, length) =>
    new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
  try {
    const isVideo = file.type ? file.type.startsWith('video/') : VIDEO_NAME.test(file.name);
    if (isVideo) return withFileDateFallback(await readVideoMetadata(read, file.size), file.lastModified);
    const source = await findExifSource(read, file.size);
    if (!source) return emptyMediaMetadata();
    // Loaded on first use: only the upload dialog needs it, so it stays out of the first page load.
    const { default: exifr } = await import('exifr');
    return metadataFromExif(await exifr.parse(source.kind === 'tiff' ? source.bytes : file, EXIFR_OPTIONS));
  } catch {
    // SPEC §5: a file without readable metadata is still uploaded (into the group at the selected
    // location), so a read or parse failure means "no metadata", not a failed selection.
    return emptyMediaMetadata();
  }
}
