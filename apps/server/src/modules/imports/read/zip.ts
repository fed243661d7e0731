// Reads a ZIP archive by random access, so an upload on local disk and one in object storage (by ranged
// reads) are read alike, and checks the whole archive before any entry is opened: how many entries, how
// large unpacked, names that would lie outside it, entries packed tighter than any real file (decision 100).
// A ZIP inside the archive is one more file: it is not opened, so no bomb hides in nested archives.
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ImportReadError, cutOff } from './import-read-error.js';

/** The archive's bytes, read by range: a file on disk, an object in S3. */
export interface ZipSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

export interface ZipEntry {
  /** Its path in the archive, folders apart by '/'. */
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** A password-protected entry: listed, but refused if opened. */
  encrypted: boolean;
}

export interface OpenZip {
  /** The files of the archive, in its order; folders are left out. */
  entries: ZipEntry[];
  /** An entry's unpacked bytes; a header that lies about its size fails the read. */
  read(entry: ZipEntry): AsyncIterable<Buffer>;
  close(): void;
}

export interface ZipOptions {
  maxEntries?: number;
  maxUncompressedBytes?: number;
  /** Bytes asked of the source at once. */
  readSize?: number;
}

export const MAX_ENTRIES = 20_000;
export const MAX_UNCOMPRESSED_BYTES = 20 * 1024 ** 3;
/** Location histories compress about 10:1; past this ratio an entry of some size is built to explode. */
const MAX_COMPRESSION_RATIO = 200;
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;
/** Large enough that an archive in S3 is not read by a request per few kilobytes. */
const READ_SIZE = 4 * 1024 * 1024;

export async function openZip(source: ZipSource, options: ZipOptions = {}): Promise<OpenZip> {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const maxUncompressedBytes = options.maxUncompressedBytes ?? MAX_UNCOMPRESSED_BYTES;
  const reader = new SourceReader(source, options.readSize ?? READ_SIZE);
  const zipfile = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      reader,
      source.size,
      // validateEntrySizes fails a read that unpacks to more or fewer bytes than the header says.
      { lazyEntries: true, autoClose: false, validateEntrySizes: true },
      (error, opened) => (error ? reject(reader.translate(error)) : resolve(opened)),
    );
  });
  try {
    if (zipfile.entryCount > maxEntries) {
      throw new ImportReadError(
        'too-large',
        `The archive holds ${zipfile.entryCount.toLocaleString('en')} files; Waymarks reads archives of up to ${maxEntries.toLocaleString('en')}.`,
      );
    }
    const found = await listEntries(zipfile, reader);
    let total = 0;
    for (const [entry] of found) {
      total += entry.uncompressedSize;
      if (total > maxUncompressedBytes) {
        throw new ImportReadError(
          'too-large',
          `The archive unpacks to more than ${formatBytes(maxUncompressedBytes)}, more than Waymarks reads.`,
        );
      }
      if (
        entry.uncompressedSize > RATIO_CHECKED_FROM_BYTES &&
        entry.uncompressedSize > entry.compressedSize * MAX_COMPRESSION_RATIO
      ) {
        throw new ImportReadError(
          'unsafe-archive',
          `The archive's file "${entry.name}" unpacks to over ${MAX_COMPRESSION_RATIO} times its packed size, as only a ZIP bomb does.`,
        );
      }
    }
    const originals = new Map(found);
    return {
      entries: [...originals.keys()],
      read: (entry) => readEntry(zipfile, reader, entry, originals.get(entry)),
      close: () => zipfile.close(),
    };
  } catch (error) {
    zipfile.close();
    throw error;
  }
}

/** The KML document of a KMZ: doc.kml at its root, as Google Earth writes it, or else the first .kml there. */
export function kmzDocument(entries: readonly ZipEntry[]): ZipEntry | undefined {
  const atRoot = entries.filter((entry) => !entry.name.includes('/') && /\.kml$/i.test(entry.name));
  return atRoot.find((entry) => entry.name.toLowerCase() === 'doc.kml') ?? atRoot[0];
}

function listEntries(zipfile: yauzl.ZipFile, reader: SourceReader): Promise<[ZipEntry, yauzl.Entry][]> {
  return new Promise((resolve, reject) => {
    const found: [ZipEntry, yauzl.Entry][] = [];
    zipfile.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) {
        const listed = {
          name: entry.fileName,
          compressedSize: entry.compressedSize,
          uncompressedSize: entry.uncompressedSize,
          encrypted: entry.isEncrypted(),
        };
        found.push([listed, entry]);
      }
      zipfile.readEntry();
    });
    zipfile.once('end', () => resolve(found));
    // Kept for the archive's life: an error with no listener would bring the process down.
    zipfile.on('error', (error: Error) => reject(reader.translate(error)));
    zipfile.readEntry();
  });
}

async function* readEntry(
  zipfile: yauzl.ZipFile,
  reader: SourceReader,
  entry: ZipEntry,
  original: yauzl.Entry | undefined,
): AsyncIterable<Buffer> {
  if (!original) throw new Error(`"${entry.name}" is not an entry of this archive`);
  if (original.isEncrypted()) {
    throw encrypted(`the file "${entry.name}"`);
  }
  const stream = await new Promise<Readable>((resolve, reject) => {
    zipfile.openReadStream(original, (error, opened) =>
      error ? reject(reader.translate(error)) : resolve(opened),
    );
  });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (error) {
    throw reader.translate(error);
  }
}

/** yauzl's view of the source; it also tells the source's own errors from what is wrong with the archive. */
class SourceReader extends yauzl.RandomAccessReader {
  readonly #sourceErrors = new WeakSet<object>();

  constructor(
    private readonly source: ZipSource,
    private readonly readSize: number,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.#range(start, end), { objectMode: false });
  }

  async *#range(start: number, end: number): AsyncIterable<Buffer> {
    for (let at = start; at < end;) {
      let bytes: Buffer;
      try {
        bytes = await this.source.read(at, Math.min(this.readSize, end - at));
      } catch (error) {
        if (error instanceof Object) this.#sourceErrors.add(error);
        throw error;
      }
      if (bytes.length === 0) throw cutOff(at);
      at += bytes.length;
      yield bytes;
    }
  }

  /** What an error met while reading the archive means for the traveller. */
  translate(error: unknown): unknown {
    if (error instanceof ImportReadError || !(error instanceof Error) || this.#sourceErrors.has(error))
      return error;
    const message = error.message;
    // yauzl refuses such names while it lists the entries (reading a '\\' as a '/').
    if (/^(absolute path|invalid relative path): /.test(message)) {
      const name = message.slice(message.indexOf(': ') + 2);
      return new ImportReadError(
        'unsafe-archive',
        `The archive holds a file named "${name}", a path that leads from the disk's root or up out of its folder: the way a malicious archive reaches outside the archive.`,
      );
    }
    if (/^end of central directory record signature not found/i.test(message)) {
      return new ImportReadError(
        'truncated',
        'The ZIP archive has no table of contents at its end: it may have been cut off while it was copied or downloaded.',
      );
    }
    if (message.startsWith('strong encryption')) return encrypted('its files');
    return new ImportReadError('unsafe-archive', `The ZIP archive is damaged (${message}).`);
  }
}

function encrypted(what: string): ImportReadError {
  return new ImportReadError(
    'encrypted',
    `The archive protects ${what} with a password. Export it again without one, or upload it unpacked.`,
  );
}

function formatBytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toLocaleString('en', { maximumFractionDigits: 1 })} GB`;
}
