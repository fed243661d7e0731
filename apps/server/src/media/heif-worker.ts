// The HEIC decoder's thread: decodes one file's primary image to RGBA and posts it back. heif.ts starts one
// per file, so the WebAssembly memory libheif grows is given back when the thread ends.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData, type TransferListItem } from 'node:worker_threads';

export interface HeifJob {
  file: string;
  /** A primary image larger than this is answered tooLarge without being decoded. */
  maxPixels: number;
}

export type HeifResult =
  { width: number; height: number; data: Uint8ClampedArray } | { tooLarge: true } | { error: string };

/** What heic-decode (which ships no types) offers: every image of a file, each decoded on demand. */
interface HeifImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray<ArrayBuffer> }>;
}
interface HeifDecoder {
  all(input: { buffer: Uint8Array }): Promise<HeifImage[] & { dispose(): void }>;
}

/** heic-decode, resolved through heic-convert so that it is exactly the version heic-convert ships with. */
function loadDecoder(): HeifDecoder {
  const fromHeicConvert = createRequire(createRequire(import.meta.url).resolve('heic-convert'));
  return fromHeicConvert('heic-decode') as HeifDecoder;
}

async function decodePrimary({ file, maxPixels }: HeifJob): Promise<[HeifResult, TransferListItem[]]> {
  const images = await loadDecoder().all({ buffer: readFileSync(file) });
  try {
    const primary = images[0];
    if (!primary) throw new Error('no image in the file');
    if (primary.width * primary.height > maxPixels) return [{ tooLarge: true }, []];
    const { width, height, data } = await primary.decode();
    return [{ width, height, data }, [data.buffer]];
  } finally {
    images.dispose();
  }
}

const port = parentPort;
if (!port) throw new Error('heif-worker runs as a worker thread, started by heif.ts');
decodePrimary(workerData as HeifJob).then(
  ([result, transfer]) => port.postMessage(result, transfer),
  (error: unknown) => {
    const result: HeifResult = { error: error instanceof Error ? error.message : String(error) };
    port.postMessage(result);
  },
);
