// Where a media item's objects live. Keys are chosen by the server: nothing the browser sends (not even
// the filename) becomes part of a path.

export interface MediaKeys {
  /** The file as uploaded, byte for byte. */
  original: string;
  /** 400×400 WebP, metadata stripped. */
  thumbnail: string;
  /** Screen-sized WebP of a photo, or a video's poster frame, metadata stripped. */
  preview: string;
}

export const MEDIA_PREFIX = 'media/';

export function mediaKeys(userId: string, mediaId: string): MediaKeys {
  const base = `${MEDIA_PREFIX}${userId}/${mediaId}/`;
  return { original: `${base}original`, thumbnail: `${base}thumb.webp`, preview: `${base}preview.webp` };
}

/** Every object of one media item: what deleting it removes. */
export function objectKeys(keys: MediaKeys): string[] {
  return [keys.original, keys.thumbnail, keys.preview];
}

/** The media id a stored key belongs to, or undefined for a key that is not a media object. */
export function mediaIdOfKey(key: string): string | undefined {
  const match = /^media\/[^/]+\/([^/]+)\/(original|thumb\.webp|preview\.webp)$/.exec(key);
  return match?.[1];
}
