// A PMTiles v3 archive written from tiles held in memory, for tests that serve a basemap extract as an
// operator would (MAP_PMTILES). Laid out as the spec (github.com/protomaps/PMTiles, spec/v3/spec.md) has
// it: the 127-byte header, one root directory, the JSON metadata, then the tile data in tile-id order
// (clustered); directory, metadata and tiles gzipped. Small archives only: no leaf directories, so the
// header and root directory must fit in the first 16 KiB a reader fetches.
import { gzipSync } from 'node:zlib';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile's bytes (a Mapbox Vector Tile), uncompressed: the writer gzips them. */
  data: Uint8Array;
}

export interface ArchiveOptions {
  /** West, south, east, north in degrees: where the archive has tiles. */
  bounds: [number, number, number, number];
  /** Merged into the JSON metadata (e.g. `vector_layers`, `attribution`). */
  metadata?: Record<string, unknown>;
}

const HEADER_BYTES = 127;
const FIRST_FETCH_BYTES = 16_384;
const GZIP = 2;
const MVT = 1;

/** A tile's position on the archive's Hilbert curve: the tiles of every lower zoom, then its place in z. */
export function tileId(z: number, x: number, y: number): number {
  let id = (4 ** z - 1) / 3;
  let [tx, ty] = [x, y];
  for (let s = 2 ** (z - 1); s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) [tx, ty] = [s - 1 - tx, s - 1 - ty];
      [tx, ty] = [ty, tx];
    }
  }
  return id;
}

/** An unsigned LEB128 varint of a whole number below 2^53. */
function varint(value: number, out: number[]): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

interface DirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
}

/** Entry count, then the columns: tile-id deltas, run lengths, lengths, offsets (0: right after the last). */
function directory(entries: readonly DirectoryEntry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  entries.forEach((entry, i) => varint(entry.tileId - (entries[i - 1]?.tileId ?? 0), out));
  for (let i = 0; i < entries.length; i++) varint(1, out);
  for (const entry of entries) varint(entry.length, out);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    varint(previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1, out);
  });
  return Buffer.from(out);
}

const e7 = (degrees: number) => Math.round(degrees * 1e7);

export function writePmtiles(tiles: readonly ArchiveTile[], options: ArchiveOptions): Buffer {
  if (tiles.length === 0) throw new Error('an archive needs at least one tile');
  const sorted = tiles
    .map((tile) => ({ id: tileId(tile.z, tile.x, tile.y), tile }))
    .sort((a, b) => a.id - b.id);
  const entries: DirectoryEntry[] = [];
  const blobs: Buffer[] = [];
  let offset = 0;
  for (const { id, tile } of sorted) {
    if (entries.at(-1)?.tileId === id) throw new Error(`tile ${tile.z}/${tile.x}/${tile.y} given twice`);
    const blob = gzipSync(tile.data);
    entries.push({ tileId: id, offset, length: blob.length });
    blobs.push(blob);
    offset += blob.length;
  }
  const root = gzipSync(directory(entries));
  if (HEADER_BYTES + root.length > FIRST_FETCH_BYTES)
    throw new Error('too many tiles for one root directory');
  const metadata = gzipSync(Buffer.from(JSON.stringify({ ...options.metadata })));
  const data = Buffer.concat(blobs);

  const zooms = tiles.map((tile) => tile.z);
  const [west, south, east, north] = options.bounds;
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  const sections = [
    [rootOffset, root.length],
    [metadataOffset, metadata.length],
    [dataOffset + data.length, 0], // no leaf directories
    [dataOffset, data.length],
  ];
  sections.flat().forEach((value, i) => header.writeBigUInt64LE(BigInt(value), 8 + 8 * i));
  // Addressed tiles, tile entries, tile contents: one each per tile, nothing shared.
  for (const at of [72, 80, 88]) header.writeBigUInt64LE(BigInt(tiles.length), at);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(GZIP, 97);
  header.writeUInt8(GZIP, 98);
  header.writeUInt8(MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  header.writeUInt8(Math.min(...zooms), 118);
  header.writeInt32LE(e7((west + east) / 2), 119);
  header.writeInt32LE(e7((south + north) / 2), 123);
  return Buffer.concat([header, root, metadata, data]);
}
