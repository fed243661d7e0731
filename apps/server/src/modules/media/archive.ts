// Download All: one ZIP of a pin's originals, streamed by the server as it reads them (stored, not
// compressed: photos and videos do not shrink), behind a short-lived signed link the browser can follow
// without the bearer token.
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { z } from 'zod';
import { SignedLinks } from '../../common/signed-links.js';
import type { MediaRow } from './media.repository.js';

interface ArchiveClaims {
  userId: string;
  pinId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

// Short field names keep the link short.
const ArchivePayload = z.object({ u: z.string(), p: z.string() });

export class ArchiveLinks {
  readonly #links: SignedLinks;

  /** `purpose` keys the links: a link made for one purpose never opens another's archive. */
  constructor(secret: string, purpose = 'media-archive-link') {
    this.#links = new SignedLinks(secret, purpose);
  }

  sign(claims: ArchiveClaims): string {
    return this.#links.sign({ u: claims.userId, p: claims.pinId }, claims.expiresAt);
  }

  /** The claims of a genuine link, or why it is refused. */
  verify(token: string, now: number): ArchiveClaims | 'invalid' | 'expired' {
    const link = this.#links.verify(token, now);
    if (typeof link === 'string') return link;
    const payload = ArchivePayload.safeParse(link.claims);
    if (!payload.success) return 'invalid';
    return { userId: payload.data.u, pinId: payload.data.p, expiresAt: link.expiresAt };
  }
}

/** Names inside the archive: the uploaded filename made safe, and unique ('photo (2).jpg'). */
export function archiveEntryNames(filenames: readonly string[]): string[] {
  const used = new Set<string>();
  return filenames.map((filename) => {
    const clean =
      filename
        .normalize('NFC')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
        .replace(/^\.+/, '')
        .trim() || 'file';
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * The ZIP as a stream, with its exact length (known up front because entries are stored): originals
 * are opened one at a time, as the archive reaches them.
 */
export function streamArchive(
  media: readonly MediaRow[],
  open: (row: MediaRow) => Promise<NodeJS.ReadableStream>,
): Promise<{ stream: Readable; size: number }> {
  const zip = new yazl.ZipFile();
  const names = archiveEntryNames(media.map((row) => row.filename));
  media.forEach((row, index) => addOriginal(zip, names[index]!, row, open));
  return finishArchive(zip);
}

/**
 * A stored (uncompressed) entry for the row's original, opened only when the archive reaches it. An
 * original that cannot be opened, or whose bytes stop with an error (storage gone away mid-file), fails
 * the whole archive (see finishArchive); an archive whose reader went away closes the original it was
 * reading, so no connection to storage is left waiting.
 */
export function addOriginal(
  zip: yazl.ZipFile,
  name: string,
  row: MediaRow,
  open: (row: MediaRow) => Promise<NodeJS.ReadableStream>,
): void {
  zip.addReadStreamLazy(
    name,
    { compress: false, size: row.size_bytes, mtime: new Date(row.uploaded_at ?? row.created_at) },
    (callback) => {
      open(row).then(
        (opened) => {
          const stream = opened as Readable;
          const output = zip.outputStream as Readable;
          const stop = () => stream.destroy();
          output.once('close', stop);
          stream.once('close', () => output.off('close', stop));
          stream.once('error', (error) => zip.emit('error', error));
          callback(null, stream);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null!),
      );
    },
  );
}

/**
 * Ends the archive: its stream, and its length when every entry's size was given (else -1). A failure
 * while writing it (an original that could not be read) destroys the stream with that error: the reply
 * is cut off short of its length, which a browser reports as a failed download, never as a whole but
 * broken ZIP; and the error, which yazl emits on the archive, does not go unheard and end the process.
 */
export function finishArchive(zip: yazl.ZipFile): Promise<{ stream: Readable; size: number }> {
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  return new Promise((resolve) => {
    // The typings leave out the size the callback is given (yazl documents it: -1 when unknown).
    const end = zip.end.bind(zip) as (options: object, done: (finalSize: number) => void) => void;
    end({}, (finalSize) => resolve({ stream: zip.outputStream as Readable, size: finalSize }));
  });
}
