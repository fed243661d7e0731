// Download All: one ZIP of a pin's originals, streamed by the server as it reads them (stored, not
// compressed: photos and videos do not shrink), behind a short-lived signed link the browser can follow
// without the bearer token.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { MediaRow } from './media.repository.js';

interface ArchiveClaims {
  userId: string;
  pinId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export class ArchiveLinks {
  private readonly key: Buffer;

  /** `purpose` keys the links: a link made for one purpose never opens another's archive. */
  constructor(secret: string, purpose = 'media-archive-link') {
    // Its own key, derived from the app secret, so no other signed value can pass for an archive link.
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  sign(claims: ArchiveClaims): string {
    const payload = Buffer.from(JSON.stringify([claims.userId, claims.pinId, claims.expiresAt])).toString(
      'base64url',
    );
    return `${payload}.${this.mac(payload)}`;
  }

  /** The claims of a genuine link, or why it is refused. */
  verify(token: string, now: number): ArchiveClaims | 'invalid' | 'expired' {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return 'invalid';
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return 'invalid';
    }
    if (!Array.isArray(parsed) || parsed.length !== 3) return 'invalid';
    const [userId, pinId, expiresAt] = parsed as unknown[];
    if (typeof userId !== 'string' || typeof pinId !== 'string' || typeof expiresAt !== 'number') {
      return 'invalid';
    }
    if (expiresAt < now) return 'expired';
    return { userId, pinId, expiresAt };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
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

/** A stored (uncompressed) entry for the row's original, opened only when the archive reaches it. */
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
        (stream) => callback(null, stream as Readable),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null!),
      );
    },
  );
}

/** Ends the archive: its stream, and its length when every entry's size was given (else -1). */
export function finishArchive(zip: yazl.ZipFile): Promise<{ stream: Readable; size: number }> {
  return new Promise((resolve) => {
    // The typings leave out the size the callback is given (yazl documents it: -1 when unknown).
    const end = zip.end.bind(zip) as (options: object, done: (finalSize: number) => void) => void;
    end({}, (finalSize) => resolve({ stream: zip.outputStream as Readable, size: finalSize }));
  });
}
