// Which bytes of a stored video its poster needs, so that remote storage fetches those and not the whole
// file: the poster is one frame about a second in, and the container's index says where that frame is.
import { boxesIn, ByteSource, payload, type Box, type ReadRange } from '@waymarks/shared';

/** A byte range, `end` inclusive, as ObjectStorage.withLocalFile takes them. */
interface PosterRange {
  start: number;
  end: number;
}

/**
 * The index boxes (moov, and moof in fragmented files) are needed whole. Past this much together the
 * video is read whole instead, within the plan's file size limit: only hours-long recordings get there.
 */
export const POSTER_INDEX_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Media data read for the frame: POSTER_SECONDS of the video at its average rate (the frame at 1 s, the
 * key frame before it and the audio stored alongside), within these bounds. A frame beyond what is read
 * decodes as damaged; the caller then tries the whole file, which alone can say whether it really is.
 */
export const POSTER_MEDIA_MIN_BYTES = 4 * 1024 * 1024;
export const POSTER_MEDIA_MAX_BYTES = 32 * 1024 * 1024;
const POSTER_SECONDS = 2;

/** Boxes that hold nothing: only their headers are read. */
const PADDING = new Set(['free', 'skip', 'wide']);

/** A video smaller than this is simply read whole: planning would save next to nothing. */
const WHOLE_BELOW_BYTES = POSTER_INDEX_MAX_BYTES;

/**
 * The ranges of a `size`-byte video at `read` that the poster step reads, or undefined when it should
 * have the whole file. ISO files (MP4, MOV): every top-level box header, every box but mdat whole, and the
 * first bytes of the media data. AVI and anything else: the first POSTER_MEDIA_MAX_BYTES, which hold its
 * headers and first seconds (ffmpeg reads an AVI without its trailing index).
 */
export async function posterRanges(
  read: ReadRange,
  size: number,
  mime: string,
): Promise<PosterRange[] | undefined> {
  if (size < WHOLE_BELOW_BYTES) return undefined;
  if (mime !== 'video/mp4' && mime !== 'video/quicktime') {
    return [{ start: 0, end: POSTER_MEDIA_MAX_BYTES - 1 }];
  }
  const src = new ByteSource(read, size);
  // The one box reader; a size that runs past the file ends the walk (a cut-off file).
  const boxes = await boxesIn(src, 0, size);
  const index = boxes.filter((box) => box.type !== 'mdat' && !PADDING.has(box.type));
  const indexBytes = index.reduce((sum, box) => sum + (box.end - box.offset), 0);
  if (indexBytes > POSTER_INDEX_MAX_BYTES) return undefined;

  const media = boxes.filter((box) => box.type === 'mdat');
  const mediaBytes = media.reduce((sum, box) => sum + (box.end - box.start), 0);
  const moov = index.find((box) => box.type === 'moov');
  const seconds = moov ? await durationSeconds(src, moov) : undefined;
  let budget = clamp(
    seconds ? (mediaBytes / seconds) * POSTER_SECONDS : POSTER_MEDIA_MAX_BYTES,
    POSTER_MEDIA_MIN_BYTES,
    POSTER_MEDIA_MAX_BYTES,
  );
  const ranges: PosterRange[] = index.map((box) => ({ start: box.offset, end: box.end - 1 }));
  for (const box of boxes.filter((box) => PADDING.has(box.type))) {
    ranges.push({ start: box.offset, end: box.start - 1 });
  }
  for (const box of media) {
    const taken = Math.min(Math.max(0, budget), box.end - box.start);
    ranges.push({ start: box.offset, end: box.start + taken - 1 });
    budget -= taken;
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** The movie's duration from its mvhd, when it says one. */
async function durationSeconds(src: ByteSource, moov: Box): Promise<number | undefined> {
  const mvhd = (await boxesIn(src, moov.start, moov.end, 'mvhd')).find((box) => box.type === 'mvhd');
  const bytes = mvhd && (await payload(src, mvhd));
  if (!bytes || bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Version 0: 32-bit creation and modification times; version 1: 64-bit ones.
  const version = view.getUint8(0);
  const at = version === 1 ? 20 : 12;
  if (bytes.length < at + (version === 1 ? 12 : 8)) return undefined;
  const timescale = view.getUint32(at);
  const duration = version === 1 ? Number(view.getBigUint64(at + 4)) : view.getUint32(at + 4);
  return timescale > 0 && duration > 0 ? duration / timescale : undefined;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
