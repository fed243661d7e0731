// Photos through sharp (libvips): the sizes, limits and refusal texts every derivative follows, and the
// thumbnail and preview made from any decodable image.
import sharp from 'sharp';
import { UnprocessableMedia } from './unprocessable.js';

export interface Derivative {
  contentType: 'image/webp';
  data: Buffer;
  width: number;
  height: number;
}

export interface Derivatives {
  thumbnail: Derivative;
  preview: Derivative;
  /** Upright size of the original (a video's display size); null when a video frame could not be read. */
  width: number | null;
  height: number | null;
}

/**
 * Beyond this an image is refused before any pixel is decoded: 100 MP already needs ~400 MB as RGBA,
 * and phones top out around 50 MP (200 MP sensors bin to 12–50 MP unless in a pro mode).
 */
export const MAX_IMAGE_PIXELS = 100_000_000;
export const THUMBNAIL_SIZE = 400;
const PREVIEW_MAX_SIZE = 1600;

/** Why a file is refused, each the rest of a sentence about the file (UnprocessableMedia). */
export const PROBLEMS = {
  notMedia: 'is not a photo or video we can read',
  tooManyPixels: `is an image too large to process (over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`,
  videoTooLarge: `is a video whose frames are too large to process (over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`,
  fileTooLarge: 'is an image file too large to process',
  damagedImage: 'has damaged image data and cannot be read',
  damagedVideo: 'is a damaged video file that cannot be read',
};

/** sharp's name for the decoder that must have recognised each accepted image type. */
const SHARP_FORMATS: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'heif',
  'image/heic': 'heif',
  'image/heif': 'heif',
};

// Truncated and corrupted JPEGs: libvips either cannot read them at all (truncated.jpg, corrupted_data.jpg
// both fail even with failOn 'none') or renders the missing part as flat grey, which would be a broken
// thumbnail forever. 'error' refuses both while still accepting files that only raise libjpeg warnings
// (e.g. extraneous bytes before a marker), which cameras produce and which render perfectly.
// pages: 1 means an animated GIF or WebP is represented by its first frame.
export const SHARP_INPUT: sharp.SharpOptions = {
  failOn: 'error',
  limitInputPixels: MAX_IMAGE_PIXELS,
  pages: 1,
};

export async function imageDerivatives(file: string, mime: string): Promise<Derivatives> {
  const header = await readHeader(file);
  // file-type and libvips judge by different bytes; only a file both agree on is decoded.
  if (header.format !== SHARP_FORMATS[mime]) {
    throw new UnprocessableMedia('unsupported-type', PROBLEMS.notMedia);
  }
  assertPixels(header.width, header.pageHeight ?? header.height);
  const { width, height } = header.autoOrient;
  return render(() => sharp(file, SHARP_INPUT), width, height);
}

/** Dimensions from the header alone: metadata() parses no pixel data, so a bomb costs nothing here. */
export async function readHeader(input: string | Buffer): Promise<sharp.Metadata> {
  try {
    return await sharp(input, SHARP_INPUT).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
}

export function assertPixels(width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw new UnprocessableMedia('damaged', PROBLEMS.damagedImage);
  if (width * height > MAX_IMAGE_PIXELS) throw new UnprocessableMedia('too-large', PROBLEMS.tooManyPixels);
}

function decodeFailure(error: unknown): UnprocessableMedia {
  if (error instanceof UnprocessableMedia) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new UnprocessableMedia('too-large', PROBLEMS.tooManyPixels);
  return new UnprocessableMedia('damaged', PROBLEMS.damagedImage, { cause: error });
}

/**
 * Two pipelines from the source rather than one decoded copy: libjpeg and libwebp shrink while decoding,
 * so each size decodes only as many pixels as it needs. rotate() applies the EXIF orientation.
 */
export async function render(
  source: () => sharp.Sharp,
  width: number | null,
  height: number | null,
): Promise<Derivatives> {
  try {
    const [thumbnail, preview] = await Promise.all([
      encode(
        source()
          .rotate()
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: sharp.strategy.attention }),
      ),
      encode(
        source()
          .rotate()
          .resize(PREVIEW_MAX_SIZE, PREVIEW_MAX_SIZE, { fit: 'inside', withoutEnlargement: true }),
      ),
    ]);
    return { thumbnail, preview, width, height };
  } catch (error) {
    throw decodeFailure(error);
  }
}

export async function encode(pipeline: sharp.Sharp): Promise<Derivative> {
  const { data, info } = await pipeline.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return { contentType: 'image/webp', data, width: info.width, height: info.height };
}
