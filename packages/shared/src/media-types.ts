// The photo and video types Waymarks accepts (SPEC.md §5), one table for both sides: the server sniffs
// the bytes against it, the uploader's picker, drop filter and messages are built from it. Free of zod.

export type MediaKind = 'image' | 'video';

export interface AcceptedType {
  mime: string;
  kind: MediaKind;
  /**
   * Types in one family count as the same declared type: their signatures overlap, so what a browser
   * declares and what the bytes say can legitimately differ within a family.
   */
  family: string;
  /** Other spellings browsers, phones and file-type use for the same thing. */
  aliases: readonly string[];
  /** Lower-case, without the dot; used only when the browser declares no type. */
  extensions: readonly string[];
  /** For messages: "found a HEIC image". */
  label: string;
  /** How lists of accepted types call it; absent when another entry's name covers it (HEIF under HEIC). */
  name?: string;
  /** SPEC.md §5 names it in the uploader ('JPG, PNG, GIF, MP4, MOV, AVI'). */
  spec?: boolean;
  /** Most browsers hand such a file over with an empty type: its first extension tells. */
  typeless?: boolean;
}

// HEIC, HEIF and AVIF share the HEIF container and the `mif1` brand, and file-type only reads the major
// brand, so an .avif from some encoders sniffs as image/heif. MP4, M4V and QuickTime likewise share the
// ISO box format and phones use either brand for the same recording.
export const ACCEPTED_MEDIA_TYPES: readonly AcceptedType[] = [
  {
    mime: 'image/jpeg',
    name: 'JPG',
    spec: true,
    kind: 'image',
    family: 'jpeg',
    aliases: ['image/jpg', 'image/pjpeg', 'image/jfif', 'image/pjp'],
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif', 'pjpeg', 'pjp'],
    label: 'a JPEG image',
  },
  {
    mime: 'image/png',
    name: 'PNG',
    spec: true,
    kind: 'image',
    family: 'png',
    aliases: ['image/x-png', 'image/apng'],
    extensions: ['png', 'apng'],
    label: 'a PNG image',
  },
  {
    mime: 'image/gif',
    name: 'GIF',
    spec: true,
    kind: 'image',
    family: 'gif',
    aliases: [],
    extensions: ['gif'],
    label: 'a GIF image',
  },
  {
    mime: 'image/webp',
    name: 'WebP',
    kind: 'image',
    family: 'webp',
    aliases: ['image/x-webp'],
    extensions: ['webp'],
    label: 'a WebP image',
  },
  {
    mime: 'image/heic',
    name: 'HEIC',
    typeless: true,
    kind: 'image',
    family: 'heif',
    aliases: ['image/x-heic'],
    extensions: ['heic'],
    label: 'a HEIC image',
  },
  {
    mime: 'image/heif',
    typeless: true,
    kind: 'image',
    family: 'heif',
    aliases: ['image/x-heif'],
    extensions: ['heif', 'hif'],
    label: 'a HEIF image',
  },
  {
    mime: 'image/avif',
    name: 'AVIF',
    kind: 'image',
    family: 'heif',
    aliases: [],
    extensions: ['avif'],
    label: 'an AVIF image',
  },
  {
    mime: 'video/mp4',
    name: 'MP4',
    spec: true,
    kind: 'video',
    family: 'iso-video',
    aliases: ['video/x-m4v', 'video/m4v', 'video/mpeg4', 'application/mp4'],
    extensions: ['mp4', 'm4v'],
    label: 'an MP4 video',
  },
  {
    mime: 'video/quicktime',
    name: 'MOV',
    spec: true,
    kind: 'video',
    family: 'iso-video',
    aliases: ['video/mov', 'video/x-quicktime'],
    extensions: ['mov', 'qt'],
    label: 'a QuickTime video',
  },
  {
    mime: 'video/x-msvideo',
    name: 'AVI',
    spec: true,
    kind: 'video',
    family: 'avi',
    aliases: ['video/avi', 'video/msvideo', 'video/vnd.avi', 'video/x-avi'],
    extensions: ['avi'],
    label: 'an AVI video',
  },
];

/** 'JPG, PNG, GIF, WebP, HEIC, AVIF, MP4, MOV, AVI': every accepted type, by the name people know it by. */
export const ACCEPTED_TYPE_NAMES = ACCEPTED_MEDIA_TYPES.flatMap((type) =>
  type.name ? [type.name] : [],
).join(', ');

/** The types SPEC.md §5 lists in the uploader: 'JPG, PNG, GIF, MP4, MOV, AVI'. */
export const MEDIA_LISTED_TYPES = ACCEPTED_MEDIA_TYPES.flatMap((type) =>
  type.spec && type.name ? [type.name] : [],
).join(', ');

/** Extensions of the types browsers leave untyped (HEIC, HEIF): the picker lists them, the drop filter reads them. */
const TYPELESS_EXTENSIONS = ACCEPTED_MEDIA_TYPES.flatMap((type) =>
  type.typeless && type.extensions[0] ? [type.extensions[0]] : [],
);

/** What the upload picker lists (SPEC.md §5 names JPG, PNG, GIF, MP4, MOV, AVI; the rest come from phones). */
export const MEDIA_PICKER_ACCEPT = [
  'image/*',
  'video/*',
  ...TYPELESS_EXTENSIONS.map((ext) => `.${ext}`),
].join(',');

/** The browser accepts what begins with image/ or video/ (SPEC.md §5); the server checks the bytes. */
function isMediaFileType(type: string): boolean {
  return type.startsWith('image/') || type.startsWith('video/');
}

/** A file the uploader takes: typed as a photo or video, or untyped with a HEIC or HEIF name. */
export function isMediaFileName(type: string, filename: string): boolean {
  if (isMediaFileType(type)) return true;
  const dot = filename.lastIndexOf('.');
  return !type && dot >= 0 && TYPELESS_EXTENSIONS.includes(filename.slice(dot + 1).toLowerCase());
}
