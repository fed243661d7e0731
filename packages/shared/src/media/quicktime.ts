// Videos (MP4, MOV, 3GP): moov → mvhd, udta (©xyz, loci, ©day, ©mak, ©mod, meta) and meta (Apple keys).
import { boxesIn, payload, type Box } from './bmff.js';
import {
  ByteSource,
  PREFETCH_LIMIT,
  fourcc,
  u16,
  u32,
  utf16be,
  utf8,
  type ReadRange,
} from './byte-source.js';
import { parseIso6709 } from './iso6709.js';
import type { MediaLocation, MediaMetadata, VideoMetadata } from './types.js';
import { cleanText, isoUtc, locationOf, positiveNumber, utcOffset, wallClockText } from './values.js';

// Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01.
const QUICKTIME_EPOCH_OFFSET_S = 2_082_844_800;

const APPLE_LOCATION = 'com.apple.quicktime.location.ISO6709';
const APPLE_ACCURACY = 'com.apple.quicktime.location.accuracy.horizontal';
const APPLE_CREATION_DATE = 'com.apple.quicktime.creationdate';
const APPLE_MAKE = 'com.apple.quicktime.make';
const APPLE_MODEL = 'com.apple.quicktime.model';
const WANTED_TAGS = new Set([
  APPLE_LOCATION,
  APPLE_ACCURACY,
  APPLE_CREATION_DATE,
  APPLE_MAKE,
  APPLE_MODEL,
  '©xyz',
  '©day',
  '©mak',
  '©mod',
]);

interface VideoTags {
  /** Tag name (Apple key or user-data type) to value; the first one found wins. */
  values: Map<string, string | number>;
  mvhdCreated: string | null;
  loci: MediaLocation | null;
}

/**
 * Reads a video's date, place and camera through `read`, box by box: the file is never read whole, so
 * a moov at the end of a multi-gigabyte file costs a few small reads.
 */
export async function readVideoMetadata(read: ReadRange, size: number): Promise<VideoMetadata> {
  const src = new ByteSource(read, size);
  const tags: VideoTags = { values: new Map(), mvhdCreated: null, loci: null };
  const moov = (await boxesIn(src, 0, size, 'moov')).find((box) => box.type === 'moov');
  if (moov) await readMoov(src, moov, tags);
  const text = (name: string) => {
    const value = tags.values.get(name);
    return typeof value === 'string' ? value : null;
  };
  const appleLocation = parseIso6709(text(APPLE_LOCATION) ?? '');
  const accuracy = positiveNumber(tags.values.get(APPLE_ACCURACY));
  // Apple's creation date carries the zone, so it wins over mvhd (UTC); ©day is often only a year.
  const dateTaken = videoDate(text(APPLE_CREATION_DATE)) ?? tags.mvhdCreated ?? videoDate(text('©day'));
  return {
    dateTaken,
    dateSource: dateTaken ? 'creation' : null,
    location:
      (appleLocation && { ...appleLocation, accuracy }) ?? parseIso6709(text('©xyz') ?? '') ?? tags.loci,
    cameraMake: cleanText(text(APPLE_MAKE) ?? text('©mak')),
    cameraModel: cleanText(text(APPLE_MODEL) ?? text('©mod')),
  };
}

async function readMoov(src: ByteSource, moov: Box, tags: VideoTags): Promise<void> {
  await src.prefetch(moov.start, moov.end);
  for (const box of await boxesIn(src, moov.start, moov.end)) {
    if (box.type === 'mvhd') tags.mvhdCreated ??= mvhdCreationTime(await payload(src, box));
    else if (box.type === 'udta') await readUserData(src, box, tags);
    else if (box.type === 'meta') await readMeta(src, box, tags);
  }
}

function mvhdCreationTime(b: Uint8Array | null): string | null {
  if (!b || b.length < 12) return null;
  const seconds = b[0] === 1 ? u32(b, 4) * 2 ** 32 + u32(b, 8) : u32(b, 4);
  // 0 means "not set"; anything before 1970 is a camera whose clock was never set.
  if (seconds <= QUICKTIME_EPOCH_OFFSET_S) return null;
  return isoUtc((seconds - QUICKTIME_EPOCH_OFFSET_S) * 1000);
}

async function readUserData(src: ByteSource, udta: Box, tags: VideoTags): Promise<void> {
  await src.prefetch(udta.start, udta.end);
  for (const box of await boxesIn(src, udta.start, udta.end)) {
    if (box.type === 'meta') await readMeta(src, box, tags);
    else if (box.type === 'loci') tags.loci ??= lociLocation(await payload(src, box));
    else if (WANTED_TAGS.has(box.type) && !tags.values.has(box.type)) {
      const value = userDataText(await payload(src, box));
      if (value !== null) tags.values.set(box.type, value);
    }
  }
}

