// The one ISO-BMFF (ISO/IEC 14496-12) box reader: MP4, MOV, 3GP, HEIC, HEIF and AVIF are all boxes. Used by
// the metadata readers here and by the server before it lets the HEIC decoder at a file.
import { ByteSource, MAX_BOXES, MAX_READ, u16, u32, uint, fourcc, type ReadRange } from './byte-source.js';

// Payloads we decode are short texts and numbers; anything bigger (cover art, thumbnails) is skipped.
const MAX_VALUE = 64 * 1024;

export interface Box {
  type: string;
  /** Where the box starts (its header). */
  offset: number;
  /** Where the payload starts (after the 8- or 16-byte header). */
  start: number;
  /** Where the box ends, never past the end of its parent. */
  end: number;
}

/**
 * The boxes between start and end, header by header, up to the first of type `until` if given.
 * Size 1 = a 64-bit size follows; size 0 = to the end. The number of headers read is bounded and every
 * step moves forward, whatever sizes the file claims.
 */
export async function boxesIn(src: ByteSource, start: number, end: number, until?: string): Promise<Box[]> {
  const boxes: Box[] = [];
  let offset = start;
  while (end - offset >= 8 && src.boxesRead < MAX_BOXES) {
    src.boxesRead += 1;
    const headLength = Math.min(16, end - offset);
    const head = src.held(offset, headLength) ?? (await src.bytes(offset, headLength));
    if (!head) break;
    let size = u32(head, 0);
    let headerSize = 8;
    if (size === 1) {
      if (head.length < 16) break;
      size = u32(head, 8) * 2 ** 32 + u32(head, 12);
      headerSize = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < headerSize || !Number.isSafeInteger(offset + size)) break;
    const type = fourcc(head, 4);
    boxes.push({ type, offset, start: offset + headerSize, end: Math.min(offset + size, end) });
    if (type === until) break;
    offset += size;
  }
  return boxes;
}

/** A box's payload when it is at most `limit` bytes long. */
export async function payload(src: ByteSource, box: Box, limit = MAX_VALUE): Promise<Uint8Array | null> {
  const length = box.end - box.start;
  return length <= limit ? src.bytes(box.start, length) : null;
}

// ---------------------------------------------------------------------------------------------------
// Items (§8.11): HEIF and AVIF keep each image, tile and EXIF block as an item of the top-level meta box.

interface ItemLocation {
  id: number;
  /** 0: offsets in the file; 1: offsets in meta's idat; 2: in another item. */
  method: number;
  /** 0: this file; otherwise an entry of the data-reference box (another file). */
  dataReference: number;
  /** Offset (the base offset included) and length of each extent; length 0 means "to the end". */
  extents: Array<[offset: number, length: number]>;
}

/**
 * iloc, versions 0 to 2: field sizes in nibbles, then per item its base offset and extents. Null when the
 * table is cut short or malformed, so that a table nobody can read whole vouches for nothing.
 */
export function parseItemLocations(b: Uint8Array): ItemLocation[] | null {
  if (b.length < 8 || b[0]! > 2) return null;
  const version = b[0]!;
  const offsetSize = b[4]! >> 4;
  const lengthSize = b[4]! & 15;
  const baseOffsetSize = b[5]! >> 4;
  const indexSize = version === 1 || version === 2 ? b[5]! & 15 : 0;
  const sizes = [offsetSize, lengthSize, baseOffsetSize, indexSize];
  if (!sizes.every((size) => size === 0 || size === 4 || size === 8)) return null;
  // Version 2 widens the item count and the item ids from 2 to 4 bytes.
  const idSize = version === 2 ? 4 : 2;
  const count = idSize === 4 ? u32(b, 6) : u16(b, 6);
  const itemHeadSize = idSize + (version === 0 ? 0 : 2) + 2 + baseOffsetSize + 2;
  const extentSize = indexSize + offsetSize + lengthSize;
  const items: ItemLocation[] = [];
  let at = 6 + idSize;
  // Each item takes bytes of the table, so a count the table cannot hold ends at its end.
  for (let item = 0; item < count; item += 1) {
    if (at + itemHeadSize > b.length) return null;
    const id = idSize === 4 ? u32(b, at) : u16(b, at);
    at += idSize;
    let method = 0;
    if (version !== 0) {
      method = u16(b, at) & 15;
      at += 2;
    }
    const dataReference = u16(b, at);
    at += 2;
    const base = uint(b, at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = u16(b, at);
    at += 2;
    if (at + extentCount * extentSize > b.length) return null;
    const extents: ItemLocation['extents'] = [];
    for (let extent = 0; extent < extentCount; extent += 1) {
      at += indexSize;
      extents.push([base + uint(b, at, offsetSize), uint(b, at + offsetSize, lengthSize)]);
      at += offsetSize + lengthSize;
    }
    items.push({ id, method, dataReference, extents });
  }
  return items;
}

interface ItemTable {
  /** The item-information box, which names each item's type. */
  iinf: Box | null;
  /** Where each item's bytes are; null when there is no iloc or it cannot be read. */
  locations: ItemLocation[] | null;
  /** The item data held inside meta, for items of construction method 1. */
  idat: Box | null;
}

/** The item boxes of the top-level meta box, or null when the file has none. */
export async function readItemTable(src: ByteSource): Promise<ItemTable | null> {
  const meta = (await boxesIn(src, 0, src.size, 'meta')).find((box) => box.type === 'meta');
  if (!meta) return null;
  await src.prefetch(meta.start, meta.end);
  const table: ItemTable = { iinf: null, locations: null, idat: null };
  // meta is a full box: 4 bytes of version and flags before its children.
  for (const box of await boxesIn(src, meta.start + 4, meta.end)) {
    if (box.type === 'iinf') table.iinf = box;
    else if (box.type === 'idat') table.idat = box;
    else if (box.type === 'iloc') {
      const iloc = await payload(src, box, MAX_READ);
      table.locations = iloc && parseItemLocations(iloc);
    }
  }
  return table;
}

/**
 * Whether every extent the item table places in this file lies within its `size` bytes (items in idat or
 * in other files are not this check's business). A HEIC cut off in transfer fails it; so does a file
 * without a readable table, so a file nobody can vouch for is never handed to a decoder.
 */
export async function heifItemsWithinFile(read: ReadRange, size: number): Promise<boolean> {
  const table = await readItemTable(new ByteSource(read, size));
  if (!table?.locations) return false;
  return table.locations.every(
    ({ method, dataReference, extents }) =>
      method !== 0 || dataReference !== 0 || extents.every(([offset, length]) => offset + length <= size),
  );
}
