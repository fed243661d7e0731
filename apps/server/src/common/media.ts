// What other modules may read of a traveller's media, without importing the media module: the media
// module's MediaRepository implements it; app.ts hands it to the others.
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { MediaTable } from '../db/schema.js';

/** A media item as stored. */
export type StoredMedia = Selectable<MediaTable>;

export interface Usage {
  /** Bytes of ready media. */
  readyBytes: number;
  /**
   * Bytes declared by pending uploads whose link is still valid, reserved so parallel uploads cannot
   * overshoot, plus those of S3 links whose upload is gone, until the sweep has cleared them.
   */
  reservedBytes: number;
  mediaCount: number;
}

/** One traveller's ready media, counted for their figures. */
export interface MediaTally {
  media: number;
  /** Dated by the camera (EXIF or the video's own date), not by the file. */
  cameraDated: number;
  /** Carrying a location that verified their pin. */
  gpsVerified: number;
}

export interface TravellerMedia {
  usage(userId: string, now: number): Promise<Usage>;
  /** The ready media of the traveller, by pin, then as they were uploaded. */
  readyOf(userId: string): Promise<StoredMedia[]>;
  /** The users' ready media counted per user (users without any are absent); `within` is the caller's transaction. */
  tallies(userIds: readonly string[], within?: Db): Promise<Map<string, MediaTally>>;
  /** Every storage key the traveller's media items may have, whatever their status. */
  objectKeysOf(userId: string): Promise<string[]>;
}
