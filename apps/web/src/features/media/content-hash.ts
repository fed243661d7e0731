// A file's SHA-256, read in the browser so a file the traveller keeps already is not sent again
// (docs/decisions/084). Web Crypto digests it in a worker, one file at a time, so the page stays
// responsive and one file at most is held in memory. Larger files than CONTENT_HASH_MAX_BYTES are not
// read (a phone would hold all of it in memory at once): they go up, and the server, which hashes every
// upload itself, refuses a copy when it is completed.
import { MB } from '@waymarks/shared';
import type { HashAnswer, HashRequest } from './content-hash.worker';
import { sha256Hex } from './sha256';

export const CONTENT_HASH_MAX_BYTES = 256 * MB;

let worker: Worker | null = null;
let sent = 0;
const waiting = new Map<number, (answer: HashAnswer) => void>();
/** Files are hashed one after another: each waits for the one before. */
let line: Promise<unknown> = Promise.resolve();

function hashInWorker(file: Blob): Promise<string> {
  if (typeof Worker === 'undefined') return sha256Hex(file);
  if (!worker) {
    worker = new Worker(new URL('./content-hash.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<HashAnswer>) => {
      waiting.get(data.id)?.(data);
      waiting.delete(data.id);
    };
  }
  const id = ++sent;
  const answered = new Promise<HashAnswer>((resolve) => waiting.set(id, resolve));
  worker.postMessage({ id, file } satisfies HashRequest);
  return answered.then((answer) => {
    if ('error' in answer) throw new Error(answer.error);
    return answer.hash;
  });
}

/**
 * The file's SHA-256 (64 lowercase hex digits), or null when it is not read: larger than
 * CONTENT_HASH_MAX_BYTES, no Web Crypto (a page not served over HTTPS), or the file could not be read.
 * Null only means the server is not asked before the upload; it still finds a copy at completion.
 */
export function contentHashOf(file: Blob): Promise<string | null> {
  if (file.size > CONTENT_HASH_MAX_BYTES || !globalThis.crypto?.subtle) return Promise.resolve(null);
  const hashed = line.then(() => hashInWorker(file));
  line = hashed.catch(() => {});
  return hashed.catch((error: unknown) => {
    // Not a refusal: the upload goes on without the browser's hash (docs/decisions/084).
    console.warn('A file could not be hashed before its upload', error);
    return null;
  });
}
