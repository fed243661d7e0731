// When, where and with what a photo or video was taken (SPEC §5 "Upload"), read the same way on the server
// and in the browser: photos through exifr's output, videos through a small ISO-BMFF/QuickTime box reader.
// Browser-safe on purpose: no Node APIs and no zod, so the upload dialog can load it on its own.

export const DATE_SOURCES = ['original', 'datetime', 'create', 'creation', 'file'] as const;
export type DateSource = (typeof DATE_SOURCES)[number];

export function isDateSource(value: string | null): value is DateSource {
  return value !== null && (DATE_SOURCES as readonly string[]).includes(value);
}

export interface MediaLocation {
  lat: number;
  lng: number;
  /** Horizontal accuracy in metres, when the device recorded one. */
  accuracy: number | null;
}

export interface MediaMetadata {
  /** ISO 8601. Photo EXIF dates are local wall-clock time: 'YYYY-MM-DDTHH:MM:SS' with the offset appended when EXIF gives one (OffsetTimeOriginal etc.); video dates keep their zone or are UTC ('Z'). null when none. */
  dateTaken: string | null;
  dateSource: DateSource | null;
  location: MediaLocation | null;
  cameraMake: string | null;
  cameraModel: string | null;
}

export type VideoMetadata = Omit<MediaMetadata, 'dateTaken' | 'dateSource'> & {
  dateTaken: string | null;
  dateSource: 'creation' | null;
};

/** Reads `length` bytes at `offset`; may answer fewer at the end of the file. */
export type ReadRange = (offset: number, length: number) => Promise<Uint8Array>;

export function emptyMediaMetadata(): MediaMetadata {
  return { dateTaken: null, dateSource: null, location: null, cameraMake: null, cameraModel: null };
}

// ---------------------------------------------------------------------------------------------------
// Photos: exifr output.

/**
 * The exifr options both sides use: only the tags below are decoded, and dates stay the camera's text
 * (reviveValues: false) because exifr would otherwise build Date objects in the reading process's time zone.
 */
export const EXIFR_OPTIONS = {
  tiff: true,
  ifd0: { pick: ['Make', 'Model', 'ModifyDate'] },
  exif: {
    pick: ['DateTimeOriginal', 'CreateDate', 'OffsetTime', 'OffsetTimeOriginal', 'OffsetTimeDigitized'],
  },
  gps: {
    pick: ['GPSLatitudeRef', 'GPSLatitude', 'GPSLongitudeRef', 'GPSLongitude', 'GPSHPositioningError'],
  },
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  translateKeys: true,
  translateValues: false,
  reviveValues: false,
  sanitize: true,
  mergeOutput: true,
  silentErrors: true,
};

// SPEC §5: original date, then DateTime, then CreateDate. exifr names DateTime 'ModifyDate' and
// DateTimeDigitized 'CreateDate'; the EXIF names are accepted too for output of other readers.
const EXIF_DATES: ReadonlyArray<{ source: DateSource; tags: string[]; offsetTag: string }> = [
  { source: 'original', tags: ['DateTimeOriginal'], offsetTag: 'OffsetTimeOriginal' },
  { source: 'datetime', tags: ['DateTime', 'ModifyDate'], offsetTag: 'OffsetTime' },
  { source: 'create', tags: ['CreateDate', 'DateTimeDigitized'], offsetTag: 'OffsetTimeDigitized' },
];

/** Normalises exifr output (parsed with EXIFR_OPTIONS or similar) into MediaMetadata. */
export function metadataFromExif(tags: Record<string, unknown> | null | undefined): MediaMetadata {
  if (!tags || typeof tags !== 'object') return emptyMediaMetadata();
  let dateTaken: string | null = null;
  let dateSource: DateSource | null = null;
  for (const { source, tags: names, offsetTag } of EXIF_DATES) {
    const wallClock = names.map((name) => exifDateTime(tags[name])).find((value) => value !== null);
    if (!wallClock) continue;
    dateTaken = wallClock + (utcOffset(tags[offsetTag]) ?? '');
    dateSource = source;
    break;
  }
  return {
    dateTaken,
    dateSource,
    location: exifLocation(tags),
    cameraMake: cleanText(tags.Make),
    cameraModel: cleanText(tags.Model),
  };
}

