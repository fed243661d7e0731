// Reads an uploaded location history, whatever it is: the first bytes say whether it is a ZIP, XML or
// JSON (never its name), and the readers of each hand their points and stays to the sink, checked on the
// way (CheckedSink). A ZIP's files are each read the same way: a Polarsteps export as a whole, a KMZ's
// KML, a Takeout archive's monthly files one by one, and its files that are not location histories
// (settings, photos) left aside. A file that is a location history but broken fails the whole import:
// never a silent part of one (decision 100).
import { FORMAT_NAMES, FORMATS_READ, type FormatId } from './formats.js';
import { ImportReadError } from './import-read-error.js';
import { readJsonImport } from './json-import.js';
import { CheckedSink, type ImportSink, type SkipReason } from './points.js';
import { isPolarstepsExport, readPolarsteps } from './polarsteps.js';
import { readXmlImport } from './xml-import.js';
import { openZip, type OpenZip, type ZipEntry, type ZipSource } from './zip.js';

/** The uploaded file: read by range (a ZIP's directory is at its end) or as a stream from its start. */
export interface ImportFile extends ZipSource {
  stream(): AsyncIterable<Buffer>;
}

export interface ImportReadResult {
  format: FormatId;
  bytesRead: number;
  points: number;
  stays: number;
  skipped: Record<SkipReason, number>;
}

export interface ReadImportOptions {
  now?: () => number;
  /** Told the bytes of the file read so far, at most once a chunk. */
  onProgress?: (bytesRead: number) => void;
}

type Kind = 'zip' | 'gzip' | 'xml' | 'json' | 'empty' | 'binary' | 'text';

/** How many bytes decide what a file is. */
const SNIFF_BYTES = 512;

export async function readImport(
  file: ImportFile,
  sink: ImportSink,
  options: ReadImportOptions = {},
): Promise<ImportReadResult> {
  const checked = new CheckedSink(sink, options.now);
  const head = await file.read(0, Math.min(SNIFF_BYTES, file.size));
  const kind = kindOf(head);
  let read: { format: FormatId; bytesRead: number; untimed?: number };
  if (kind === 'zip') read = await readZip(file, checked, options.onProgress);
  else if (kind === 'json')
    read = await readJsonImport(file.stream(), checked, undefined, options.onProgress);
  else if (kind === 'xml') read = await readXmlImport(file.stream(), checked, options);
  else throw refusalOf(kind);
  if (checked.points + checked.stays === 0) throw nothingUsable(read.format, checked, read.untimed ?? 0);
  return {
    format: read.format,
    bytesRead: read.bytesRead,
    points: checked.points,
    stays: checked.stays,
    skipped: { ...checked.skipped },
  };
}

/** What the first bytes of a file say it is. */
export function kindOf(head: Buffer): Kind {
  if (head.length === 0) return 'empty';
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) return 'zip';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  let at = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (at < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[at]!)) at += 1;
  if (at === head.length) return 'empty';
  const first = head[at];
  if (first === 0x3c) return 'xml';
  if (first === 0x7b || first === 0x5b) return 'json';
  // Text has no control bytes but tab and line breaks; an encrypted backup is nearly all of them.
  const controls = head.filter((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20)).length;
  return controls > head.length / 20 ? 'binary' : 'text';
}

function refusalOf(kind: Kind): ImportReadError {
  if (kind === 'empty') return new ImportReadError('no-points', `The file is empty. ${FORMATS_READ}`);
  if (kind === 'gzip') {
    return new ImportReadError(
      'unknown-format',
      'The file is compressed with gzip (a .tgz or .gz), which Waymarks does not open: export from Google ' +
        `Takeout as a .zip, or unpack it and choose the files inside. ${FORMATS_READ}`,
    );
  }
  if (kind === 'binary') {
    return new ImportReadError(
      'encrypted',
      'The file is neither text nor a ZIP: an encrypted Timeline backup from a phone looks like this, and ' +
        'cannot be read. On the phone, export the Timeline instead (Settings, Location, Location services, ' +
        `Timeline, Export Timeline data). ${FORMATS_READ}`,
    );
  }
  return new ImportReadError(
    'unknown-format',
    `The file is text, but neither JSON nor XML, so not a location history Waymarks can read. ${FORMATS_READ}`,
  );
}

function nothingUsable(format: FormatId, checked: CheckedSink, untimed: number): ImportReadError {
  const reasons = [
    checked.skipped.coordinates > 0 &&
      `${checked.skipped.coordinates.toLocaleString('en')} with coordinates out of range or at 0, 0`,
    checked.skipped.time > 0 &&
      `${checked.skipped.time.toLocaleString('en')} with a time before 1900 or in the future`,
    untimed > 0 && `${untimed.toLocaleString('en')} without a time`,
  ].filter(Boolean);
  const why = reasons.length > 0 ? `: of its points, ${reasons.join(', ')}` : ': it has no points at all';
  return new ImportReadError(
    'no-points',
    `The file is a ${FORMAT_NAMES[format]}, but holds no place Waymarks can use${why}.`,
  );
}

