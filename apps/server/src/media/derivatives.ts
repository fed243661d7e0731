// Thumbnails, screen previews and video posters for a stored photo or video, refusing hostile or broken files.
import { open, stat, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { ACCEPTED_TYPES, type SniffedType } from './sniff.js';
import { UnprocessableMedia } from './unprocessable.js';
import { DECODER_INPUT, DECODER_OUTPUT, runFfmpeg } from './video-decoder.js';

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
export const PREVIEW_MAX_SIZE = 1600;
/** Each job can hold a decoded full-size image; two at a time bounds the process's memory. */
export const MAX_CONCURRENT_DERIVATIVE_JOBS = 2;
/** A poster is one frame: anything that takes longer than this is not a normal video. */
export const VIDEO_FRAME_TIMEOUT_MS = 20_000;
/** A 100 MP frame as PNG; more means ffmpeg is not producing the one frame we asked for. */
const MAX_POSTER_BYTES = 128 * 1024 * 1024;
/** The HEIC decoder reads the whole file into memory; a 100 MP HEIC is far below this. */
const MAX_HEIF_FILE_BYTES = 200 * 1024 * 1024;
/** libheif in WebAssembly needs ~10 s for 100 MP; a minute means it is stuck. */
const HEIF_DECODE_TIMEOUT_MS = 60_000;
/** HEIF's item table lives in the meta box, a few KB in practice. */
const MAX_HEIF_META_BYTES = 16 * 1024 * 1024;

const MESSAGES = {
  notMedia: 'This file is not a photo or video we can read.',
  tooManyPixels: `The image is too large to process (over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
  videoTooLarge: `The video is too large to process (its frames are over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
  fileTooLarge: 'The image file is too large to process.',
  damagedImage: 'The image data is damaged and cannot be read.',
  damagedVideo: 'The video file is damaged and cannot be read.',
};

// --- concurrency ---------------------------------------------------------------------------------------

export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

/** Runs at most `max` tasks at once, the rest in arrival order. */
export function createLimiter(max: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          active += 1;
          Promise.resolve().then(task).then(resolve, reject).finally(next);
        };
        if (active < max) start();
        else waiting.push(start);
      });
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}

/** Shared by every caller in the process, so uploads completing together queue rather than swap. */
export const derivativeJobs = createLimiter(MAX_CONCURRENT_DERIVATIVE_JOBS);

// --- entry point ---------------------------------------------------------------------------------------

/**
 * A 400×400 thumbnail and a preview within 1600×1600, both WebP, upright and without any metadata (sharp
 * writes none unless asked, so GPS never leaves the original). `type` must come from sniffFile.
 */
export function makeDerivatives(file: string, type: SniffedType): Promise<Derivatives> {
  return derivativeJobs.run(() => derive(file, type));
}

async function derive(file: string, type: SniffedType): Promise<Derivatives> {
  if (!ACCEPTED_TYPES.some((accepted) => accepted.mime === type.mime && accepted.kind === type.kind)) {
    throw new UnprocessableMedia('unsupported-type', MESSAGES.notMedia);
  }
  if (type.kind === 'video') return videoDerivatives(file, type.mime);
  if (type.mime === 'image/heic' || type.mime === 'image/heif') return heifDerivatives(file);
  return imageDerivatives(file, type.mime);
}

// --- images through sharp ------------------------------------------------------------------------------

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
const SHARP_INPUT: sharp.SharpOptions = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 };

async function imageDerivatives(file: string, mime: string): Promise<Derivatives> {
  const header = await readHeader(file);
  // file-type and libvips judge by different bytes; only a file both agree on is decoded.
  if (header.format !== SHARP_FORMATS[mime]) {
    throw new UnprocessableMedia('unsupported-type', MESSAGES.notMedia);
  }
  assertPixels(header.width, header.pageHeight ?? header.height);
  const { width, height } = header.autoOrient;
  return render(() => sharp(file, SHARP_INPUT), width, height);
}