const EXIF_DATE_TIME = /^\s*(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

function exifDateTime(value: unknown): string | null {
  // Date objects come from exifr with reviveValues on, built from the wall-clock fields in local time.
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return wallClockText(
      value.getFullYear(),
      value.getMonth() + 1,
      value.getDate(),
      value.getHours(),
      value.getMinutes(),
      value.getSeconds(),
    );
  }
  if (typeof value !== 'string') return null;
  const match = EXIF_DATE_TIME.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  return wallClockText(y!, mo!, d!, h!, mi!, s!);
}

/** 'YYYY-MM-DDTHH:MM:SS', or null for impossible values such as the '0000:00:00 00:00:00' cameras write. */
function wallClockText(y: number, mo: number, d: number, h: number, mi: number, s: number): string | null {
  if (y < 1800 || y > 2999 || mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return null;
  if (d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}`;
}

const UTC_OFFSET = /^\s*([+-])(\d{2}):?(\d{2})?\s*$/;

/** '+02:00' style, from '+02:00', '+0200', '+02' or 'Z'. */
function utcOffset(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.trim().toUpperCase() === 'Z') return 'Z';
  const match = UTC_OFFSET.exec(value);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 14 || minutes > 59) return null;
  return `${match[1]}${match[2]}:${match[3] ?? '00'}`;
}

function exifLocation(tags: Record<string, unknown>): MediaLocation | null {
  const accuracy = positiveNumber(tags.GPSHPositioningError);
  // exifr computes latitude/longitude (already signed by the references) when both GPS values exist.
  if (typeof tags.latitude === 'number' && typeof tags.longitude === 'number') {
    return locationOf(tags.latitude, tags.longitude, accuracy);
  }
  const lat = dmsDegrees(tags.GPSLatitude, tags.GPSLatitudeRef, 'S');
  const lng = dmsDegrees(tags.GPSLongitude, tags.GPSLongitudeRef, 'W');
  return lat === null || lng === null ? null : locationOf(lat, lng, accuracy);
}

/** Degrees from a number or [degrees, minutes, seconds]; the S or W reference makes it negative. */
function dmsDegrees(value: unknown, ref: unknown, negativeRef: 'S' | 'W'): number | null {
  let degrees: number;
  if (typeof value === 'number') {
    degrees = value;
  } else if (Array.isArray(value) && value.length >= 1 && value.length <= 3) {
    if (!value.every((part) => typeof part === 'number' && Number.isFinite(part))) return null;
    const [d = 0, m = 0, s = 0] = value as number[];
    degrees = d + m / 60 + s / 3600;
  } else {
    return null;
  }
  if (typeof ref !== 'string' || ref.trim() === '') return degrees;
  return ref.trim().toUpperCase().startsWith(negativeRef) ? -Math.abs(degrees) : Math.abs(degrees);
}

/** SPEC §5: coordinates count only when truthy, so 0 (or NaN) on either axis means no location. */
function locationOf(lat: number, lng: number, accuracy: number | null): MediaLocation | null {
  if (!lat || !lng || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng, accuracy };
}

function positiveNumber(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Cameras pad fixed-size fields with NULs.
  const text = value.replaceAll('\0', '').trim();
  return text ? text.slice(0, 100) : null;
}

// ---------------------------------------------------------------------------------------------------
// ISO 6709, the location text of phones and cameras in videos.

const ISO6709 = /^\s*([+-])(\d+)(\.\d+)?([+-])(\d+)(\.\d+)?(?:[+-]\d+(?:\.\d+)?)?(?:CRS[\w:.-]*)?\/?\s*$/;

/** '+35.6586+139.7454/', '+48.8584+002.2945+035.000/', or the ±DDMM(.m) and ±DDMMSS(.s) forms. */
export function parseIso6709(text: string): MediaLocation | null {
  const match = ISO6709.exec(text);
  if (!match) return null;
  const lat = iso6709Angle(match[2]!, match[3], 2);
  const lng = iso6709Angle(match[5]!, match[6], 3);
  if (lat === null || lng === null) return null;
  return locationOf(match[1] === '-' ? -lat : lat, match[4] === '-' ? -lng : lng, null);
}

/** The length of the integer part says the form: degrees, degrees+minutes, or degrees+minutes+seconds. */
function iso6709Angle(whole: string, fraction: string | undefined, degreeDigits: number): number | null {
  const frac = fraction ?? '';
  if (whole.length <= degreeDigits) return Number(whole + frac);
  const degrees = Number(whole.slice(0, degreeDigits));
  const minutes = whole.slice(degreeDigits, degreeDigits + 2);
  if (whole.length === degreeDigits + 2) {
    const m = Number(minutes + frac);
    return m < 60 ? degrees + m / 60 : null;
  }
  if (whole.length === degreeDigits + 4) {
    const s = Number(whole.slice(degreeDigits + 2) + frac);
    return Number(minutes) < 60 && s < 60 ? degrees + Number(minutes) / 60 + s / 3600 : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Reading untrusted files, shared by videos and photos. Every size in a file is untrusted: no read is larger
// than MAX_READ, the number of box headers is bounded, and every loop moves forward.

const MAX_READ = 4 * 1024 * 1024;
const MAX_BOXES = 4096;
// Containers up to this size are read in one go, so the boxes inside them cost no further reads.
const PREFETCH_LIMIT = 256 * 1024;
// Payloads we decode are short texts and numbers; anything bigger (cover art, thumbnails) is skipped.
const MAX_VALUE = 64 * 1024;

class ByteSource {
  private window: Uint8Array = new Uint8Array(0);
  private windowStart = 0;
  boxesRead = 0;

  constructor(
    private readonly read: ReadRange,
    readonly size: number,
  ) {}

  /** Exactly `length` bytes at `offset`, or null when they are not all in the file. */
  async bytes(offset: number, length: number): Promise<Uint8Array | null> {
    const held = this.held(offset, length);
    if (held) return held;
    if (!(offset >= 0 && length >= 0 && length <= MAX_READ && offset + length <= this.size)) return null;
    const got = await this.read(offset, length);
    return got.length >= length ? got.subarray(0, length) : null;
  }

  /** The bytes when they are already in memory; walking a container held whole then costs no awaits. */
  held(offset: number, length: number): Uint8Array | null {
    const from = offset - this.windowStart;
    if (from < 0 || length < 0 || from + length > this.window.length) return null;
    return this.window.subarray(from, from + length);
  }

  async prefetch(start: number, end: number): Promise<void> {
    if (end <= start || end - start > PREFETCH_LIMIT) return;
    const from = start - this.windowStart;
    if (from >= 0 && end - this.windowStart <= this.window.length) return; // already held
    const got = await this.bytes(start, end - start);
    if (got) {
      this.window = got;
      this.windowStart = start;
    }
  }
}

interface Box {
  type: string;
  /** Where the payload starts (after the 8- or 16-byte header). */
  start: number;
  end: number;
}

/**
 * The boxes between start and end, header by header, up to the first of type `until` if given.
 * Size 1 = a 64-bit size follows; size 0 = to the end.
 */
async function boxesIn(src: ByteSource, start: number, end: number, until?: string): Promise<Box[]> {
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
    boxes.push({ type, start: offset + headerSize, end: Math.min(offset + size, end) });
    if (type === until) break;
    offset += size;
  }
  return boxes;
}

async function payload(src: ByteSource, box: Box, limit = MAX_VALUE): Promise<Uint8Array | null> {
  const length = box.end - box.start;
  return length <= limit ? src.bytes(box.start, length) : null;
}

const u32 = (b: Uint8Array, at: number) =>
  at + 4 <= b.length ? ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0 : 0;
const u16 = (b: Uint8Array, at: number) => (at + 2 <= b.length ? (b[at]! << 8) | b[at + 1]! : 0);
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));
// Both browsers and Node have TextDecoder; this package compiles without DOM or Node types, so it is
// declared here for this module only.
declare const TextDecoder: new (label: 'utf-8' | 'utf-16be') => { decode(input: Uint8Array): string };
const utf8 = new TextDecoder('utf-8');

// ---------------------------------------------------------------------------------------------------
// Videos (MP4, MOV, 3GP): moov → mvhd, udta (©xyz, loci, ©day, ©mak, ©mod, meta) and meta (Apple keys).

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
  if (type === 2) return new TextDecoder('utf-16be').decode(value);
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

function isoUtc(ms: number): string | null {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  // Also keeps toISOString in its four-digit-year form.
  return year >= 1800 && year <= 2999 ? `${date.toISOString().slice(0, 19)}Z` : null;
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

// ---------------------------------------------------------------------------------------------------
// Finding a photo's EXIF block, so that exifr parses only those bytes.

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
  const top = (await boxesIn(src, 0, src.size, 'meta')).find((box) => box.type === 'meta');
  if (!top) return null;
  await src.prefetch(top.start, top.end);
  let iinf: Box | null = null;
  let iloc: Uint8Array | null = null;
  let idat: Box | null = null;
  // meta is a full box: 4 bytes of version and flags before its children.
  for (const box of await boxesIn(src, top.start + 4, top.end)) {
    if (box.type === 'iinf') iinf = box;
    else if (box.type === 'iloc') iloc = await payload(src, box, MAX_READ);
    else if (box.type === 'idat') idat = box;
  }
  const itemId = iinf ? await exifItemId(src, iinf) : null;
  const location = iloc && itemId !== null ? itemLocation(iloc, itemId) : null;
  if (!location) return null;
  const base = location.method === 1 ? idat : { start: 0, end: src.size };
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

interface ItemLocation {
  /** 0: offsets in the file; 1: offsets in meta's idat; 2: in another item (not followed). */
  method: number;
  extents: Array<[offset: number, length: number]>;
}

/** iloc, versions 0 to 2: field sizes in nibbles, then per item its base offset and extents. */
function itemLocation(b: Uint8Array, wanted: number): ItemLocation | null {
  if (b.length < 8) return null;
  const version = b[0]!;
  const offsetSize = b[4]! >> 4;
  const lengthSize = b[4]! & 15;
  const baseOffsetSize = b[5]! >> 4;
  const indexSize = version === 1 || version === 2 ? b[5]! & 15 : 0;
  const sizes = [offsetSize, lengthSize, baseOffsetSize, indexSize];
  if (!sizes.every((size) => size === 0 || size === 4 || size === 8) || offsetSize + lengthSize === 0)
    return null;
  // Version 2 widens the item count and the item ids from 2 to 4 bytes.
  const idSize = version === 2 ? 4 : 2;
  const count = idSize === 4 ? u32(b, 6) : u16(b, 6);
  let at = 6 + idSize;
  for (let item = 0; item < count && at + idSize <= b.length; item += 1) {
    const id = idSize === 4 ? u32(b, at) : u16(b, at);
    at += idSize;
    let method = 0;
    if (version === 1 || version === 2) {
      method = u16(b, at) & 15;
      at += 2;
    }
    at += 2; // data reference index
    const base = uint(b, at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = u16(b, at);
    at += 2;
    const extentSize = indexSize + offsetSize + lengthSize;
    if (at + extentCount * extentSize > b.length) return null;
    if (id !== wanted) {
      at += extentCount * extentSize;
      continue;
    }
    const extents: ItemLocation['extents'] = [];
    for (let extent = 0; extent < extentCount; extent += 1) {
      at += indexSize;
      const offset = uint(b, at, offsetSize);
      const length = uint(b, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      // Length 0 means "to the end of the file": never an EXIF block.
      if (length === 0) return null;
      extents.push([base + offset, length]);
    }
    return extents.length > 0 ? { method, extents } : null;
  }
  return null;
}

const uint = (b: Uint8Array, at: number, size: number) =>
  size === 8 ? u32(b, at) * 2 ** 32 + u32(b, at + 4) : size === 4 ? u32(b, at) : 0;

function joined(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