/** Folders and files a ZIP holds beside its content: never read. */
const ASIDE = /(^|\/)(__MACOSX\/|\.)/;

async function readZip(
  file: ImportFile,
  sink: CheckedSink,
  onProgress?: (bytesRead: number) => void,
): Promise<{ format: FormatId; bytesRead: number; untimed: number }> {
  const zip = await openZip(file);
  try {
    const names = zip.entries.map((entry) => entry.name);
    if (isPolarstepsExport(names)) {
      await readPolarsteps(zip, sink);
      onProgress?.(file.size);
      return { format: 'polarsteps', bytesRead: file.size, untimed: 0 };
    }
    const formats = new Map<FormatId, number>();
    let untimed = 0;
    let done = 0;
    for (const entry of zip.entries) {
      if (ASIDE.test(entry.name)) continue;
      // Within an entry, its unpacked bytes count for their share of its packed size.
      const share = entry.uncompressedSize > 0 ? entry.compressedSize / entry.uncompressedSize : 0;
      let unpacked = 0;
      const read = await readEntry(zip, entry, sink, (bytes) => {
        unpacked += bytes;
        onProgress?.(Math.min(done + Math.floor(unpacked * share), file.size));
      });
      done += entry.compressedSize;
      onProgress?.(Math.min(done, file.size));
      if (!read) continue;
      untimed += read.untimed;
      formats.set(read.format, (formats.get(read.format) ?? 0) + 1);
    }
    const [format] = [...formats].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (!format) throw nothingInZip(names);
    return { format, bytesRead: file.size, untimed };
  } finally {
    zip.close();
  }
}

/**
 * One file of a ZIP: read when its first bytes are JSON or XML, left aside otherwise, and left aside too
 * when it is JSON or XML of another kind (a Takeout archive's settings). A KML in a ZIP is a KMZ.
 */
async function readEntry(
  zip: OpenZip,
  entry: ZipEntry,
  sink: ImportSink,
  onChunk: (bytes: number) => void,
): Promise<{ format: FormatId; untimed: number } | undefined> {
  if (entry.encrypted) {
    throw new ImportReadError(
      'encrypted',
      `The ZIP's file ${entry.name} is protected by a password: export it again without one.`,
    );
  }
  const chunks = withFirst(counted(zip.read(entry), onChunk));
  const kind = kindOf(await chunks.first());
  try {
    if (kind === 'json') return { format: (await readJsonImport(chunks, sink)).format, untimed: 0 };
    if (kind === 'xml') {
      const read = await readXmlImport(chunks, sink);
      return { format: read.format === 'kml' ? 'kmz' : read.format, untimed: read.untimed };
    }
  } catch (error) {
    if (error instanceof ImportReadError && error.code === 'unknown-format') return undefined;
    throw error instanceof ImportReadError
      ? new ImportReadError(error.code, `In the ZIP's file ${entry.name}: ${error.message}`)
      : error;
  } finally {
    await chunks.return();
  }
  return undefined;
}

function nothingInZip(names: string[]): ImportReadError {
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? `, and ${names.length - 5} more` : '');
  return new ImportReadError(
    'unknown-format',
    `The ZIP holds ${names.length === 0 ? 'no files' : shown}, none of them a location history Waymarks can read. ${FORMATS_READ}`,
  );
}

/** The chunks of a stream, each told to `onChunk` by its size as it passes. */
async function* counted(source: AsyncIterable<Buffer>, onChunk: (bytes: number) => void) {
  for await (const chunk of source) {
    onChunk(chunk.length);
    yield chunk;
  }
}

/**
 * The chunks of a stream, whose first chunk can be looked at before they are read from the start; an
 * iterator that is not read to its end is closed with return().
 */
function withFirst(source: AsyncIterable<Buffer>) {
  const iterator = source[Symbol.asyncIterator]();
  let first: Promise<IteratorResult<Buffer>> | undefined;
  const next = () => (first ??= iterator.next());
  return {
    first: async () => {
      const result = await next();
      return result.done ? Buffer.alloc(0) : result.value;
    },
    return: async () => {
      await iterator.return?.();
    },
    async *[Symbol.asyncIterator]() {
      const head = await next();
      if (head.done) return;
      yield head.value;
      for (;;) {
        const result = await iterator.next();
        if (result.done) return;
        yield result.value;
      }
    },
  };
}
