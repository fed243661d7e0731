// Photos: exifr's output made into MediaMetadata, on the server and in the browser alike.
import { emptyMediaMetadata, type DateSource, type MediaLocation, type MediaMetadata } from './types.js';
import { cleanText, locationOf, positiveNumber, utcOffset, wallClockText } from './values.js';

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