/** QuickTime user-data text: a 2-byte length, a 2-byte language, the text; or an iTunes-style data box. */
function userDataText(b: Uint8Array | null): string | number | null {
  if (!b || b.length < 4) return null;
  if (b.length >= 16 && fourcc(b, 4) === 'data') return dataValue(b.subarray(8, u32(b, 0)));
  const length = u16(b, 0);
  return 4 + length <= b.length ? utf8.decode(b.subarray(4, 4 + length)) : null;
}

/** 3GPP 'loci' (what ffmpeg's MP4 muxer writes): names, then longitude, latitude, altitude in 16.16. */
function lociLocation(b: Uint8Array | null): MediaLocation | null {
  if (!b) return null;
  let at = 6; // version and flags, language
  if (u16(b, at) === 0xfeff) {
    at += 2;
    while (at + 1 < b.length && u16(b, at) !== 0) at += 2;
    at += 2;
  } else {
    while (at < b.length && b[at] !== 0) at += 1;
    at += 1;
  }
  at += 1; // role
  if (at + 8 > b.length) return null;
  const fixed = (offset: number) => (u32(b, offset) | 0) / 65536;
  // 16.16 resolves about 1.5e-5 degrees; five decimals say what the file really knows.
  const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
  return locationOf(round(fixed(at + 4)), round(fixed(at)), null);
}

/** 'meta' with a hdlr, keys (Apple mdta names) and ilst (values by key index or by type). */
async function readMeta(src: ByteSource, meta: Box, tags: VideoTags): Promise<void> {
  const peek = await src.bytes(meta.start, Math.min(8, meta.end - meta.start));
  if (!peek) return;
  // ISO 'meta' is a full box (4 bytes of version and flags first); QuickTime's Apple 'meta' is not.
  const start = u32(peek, 0) === 0 ? meta.start + 4 : meta.start;
  await src.prefetch(start, meta.end);
  let keys: string[] = [];
  const items: Box[] = [];
  for (const box of await boxesIn(src, start, meta.end)) {
    if (box.type === 'keys') keys = keyNames(await payload(src, box, PREFETCH_LIMIT));
    else if (box.type === 'ilst') items.push(...(await boxesIn(src, box.start, box.end)));
  }
  for (const item of items) {
    const index = [...item.type].reduce((n, c) => n * 256 + c.charCodeAt(0), 0);
    const name = index >= 1 && index <= keys.length ? keys[index - 1]! : item.type;
    if (!WANTED_TAGS.has(name) || tags.values.has(name)) continue;
    const data = (await boxesIn(src, item.start, item.end, 'data')).find((box) => box.type === 'data');
    const value = data ? dataValue(await payload(src, data)) : null;
    if (value !== null) tags.values.set(name, value);
  }
}

/** keys: version and flags, entry count, then per entry a size, a namespace ('mdta') and the name. */
function keyNames(b: Uint8Array | null): string[] {
  if (!b || b.length < 8) return [];
  const names: string[] = [];
  const count = u32(b, 4);
  let at = 8;
  while (names.length < count && at + 8 <= b.length) {
    const size = u32(b, at);
    if (size < 8 || at + size > b.length) break;
    names.push(utf8.decode(b.subarray(at + 8, at + size)));
    at += size;
  }
  return names;
}

/** The payload of a 'data' box: a type (1 UTF-8, 2 UTF-16, 23/24 float, 21/22 integer), a locale, the value. */
function dataValue(b: Uint8Array | null): string | number | null {
  if (!b || b.length < 8) return null;
  const type = u32(b, 0) & 0xffffff;
  const value = b.subarray(8);
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  if (type === 1) return utf8.decode(value);
  if (type === 2) return utf16be.decode(value);
  if (type === 23 && value.length === 4) return view.getFloat32(0);
  if (type === 24 && value.length === 8) return view.getFloat64(0);
  if ((type === 21 || type === 22) && value.length >= 1 && value.length <= 4) {
    const unsigned = value.reduce((n, byte) => n * 256 + byte, 0);
    const bits = value.length * 8;
    return type === 21 && unsigned >= 2 ** (bits - 1) ? unsigned - 2 ** bits : unsigned;
  }
  return null;
}

const ISO_DATE_TIME =
  /^\s*(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?\s*$/i;

/** '2024-07-14T21:30:00+0200' → '2024-07-14T21:30:00+02:00'; a date without a time is not enough. */
function videoDate(text: string | null): string | null {
  const match = text ? ISO_DATE_TIME.exec(text) : null;
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const wallClock = wallClockText(y!, mo!, d!, h!, mi!, s!);
  if (!wallClock) return null;
  if (!match[7]) return wallClock;
  const zone = utcOffset(match[7]);
  return zone ? wallClock + zone : null;
}

/** SPEC §5: a video without a date of its own is dated by the file's last-modified time (UTC). */
export function withFileDateFallback(
  meta: MediaMetadata,
  lastModifiedMs: number | null | undefined,
): MediaMetadata {
  if (meta.dateTaken !== null || typeof lastModifiedMs !== 'number' || !(lastModifiedMs > 0)) return meta;
  const dateTaken = isoUtc(lastModifiedMs);
  return dateTaken ? { ...meta, dateTaken, dateSource: 'file' } : meta;
}
