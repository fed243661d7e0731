// What a photo or video says about when, where and with what it was taken (SPEC §5 "Upload").

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

export function emptyMediaMetadata(): MediaMetadata {
  return { dateTaken: null, dateSource: null, location: null, cameraMake: null, cameraModel: null };
}