/** Dimensions from the header alone: metadata() parses no pixel data, so a bomb costs nothing here. */
async function readHeader(input: string | Buffer): Promise<sharp.Metadata> {
  try {
    return await sharp(input, SHARP_INPUT).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
}

function assertPixels(width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw new UnprocessableMedia('damaged', MESSAGES.damagedImage);
  if (width * height > MAX_IMAGE_PIXELS) throw new UnprocessableMedia('too-large', MESSAGES.tooManyPixels);
}

function decodeFailure(error: unknown): UnprocessableMedia {
  if (error instanceof UnprocessableMedia) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new UnprocessableMedia('too-large', MESSAGES.tooManyPixels);
  return new UnprocessableMedia('damaged', MESSAGES.damagedImage, { cause: error });
}

/**
 * Two pipelines from the source rather than one decoded copy: libjpeg and libwebp shrink while decoding,
 * so each size decodes only as many pixels as it needs. rotate() applies the EXIF orientation.
 */
async function render(
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

async function encode(pipeline: sharp.Sharp): Promise<Derivative> {
  const { data, info } = await pipeline.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return { contentType: 'image/webp', data, width: info.width, height: info.height };
}

// --- HEIC / HEIF ---------------------------------------------------------------------------------------

// sharp's prebuilt libvips reads HEIF headers but cannot decode HEVC, so HEIC pixels come from libheif
// compiled to WebAssembly (heic-decode, the decoder inside heic-convert, resolved through heic-convert so
// it is exactly the version heic-convert ships with). We take its raw RGBA rather than heic-convert's JPEG:
// same decoder, but no lossy re-encode and about 40% less time and memory.
//
// The decode runs in a short-lived worker thread: it is synchronous WebAssembly that would otherwise
// block the event loop for 1–2 s per phone photo, and WebAssembly memory never shrinks, so one large
// HEIC would leave its peak allocated for the life of the process; a worker's memory goes when it exits.
//
// Orientation: libheif applies the container's irot/imir transforms while decoding (iphone13_no_gps.heic
// has irot 270° and EXIF orientation 6 for the same rotation, and decodes upright). The raw pixels carry
// no EXIF, so the rotate() in render() is a no-op for them and nothing is rotated twice. Where the two
// disagree we follow the HEIF rule that irot/imir decide and EXIF orientation is informative, as libheif,
// libvips and Apple's decoders do: nokia_spain.heif (irot 270°, EXIF 1) therefore comes out portrait,
// the way those viewers show it, even though its scene looks landscape.
//
// Known limits: libheif hands back untagged RGB, so Display P3 photos are read as sRGB and look slightly
// less saturated in their derivatives (the original keeps its colours). And libheif-js does not report
// decoding warnings, so HEVC data corrupted in place decodes with garbled or green blocks instead of
// being refused; a truncated file, the common case, is caught by the item-location check below.

const requireHere = createRequire(import.meta.url);
let heifDecoderPath: string | undefined;

function resolveHeifDecoder(): string {
  heifDecoderPath ??= createRequire(requireHere.resolve('heic-convert')).resolve('heic-decode');
  return heifDecoderPath;
}

// Written to run whether the worker treats eval'd code as CommonJS or as a module (it follows the
// parent's --input-type), hence getBuiltinModule and createRequire rather than a bare require.
const HEIF_WORKER = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const { readFileSync } = process.getBuiltinModule('node:fs');
const { createRequire } = process.getBuiltinModule('node:module');
const decode = createRequire(workerData.decoderPath)(workerData.decoderPath);
(async () => {
  const images = await decode.all({ buffer: readFileSync(workerData.file) });
  try {
    const primary = images[0];
    if (!primary) throw new Error('no image in the file');
    if (primary.width * primary.height > workerData.maxPixels) {
      parentPort.postMessage({ tooLarge: true });
      return;
    }
    const { width, height, data } = await primary.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

type HeifResult =
  { width: number; height: number; data: Uint8ClampedArray } | { tooLarge: true } | { error: string };

async function heifDerivatives(file: string): Promise<Derivatives> {
  const header = await readHeifHeader(file);
  // An AVIF inside a file branded HEIF: sharp decodes AV1 itself.
  if (header?.compression === 'av1') return imageDerivatives(file, 'image/avif');
  if (header) assertPixels(header.width, header.height);

  const { size } = await stat(file);
  if (size > MAX_HEIF_FILE_BYTES) throw new UnprocessableMedia('too-large', MESSAGES.fileTooLarge);
  // libheif paints missing tiles of a truncated file bright green instead of failing, so check first
  // that every item's data is inside the file.
  if (!(await heifItemsWithinFile(file, size))) {
    throw new UnprocessableMedia('damaged', MESSAGES.damagedImage);
  }

  const result = await decodeHeif(file);
  if ('tooLarge' in result) throw new UnprocessableMedia('too-large', MESSAGES.tooManyPixels);
  if ('error' in result) {
    throw new UnprocessableMedia('damaged', MESSAGES.damagedImage, { cause: new Error(result.error) });
  }
  const { width, height, data } = result;
  if (data.byteLength !== width * height * 4) throw new UnprocessableMedia('damaged', MESSAGES.damagedImage);
  const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return render(
    () => sharp(pixels, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_IMAGE_PIXELS }),
    width,
    height,
  );
}

/** The header as libvips' libheif reads it, or undefined if it cannot; the worker re-checks the size. */
async function readHeifHeader(file: string): Promise<sharp.Metadata | undefined> {
  try {
    return await readHeader(file);
  } catch (error) {
    if (error instanceof UnprocessableMedia && error.reason === 'too-large') throw error;
    return undefined;
  }
}

function decodeHeif(file: string): Promise<HeifResult> {
  return new Promise((resolve) => {
    const worker = new Worker(HEIF_WORKER, {
      eval: true,
      // The worker needs none of the parent's flags (a TypeScript loader in tests, inspector, …).
      execArgv: [],
      // libheif-js console.logs its failures; they must not end up among the server's JSON log lines.
      stdout: true,
      stderr: true,
      workerData: { file, decoderPath: resolveHeifDecoder(), maxPixels: MAX_IMAGE_PIXELS },
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (result: HeifResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ error: 'timed out' }), HEIF_DECODE_TIMEOUT_MS);
    worker.once('message', (message: HeifResult) => finish(message));
    // Out of memory and the like: the file may be hostile, the server is not at fault either way.
    worker.once('error', (error) => finish({ error: error.message }));
    worker.once('exit', (code) => finish({ error: `decoder exited with code ${code}` }));
  });
}

/**
 * Whether every item the HEIF item-location box (iloc) points at lies inside the file: ISO/IEC 14496-12
 * §8.11.3. False for anything unreadable, so a file we cannot vouch for is never decoded.
 */
async function heifItemsWithinFile(file: string, size: number): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const meta = await readTopLevelBox(handle, size, 'meta');
    if (!meta || meta.length < 4) return false;
    const iloc = childBox(meta.subarray(4), 'iloc'); // meta is a full box: skip version and flags
    return iloc ? ilocExtentsWithin(iloc, size) : false;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

async function readTopLevelBox(
  handle: FileHandle,
  size: number,
  wanted: string,
): Promise<Buffer | undefined> {
  const header = Buffer.alloc(16);
  for (let offset = 0; offset + 8 <= size;) {
    header.fill(0); // a short read near the end must not leave the previous box's bytes behind
    await handle.read(header, 0, 16, offset);
    const box = boxHeader(header, 0, size - offset);
    if (!box) return undefined;
    if (box.type === wanted) {
      const length = box.size - box.headerSize;
      if (length > MAX_HEIF_META_BYTES || offset + box.size > size) return undefined;
      const body = Buffer.alloc(length);
      await handle.read(body, 0, length, offset + box.headerSize);
      return body;
    }
    offset += box.size;
  }
  return undefined;
}

function childBox(parent: Buffer, wanted: string): Buffer | undefined {
  for (let offset = 0; offset + 8 <= parent.length;) {
    const box = boxHeader(parent, offset, parent.length - offset);
    if (!box || offset + box.size > parent.length) return undefined;
    if (box.type === wanted) return parent.subarray(offset + box.headerSize, offset + box.size);
    offset += box.size;
  }
  return undefined;
}

function boxHeader(buffer: Buffer, offset: number, remaining: number) {
  let size = buffer.readUInt32BE(offset);
  const type = buffer.toString('latin1', offset + 4, offset + 8);
  let headerSize = 8;
  if (size === 1) {
    size = Number(buffer.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = remaining;
  }
  return size < headerSize ? undefined : { type, size, headerSize };
}

function ilocExtentsWithin(iloc: Buffer, fileSize: number): boolean {
  let pos = 0;
  const uint = (bytes: number): number => {
    let value: number;
    if (bytes === 0) value = 0;
    else if (bytes === 2) value = iloc.readUInt16BE(pos);
    else if (bytes === 4) value = iloc.readUInt32BE(pos);
    else if (bytes === 8) value = Number(iloc.readBigUInt64BE(pos));
    else throw new RangeError(`unsupported field size ${bytes}`);
    pos += bytes;
    return value;
  };
  const version = iloc.readUInt8(0);
  pos = 4;
  const sizes = uint(2);
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  const itemCount = version < 2 ? uint(2) : uint(4);
  for (let item = 0; item < itemCount; item += 1) {
    uint(version < 2 ? 2 : 4); // item_ID
    const constructionMethod = version === 1 || version === 2 ? uint(2) & 0xf : 0;
    const dataReferenceIndex = uint(2);
    const baseOffset = uint(baseOffsetSize);
    const extentCount = uint(2);
    for (let extent = 0; extent < extentCount; extent += 1) {
      uint(indexSize);
      const extentOffset = uint(offsetSize);
      const extentLength = uint(lengthSize);
      // Method 0 with reference 0 is "bytes of this file"; idat and item references point inside it too.
      if (constructionMethod === 0 && dataReferenceIndex === 0) {
        if (baseOffset + extentOffset + extentLength > fileSize) return false;
      }
    }
  }
  return true;
}

// --- video ---------------------------------------------------------------------------------------------

// Decision: when no frame can be decoded, a neutral poster stands in and the size is unknown (null),
// rather than refusing the upload. The file is a valid container (perhaps with a codec this ffmpeg lacks,
// or no video track), so it is stored and plays wherever the viewer's device can decode it. Only a
// container ffmpeg cannot open at all is refused as damaged.
const NEUTRAL_POSTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_SIZE}" height="${THUMBNAIL_SIZE}" viewBox="0 0 400 400">
<rect width="400" height="400" fill="#1f2429"/>
<circle cx="200" cy="200" r="72" fill="#ffffff" fill-opacity="0.14"/>
<path d="M178 160 L178 240 L244 200 Z" fill="#ffffff" fill-opacity="0.9"/>
</svg>`;

let neutralPoster: Promise<Derivative> | undefined;

async function neutralPosterDerivatives(): Promise<Derivatives> {
  neutralPoster ??= encode(
    sharp(Buffer.from(NEUTRAL_POSTER_SVG), { limitInputPixels: MAX_IMAGE_PIXELS }),
  ).catch((error: unknown) => {
    neutralPoster = undefined;
    throw error;
  });
  const poster = await neutralPoster;
  const copy = (): Derivative => ({ ...poster, data: Buffer.from(poster.data) });
  return { thumbnail: copy(), preview: copy(), width: null, height: null };
}

type FrameGrab = { frame: Buffer } | { noFrame: true } | { empty: true };

async function videoDerivatives(file: string, mime: string): Promise<Derivatives> {
  const demuxer = mime === 'video/x-msvideo' ? 'avi' : 'mov';
  // One second in skips the black or fade-in first frame most clips open with; shorter clips have
  // nothing there, so they fall back to their first frame.
  let grab = await grabFrame(file, demuxer, 1);
  if ('empty' in grab) grab = await grabFrame(file, demuxer, 0);
  if (!('frame' in grab)) return neutralPosterDerivatives();

  // ffmpeg applied the display rotation, so the frame is the video as it is shown.
  const header = await readHeader(grab.frame);
  assertPixels(header.width, header.height);
  const frame = grab.frame;
  return render(() => sharp(frame, SHARP_INPUT), header.width, header.height);
}

/**
 * One PNG frame at `seconds`, from the confined WebAssembly ffmpeg of video-decoder.ts. The demuxer is
 * forced to the sniffed container and only the file protocol is allowed, so a file cannot send ffmpeg to
 * playlists or URLs (the classic HLS-in-AVI attack; the decoder's file system holds only this video
 * anyway); max_pixels keeps the decoder itself within the image limit.
 */
async function grabFrame(file: string, demuxer: 'mov' | 'avi', seconds: number): Promise<FrameGrab> {
  const result = await runFfmpeg({
    args: [
      '-hide_banner',
      '-loglevel',
      'error',
      '-max_pixels',
      String(MAX_IMAGE_PIXELS),
      ...(seconds > 0 ? ['-ss', String(seconds)] : []),
      '-f',
      demuxer,
      '-protocol_whitelist',
      'file',
      '-i',
      DECODER_INPUT,
      '-frames:v',
      '1',
      '-an',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      // The PNG is read once and thrown away: fast deflate halves the time on 4K frames.
      '-compression_level',
      '1',
      DECODER_OUTPUT,
    ],
    input: file,
    timeoutMs: VIDEO_FRAME_TIMEOUT_MS,
    maxOutputBytes: MAX_POSTER_BYTES,
  });
  if (result.outcome === 'too-large') throw new UnprocessableMedia('too-large', MESSAGES.videoTooLarge);
  // Decision: a frame that takes 20 s is treated like one that cannot be decoded (neutral poster), not
  // as a refusal, so a slow moment on a busy server never costs someone their video.
  if (result.outcome === 'timeout') return { noFrame: true };
  if (result.ok) return result.output.length > 0 ? { frame: result.output } : { empty: true };
  if (/Invalid data found when processing input|moov atom not found/i.test(result.log)) {
    throw new UnprocessableMedia('damaged', MESSAGES.damagedVideo, { cause: new Error(result.log.trim()) });
  }
  return { noFrame: true };
}
