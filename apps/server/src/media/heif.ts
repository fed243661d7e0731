// HEIC and HEIF photos: checked, decoded to RGBA in a worker thread (heif-worker.ts), then made into a
// thumbnail and preview by sharp like any other image.
import { stat } from 'node:fs/promises';
import { heifItemsWithinFile } from '@waymarks/shared';
import sharp from 'sharp';
import { startModuleWorker, workerFileBeside } from '../common/worker-thread.js';
import { withFileRanges } from './file-ranges.js';
import type { HeifJob, HeifResult } from './heif-worker.js';
import {
  assertPixels,
  imageDerivatives,
  MAX_IMAGE_PIXELS,
  PROBLEMS,
  readHeader,
  render,
  type Derivatives,
} from './images.js';
import { UnprocessableMedia } from './unprocessable.js';

/** The HEIC decoder reads the whole file into memory; a 100 MP HEIC is far below this. */
const MAX_HEIF_FILE_BYTES = 200 * 1024 * 1024;
/** libheif in WebAssembly needs ~10 s for 100 MP; a minute means it is stuck. */
const HEIF_DECODE_TIMEOUT_MS = 60_000;

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
// being refused; a truncated file, the common case, is caught by the item-location check
// (heifItemsWithinFile, from the shared ISO-BMFF reader).

export async function heifDerivatives(file: string): Promise<Derivatives> {
  const header = await readHeifHeader(file);
  // An AVIF inside a file branded HEIF: sharp decodes AV1 itself.
  if (header?.compression === 'av1') return imageDerivatives(file, 'image/avif');
  if (header) assertPixels(header.width, header.height);

  const { size } = await stat(file);
  if (size > MAX_HEIF_FILE_BYTES) throw new UnprocessableMedia('too-large', PROBLEMS.fileTooLarge);
  // libheif paints missing tiles of a truncated file bright green instead of failing, so check first
  // that every item's data is inside the file.
  if (!(await withFileRanges(file, ({ read }) => heifItemsWithinFile(read, size)))) {
    throw new UnprocessableMedia('damaged', PROBLEMS.damagedImage);
  }

  const result = await decodeHeif(file);
  if ('tooLarge' in result) throw new UnprocessableMedia('too-large', PROBLEMS.tooManyPixels);
  if ('error' in result) {
    throw new UnprocessableMedia('damaged', PROBLEMS.damagedImage, { cause: new Error(result.error) });
  }
  const { width, height, data } = result;
  if (data.byteLength !== width * height * 4) throw new UnprocessableMedia('damaged', PROBLEMS.damagedImage);
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
    const job: HeifJob = { file, maxPixels: MAX_IMAGE_PIXELS };
    const worker = startModuleWorker(WORKER_FILE, {
      // libheif-js console.logs its failures; they must not end up among the server's JSON log lines.
      stdout: true,
      stderr: true,
      workerData: job,
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

// The worker is a module of its own: heif-worker.ts beside this file, dist/heif-worker.js once built.
const WORKER_FILE = workerFileBeside(import.meta.url, 'heif-worker');
