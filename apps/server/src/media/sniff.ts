// Which photo and video types Waymarks accepts, and what a stored file really is, judged by its bytes.
import { fileTypeFromBuffer } from 'file-type';
import type { ReadRange } from '@waymarks/shared';
import { withFileRanges } from './file-ranges.js';
import { ACCEPTED_MEDIA_TYPES, type AcceptedType, type MediaKind } from '@waymarks/shared';
import { UnprocessableMedia } from './unprocessable.js';

export type { AcceptedType, MediaKind } from '@waymarks/shared';
/** The accepted types, from the table both sides share. */
export const ACCEPTED_TYPES = ACCEPTED_MEDIA_TYPES;

export interface SniffedType {
  /** Canonical MIME type: one of ACCEPTED_TYPES' `mime`. */
  mime: string;
  kind: MediaKind;
}

const BY_MIME = new Map<string, AcceptedType>(
  ACCEPTED_TYPES.flatMap((type) => [type.mime, ...type.aliases].map((mime) => [mime, type] as const)),
);
const BY_EXTENSION = new Map<string, AcceptedType>(
  ACCEPTED_TYPES.flatMap((type) => type.extensions.map((ext) => [ext, type] as const)),
);

/** Names for what people actually try to upload instead of a photo, so the refusal says what was found. */
const OTHER_LABELS: Record<string, string> = {
  'application/x-msdownload': 'a Windows executable',
  'application/x-elf': 'a Linux executable',
  'application/x-mach-binary': 'a macOS executable',
  'application/x-sh': 'a shell script',
  'application/pdf': 'a PDF document',
  'application/zip': 'a ZIP archive',
  'application/gzip': 'a gzip archive',
  'application/x-rar-compressed': 'a RAR archive',
  'application/x-7z-compressed': 'a 7-Zip archive',
  'application/xml': 'an XML document',
  'text/html': 'an HTML page',
  'image/svg+xml': 'an SVG image',
  'image/heif-sequence': 'a HEIF image sequence',
  'image/heic-sequence': 'a HEIC image sequence',
  'image/tiff': 'a TIFF image',
  'image/bmp': 'a BMP image',
  'video/3gpp': 'a 3GP video',
  'video/x-matroska': 'a Matroska video',
  'video/webm': 'a WebM video',
};

/** The part of the type before any parameters, lower-cased: "Image/JPEG; q=1" is image/jpeg. */
function essence(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0
    ? ''
    : filename
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}

/**
 * The canonical accepted type for what a browser declared, or undefined when it is not one we accept.
 * Browsers send '' (Chrome and Firefox for .heic) or application/octet-stream for types they do not
 * know; only then does the file name decide, since a declared type is the browser's considered answer.
 */
export function normalizeDeclaredType(declared: string, filename: string): string | undefined {
  const mime = essence(declared);
  if (mime === '' || mime === 'application/octet-stream') {
    return BY_EXTENSION.get(extensionOf(filename))?.mime;
  }
  return BY_MIME.get(mime)?.mime;
}

/** Whether the bytes are what was declared, allowing the overlaps between signatures within a family. */
export function declaredTypeMatches(declared: string, sniffed: SniffedType): boolean {
  const claimed = BY_MIME.get(essence(declared));
  const found = BY_MIME.get(essence(sniffed.mime));
  return claimed !== undefined && found !== undefined && claimed.family === found.family;
}

/** file-type reads at most this many bytes for the formats we care about. */
const SNIFF_BYTES = 4100;

/**
 * What the bytes behind `read` really are, from the first of them: one read of SNIFF_BYTES, so a stored
 * object is never fetched whole to learn its type. Throws UnprocessableMedia for an empty file and for
 * anything that is not an accepted photo or video (SVG and HTML included: they can carry scripts).
 * With `declared`, a file that is something else than declared is refused with a message naming both.
 */
export async function sniff(read: ReadRange, declared?: string): Promise<SniffedType> {
  const head = Buffer.from(await read(0, SNIFF_BYTES));
  if (head.length === 0) throw new UnprocessableMedia('empty', 'is empty');

  const detected = await fileTypeFromBuffer(head);
  const accepted = detected ? BY_MIME.get(detected.mime) : undefined;
  if (accepted) {
    const sniffed: SniffedType = { mime: accepted.mime, kind: accepted.kind };
    if (declared !== undefined && !declaredTypeMatches(declared, sniffed)) {
      throw mismatch(declared, accepted.label);
    }
    return sniffed;
  }

  // An SVG with an XML prolog is application/xml to file-type; say what it really is.
  const mime =
    !detected || detected.mime === 'application/xml' ? (textTypeOf(head) ?? detected?.mime) : detected.mime;
  const label = mime ? (OTHER_LABELS[mime] ?? `a ${detected?.ext.toUpperCase() ?? mime} file`) : undefined;
  if (declared !== undefined && label) throw mismatch(declared, label);
  throw new UnprocessableMedia(
    'unsupported-type',
    label ? `is ${label}, not a photo or video we can read` : 'is not a photo or video we can read',
  );
}

/** '… is an HTML page, not the photo it claims to be': what it is, in a traveller's words. */
function mismatch(declared: string, found: string): UnprocessableMedia {
  const kind = BY_MIME.get(essence(declared))?.kind;
  const claimed = kind === 'video' ? 'the video' : kind === 'image' ? 'the photo' : 'a photo or video';
  return new UnprocessableMedia('type-mismatch', `is ${found}, not ${claimed} it claims to be`);
}

/** sniff() of a file on disk. */
export function sniffFile(file: string, declared?: string): Promise<SniffedType> {
  return withFileRanges(file, ({ read }) => sniff(read, declared));
}

/**
 * file-type deliberately does not guess text formats; these are the ones worth naming in a refusal
 * because they are how script gets smuggled in under a photo's name.
 */
function textTypeOf(head: Buffer): string | undefined {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (!text.startsWith('<')) return undefined;
  if (text.includes('<svg')) return 'image/svg+xml';
  if (/<(!doctype html|html|head|body|script|iframe)[\s>]/.test(text)) return 'text/html';
  if (text.startsWith('<?xml')) return 'application/xml';
  return undefined;
}
