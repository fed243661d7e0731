import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ImportReadError } from './import-read-error.js';
import type { ImportSink, Stay, TimedPoint } from './points.js';
import { readXmlImport } from './xml-import.js';
import { kmzDocument, openZip, type OpenZip, type ZipOptions, type ZipSource } from './zip.js';

type Files = [name: string, content: string | Buffer, compress?: boolean][];

async function buildZip(files: Files): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content, compress = true] of files) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.from(content), name, { compress });
  }
  zip.end();
  return buffer(zip.outputStream);
}

/** An archive held in memory, read by range as one in S3 is, recording the ranges asked for. */
function memorySource(bytes: Buffer) {
  const reads: [offset: number, length: number][] = [];
  const source: ZipSource = {
    size: bytes.length,
    read: async (offset, length) => {
      reads.push([offset, length]);
      return bytes.subarray(offset, offset + length);
    },
  };
  return { source, reads };
}

async function textOf(zip: OpenZip, name: string): Promise<string> {
  const entry = zip.entries.find((candidate) => candidate.name === name)!;
  const parts: Buffer[] = [];
  for await (const chunk of zip.read(entry)) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

async function refusal(run: () => Promise<unknown>): Promise<ImportReadError> {
  const error = await run().catch((caught: unknown) => caught);
  if (error instanceof ImportReadError) return error;
  throw new Error(`expected a refusal, got ${String(error)}`);
}

async function refusalOf(bytes: Buffer, options?: ZipOptions): Promise<ImportReadError> {
  return refusal(async () => {
    const zip = await openZip(memorySource(bytes).source, options);
    for (const entry of zip.entries) for await (const chunk of zip.read(entry)) void chunk;
  });
}

/** Rewrites every header field of the given offset after each signature (a central or a local header). */
function patchHeaders(bytes: Buffer, signature: number, offset: number, write: (at: number) => void): void {
  for (let at = 0; at <= bytes.length - 4; at += 1) {
    if (bytes.readUInt32LE(at) === signature) write(at + offset);
  }
}
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The same archive with a name written over another of the same length: yazl refuses to write a bad one. */
function renamed(bytes: Buffer, from: string, to: string): Buffer {
  const patched = Buffer.from(bytes);
  for (let at = patched.indexOf(from); at >= 0; at = patched.indexOf(from, at + 1)) patched.write(to, at);
  return patched;
}

const TRACK = `<gpx><trk><trkseg><trkpt lat="48.85" lon="2.35"><time>2021-06-01T10:00:00Z</time></trkpt></trkseg></trk></gpx>`;

describe('openZip', () => {
  it('lists the files with their sizes, leaves folders out, and streams each by ranged reads', async () => {
    const history = JSON.stringify({ locations: Array.from({ length: 500 }, (_, i) => ({ i })) });
    const bytes = await buildZip([
      ['Takeout/', ''],
      ['Takeout/Location History/Records.json', history],
      ['notes.txt', 'plain', false],
    ]);
    const { source, reads } = memorySource(bytes);
    const zip = await openZip(source, { readSize: 1000 });
    expect(
      zip.entries.map(({ name, uncompressedSize, encrypted }) => [name, uncompressedSize, encrypted]),
    ).toEqual([
      ['Takeout/Location History/Records.json', Buffer.byteLength(history), false],
      ['notes.txt', 5, false],
    ]);
    expect(zip.entries[0]!.compressedSize).toBeLessThan(zip.entries[0]!.uncompressedSize);
    expect(await textOf(zip, 'Takeout/Location History/Records.json')).toBe(history);
    expect(await textOf(zip, 'notes.txt')).toBe('plain');
    expect(Math.max(...reads.map(([, length]) => length))).toBeLessThanOrEqual(1000);
    zip.close();
  });

  it('refuses an entry packed over 200 to 1, a ZIP bomb, before anything is unpacked', async () => {
    const bytes = await buildZip([['zeros.json', Buffer.alloc(4 * 1024 * 1024)]]);
    const error = await refusal(() => openZip(memorySource(bytes).source));
    expect(error.code).toBe('unsafe-archive');
    expect(error.message).toMatch(/ZIP bomb/);
  });

  it('reads a small file packed tightly: the ratio alone is not a bomb', async () => {
    const bytes = await buildZip([['blank.txt', ' '.repeat(500_000)]]);
    const zip = await openZip(memorySource(bytes).source);
    expect((await textOf(zip, 'blank.txt')).length).toBe(500_000);
  });

  it('refuses an entry that unpacks to more, or fewer, bytes than its header says', async () => {
    const text = 'lat,lng,time\n'.repeat(2000);
    const bytes = await buildZip([['points.csv', text]]);
    for (const claimed of [1000, text.length + 1000]) {
      const lying = Buffer.from(bytes);
      patchHeaders(lying, CENTRAL, 24, (at) => lying.writeUInt32LE(claimed, at));
      patchHeaders(lying, LOCAL, 22, (at) => lying.writeUInt32LE(claimed, at));
      const error = await refusalOf(lying);
      expect(error.code).toBe('unsafe-archive');
      expect(error.message).toMatch(/bytes in the stream/);
    }
  });

  it('refuses names that lead outside the archive: "..", an absolute path', async () => {
    const bytes = await buildZip([
      ['ok.gpx', TRACK],
      ['xx/evil.kml', '<kml/>'],
    ]);
    for (const [from, to] of [
      ['xx/evil.kml', '../evil.kml'],
      ['xx/evil.kml', 'a/../ev.kml'],
      ['xx/evil.kml', '/etc/ev.kml'],
      ['xx/evil.kml', '..\\evil.kml'],
    ] as const) {
      const error = await refusalOf(renamed(bytes, from, to));
      expect(error.code, to).toBe('unsafe-archive');
      expect(error.message).toMatch(/outside the archive/);
      expect(error.message).toContain(to.replace('\\', '/'));
    }
  });

  it('refuses an archive of more entries or more unpacked bytes than allowed', async () => {
    const bytes = await buildZip([
      ['a.gpx', TRACK],
      ['b.gpx', TRACK],
      ['c.gpx', TRACK],
    ]);
    const tooMany = await refusalOf(bytes, { maxEntries: 2 });
    expect(tooMany.code).toBe('too-large');
    expect(tooMany.message).toMatch(/3 files/);
    const tooBig = await refusalOf(bytes, { maxUncompressedBytes: TRACK.length * 2 });
    expect(tooBig.code).toBe('too-large');
    expect((await openZip(memorySource(bytes).source, { maxEntries: 3 })).entries).toHaveLength(3);
  });

  it('lists a password-protected entry as such and refuses to open it, not the others', async () => {
    const bytes = await buildZip([
      ['secret.gpx', TRACK],
      ['open.gpx', TRACK],
    ]);
    // The general-purpose flag's bit 0 of the first entry's headers: "encrypted".
    const centralAt = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt16LE(bytes.readUInt16LE(centralAt + 8) | 1, centralAt + 8);
    bytes.writeUInt16LE(bytes.readUInt16LE(6) | 1, 6);
    const zip = await openZip(memorySource(bytes).source);
    expect(zip.entries.map((entry) => entry.encrypted)).toEqual([true, false]);
    const error = await refusal(() => textOf(zip, 'secret.gpx'));
    expect(error.code).toBe('encrypted');
    expect(await textOf(zip, 'open.gpx')).toBe(TRACK);
  });

  it('refuses an archive cut off before its end, and one that is no archive', async () => {
    const bytes = await buildZip([['a.gpx', TRACK]]);
    const cut = await refusal(() => openZip(memorySource(bytes.subarray(0, bytes.length - 30)).source));
    expect(cut.code).toBe('truncated');
    expect((await refusal(() => openZip(memorySource(Buffer.from(TRACK)).source))).code).toBe('truncated');
  });

  it('passes on an error of the source itself, as it is', async () => {
    const bytes = await buildZip([['a.gpx', TRACK]]);
    const failure = new Error('S3 is unreachable');
    const source: ZipSource = { size: bytes.length, read: () => Promise.reject(failure) };
    await expect(openZip(source)).rejects.toBe(failure);
  });
});

describe('kmzDocument', () => {
  const kml = `<kml><Placemark><name>Café</name><Point><coordinates>2.35,48.85</coordinates></Point></Placemark></kml>`;

  it('finds doc.kml at the root, which readXmlImport reads from the entry', async () => {
    const bytes = await buildZip([
      ['files/other.kml', '<kml/>'],
      ['a.kml', '<kml/>'],
      ['doc.kml', kml],
      ['files/photo.jpg', Buffer.from([0xff, 0xd8])],
    ]);
    const zip = await openZip(memorySource(bytes).source);
    const document = kmzDocument(zip.entries)!;
    expect(document.name).toBe('doc.kml');
    const stays: Stay[] = [];
    const points: TimedPoint[] = [];
    const sink: ImportSink = { stay: (stay) => stays.push(stay), point: (point) => points.push(point) };
    const result = await readXmlImport(zip.read(document), sink);
    expect(result.format).toBe('kml');
    expect(stays).toEqual([
      { lng: 2.35, lat: 48.85, start: null, end: null, source: 'placemark', name: 'Café' },
    ]);
  });

  it('takes another KML at the root when there is no doc.kml, and none from a folder', () => {
    const entry = (name: string) => ({ name, compressedSize: 1, uncompressedSize: 1, encrypted: false });
    expect(kmzDocument([entry('files/x.kml'), entry('Trip.KML')])?.name).toBe('Trip.KML');
    expect(kmzDocument([entry('files/x.kml'), entry('photo.jpg')])).toBeUndefined();
  });
});
