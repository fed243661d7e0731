// Finding a photo's EXIF block, so that exifr parses only those bytes.
import { boxesIn, readItemTable, type Box } from './bmff.js';
import { ByteSource, MAX_BOXES, fourcc, u16, u32, type ReadRange } from './byte-source.js';

export type ExifSource =
  /** The EXIF block (a TIFF structure) cut out of a JPEG, PNG, HEIC/HEIF/AVIF or WebP. */
  | { kind: 'tiff'; bytes: Uint8Array }
  /** A TIFF file: its tags can sit anywhere in the file, so exifr reads the file itself. */
  | { kind: 'file' };

// An EXIF block larger than this is not a camera's.
const MAX_EXIF = 1024 * 1024;
// Metadata comes first in every container read here (JPEG segments, PNG and WebP chunks, HEIF meta), so
// this much of the file holds it, or at least where it is, in one read almost always.
const PHOTO_HEAD = 128 * 1024;

/**
 * Finds the EXIF block of a photo by walking its container: the JPEG APP1 segment, the PNG eXIf chunk,
 * the HEIF/AVIF 'Exif' item (iinf + iloc) or the WebP EXIF chunk. Answers null for anything else, and
 * never hands exifr a container to walk, which keeps its loops away from hostile box sizes.
 */
export async function findExifSource(read: ReadRange, size: number): Promise<ExifSource | null> {
  const src = new ByteSource(read, size);
  await src.prefetch(0, Math.min(size, PHOTO_HEAD));
  const head = await src.bytes(0, Math.min(size, 16));
  if (!head || head.length < 12) return null;
  const magic = fourcc(head, 0);
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return jpegExif(src);
  if (magic === '\x89PNG') return pngExif(src);
  if (magic === 'II*\0' || magic === 'MM\0*') return { kind: 'file' };
  if (fourcc(head, 4) === 'ftyp') return heifExif(src);
  if (magic === 'RIFF' && fourcc(head, 8) === 'WEBP') return webpExif(src);
  return null;
}

/** TIFF bytes, after the 'Exif\0\0' header some containers keep. */
function tiffSource(bytes: Uint8Array | null): ExifSource | null {
  if (bytes && bytes.length >= 6 && fourcc(bytes, 0) === 'Exif' && bytes[4] === 0 && bytes[5] === 0) {
    bytes = bytes.subarray(6);
  }
  if (!bytes || bytes.length < 8) return null;
  const magic = fourcc(bytes, 0);
  // A copy, so the block does not keep the read buffer it was cut from alive.
  return magic === 'II*\0' || magic === 'MM\0*' ? { kind: 'tiff', bytes: bytes.slice() } : null;
}

/** Segments: 0xFF, a marker, a 2-byte length that counts itself. EXIF is the APP1 starting 'Exif\0\0'. */
async function jpegExif(src: ByteSource): Promise<ExifSource | null> {
  let offset = 2;
  for (let segments = 0; segments < MAX_BOXES && offset + 4 <= src.size; segments += 1) {
    const head = await src.bytes(offset, 4);
    if (!head || head[0] !== 0xff) return null;
    const marker = head[1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Start of scan or end of image: metadata segments all come before the image data.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16(head, 2);
    if (length < 2) return null;
    if (marker === 0xe1) {
      // A cut-off file keeps what it has of the block; exifr reads the tags that are complete.
      const available = Math.min(length - 2, src.size - offset - 4, MAX_EXIF);
      const found = tiffSource(await src.bytes(offset + 4, available));
      if (found) return found; // otherwise an XMP APP1: keep looking
    }
    offset += 2 + length;
  }
  return null;
}

/** Chunks: a 4-byte length, a type, the data, a CRC. */
async function pngExif(src: ByteSource): Promise<ExifSource | null> {
  let offset = 8;
  for (let chunks = 0; chunks < MAX_BOXES && offset + 8 <= src.size; chunks += 1) {
    const head = await src.bytes(offset, 8);
    if (!head) return null;
    const length = u32(head, 0);
    const type = fourcc(head, 4);
    if (type === 'eXIf') return length <= MAX_EXIF ? tiffSource(await src.bytes(offset + 8, length)) : null;
    if (type === 'IEND') return null;
    offset += 12 + length;
  }
  return null;
}

/** RIFF chunks: a four-character id, a little-endian size, the payload padded to an even length. */
async function webpExif(src: ByteSource): Promise<ExifSource | null> {
  let offset = 12;
  for (let chunks = 0; chunks < MAX_BOXES && offset + 8 <= src.size; chunks += 1) {
    const head = await src.bytes(offset, 8);
    if (!head) return null;
    const size = (head[4]! | (head[5]! << 8) | (head[6]! << 16) | (head[7]! << 24)) >>> 0;
    if (fourcc(head, 0) === 'EXIF')
      return size <= MAX_EXIF ? tiffSource(await src.bytes(offset + 8, size)) : null;
    offset += 8 + size + (size % 2);
  }
  return null;
}

/**
 * HEIC, HEIF and AVIF keep EXIF as an item: iinf names the item whose type is 'Exif', iloc says where its
 * bytes are (file offset, or inside meta's idat), and the item starts with the offset of the TIFF header.
 */
async function heifExif(src: ByteSource): Promise<ExifSource | null> {
  const table = await readItemTable(src);
  const itemId = table?.iinf ? await exifItemId(src, table.iinf) : null;
  const location = table?.locations?.find((item) => item.id === itemId);
  // Length 0 means "to the end of the file": never an EXIF block.
  if (!table || !location || location.extents.some(([, length]) => length === 0)) return null;
  const base = location.method === 1 ? table.idat : { start: 0, end: src.size };
  if (!base || location.method > 1) return null;
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const [offset, length] of location.extents) {
    total += length;
    if (total > MAX_EXIF || base.start + offset + length > base.end) return null;
    const part = await src.bytes(base.start + offset, length);
    if (!part) return null;
    parts.push(part);
  }
  const item = parts.length === 1 ? parts[0]! : joined(parts, total);
  return tiffSource(item.subarray(4 + u32(item, 0)));
}

async function exifItemId(src: ByteSource, iinf: Box): Promise<number | null> {
  const head = await src.bytes(iinf.start, Math.min(8, iinf.end - iinf.start));
  if (!head) return null;
  // version 0 counts entries in 2 bytes, later versions in 4; each entry is an 'infe' box.
  for (const infe of await boxesIn(src, iinf.start + (head[0] === 0 ? 6 : 8), iinf.end)) {
    if (infe.type !== 'infe') continue;
    const length = Math.min(16, infe.end - infe.start);
    const b = src.held(infe.start, length) ?? (await src.bytes(infe.start, length));
    // Versions 0 and 1 have no item type; 2 has a 2-byte item id, 3 a 4-byte one.
    if (!b || b.length < 12 || (b[0] !== 2 && b[0] !== 3)) continue;
    const idSize = b[0] === 2 ? 2 : 4;
    if (fourcc(b, 4 + idSize + 2) === 'Exif') return idSize === 2 ? u16(b, 4) : u32(b, 4);
  }
  return null;
}

function joined(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
