// Where a media item's objects live. Keys are chosen by the server: nothing the browser sends (not even
// the filename) becomes part of a path.

export interface MediaKeys {
  /**
   * Where the browser's PUT lands: the only key an upload link can write. `complete` moves it to
   * `original` before checking anything, so no link can change an original once it has been checked.
   */
  upload: string;
  /** The file as uploaded, byte for byte, moved here by `complete`. */
  original: string;
  /** 400×400 WebP, metadata stripped. */
  thumbnail: string;
  /** Screen-sized WebP of a photo, or a video's poster frame, metadata stripped. */
  preview: string;
}

export const MEDIA_PREFIX = 'media/';

export function mediaKeys(userId: string, mediaId: string): MediaKeys {
  const base = `${MEDIA_PREFIX}${userId}/${mediaId}/`;
  return {
    upload: `${base}upload`,
    original: `${base}original`,
    thumbnail: `${base}thumb.webp`,
    preview: `${base}preview.webp`,
  };
}

/** Every object one media item may have: what deleting it removes. */
export function objectKeys(keys: MediaKeys): string[] {
  return [keys.upload, keys.original, keys.thumbnail, keys.preview];
}

/** The objects of a ready media item: its original and derivatives (its upload has been moved). */
export function readyObjectKeys(keys: MediaKeys): string[] {
  return [keys.original, keys.thumbnail, keys.preview];
}

export interface ParsedMediaKey {
  userId: string;
  mediaId: string;
  /** Which object of the item the key names. */
  object: 'upload' | 'original' | 'thumbnail' | 'preview';
}

const OBJECT_BY_NAME = {
  upload: 'upload',
  original: 'original',
  'thumb.webp': 'thumbnail',
  'preview.webp': 'preview',
} as const;

/** What a stored key names, or undefined for a key that is not a media object. */
export function parseMediaKey(key: string): ParsedMediaKey | undefined {
  const match = /^media\/([^/]+)\/([^/]+)\/(upload|original|thumb\.webp|preview\.webp)$/.exec(key);
  if (!match) return undefined;
  const [, userId, mediaId, name] = match as unknown as [string, string, string, keyof typeof OBJECT_BY_NAME];
  return { userId, mediaId, object: OBJECT_BY_NAME[name] };
}

/** The media id a stored key belongs to, or undefined for a key that is not a media object. */
export function mediaIdOfKey(key: string): string | undefined {
  return parseMediaKey(key)?.mediaId;
}
