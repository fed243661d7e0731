// What other modules may read or remove of a traveller's pins, without importing the pins module: the
// pins module's PinsRepository implements it; app.ts hands it to the others.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { PinsTable } from '../db/schema.js';
import type { CountryTally } from './travel-figures.js';

/** A pin as stored. */
export type StoredPin = Selectable<PinsTable>;

/** The columns of a pin a travel page reads: where and when, and its two share switches. */
export type SharedPinColumns = Pick<
  StoredPin,
  | 'id'
  | 'title'
  | 'lat'
  | 'lng'
  | 'country_code'
  | 'country_name'
  | 'city'
  | 'visit_date'
  | 'share_photos'
  | 'share_hidden'
>;

/** A traveller's pins of one country code, counted. */
export interface PinCountryCount {
  countryCode: string;
  countryName: string;
  pinCount: number;
  mediaCount: number;
}

/** A traveller's pins of one place (city and country), counted. */
export interface PinPlaceCount {
  city: string;
  countryCode: string;
  countryName: string;
  visitDate: string | null;
  mediaCount: number;
}

export interface TravellerPins {
  /** Every pin of the traveller, oldest first, as they were made. */
  allOf(userId: string): Promise<StoredPin[]>;
  /** The same pins, only the columns a travel page reads: a tenth of the bytes of 10,000 rows. */
  sharedColumnsOf(userId: string): Promise<SharedPinColumns[]>;
  countByUser(userId: string): Promise<number>;
  /** A number every change of the traveller's pins moves (migration 0010): what a copy of them is kept by. */
  listVersion(userId: string): Promise<number>;
  /** The pin when it exists and is the traveller's; undefined otherwise (either way is answered 404). */
  findOwned(userId: string, pinId: string): Promise<StoredPin | undefined>;
  /** Deletes the traveller's pin (its media rows cascade); false when there was none. */
  deleteOwned(userId: string, pinId: string): Promise<boolean>;
  /** The users' pins tallied per country code; `within` is the caller's transaction. */
  countryTallies(userIds: readonly string[], within?: Db): Promise<CountryTally[]>;
  /** How many distinct places (city and country) each user's pins reach; users without one are absent. */
  cityCounts(userIds: readonly string[], within?: Db): Promise<Map<string, number>>;
  /** The traveller's pins per real country code ('XX' at sea is no country). */
  countryCounts(userId: string): Promise<PinCountryCount[]>;
  /** The traveller's pins per place (city and country); pins with no place do not count. */
  placeCounts(userId: string): Promise<PinPlaceCount[]>;
  /** The traveller's dated pins, newest visit first, those of one day in the order they were made. */
  datedPins(userId: string): Promise<Pick<StoredPin, 'visit_date' | 'title' | 'media_count'>[]>;
  /**
   * Removes the number kept for the traveller's pin list (migration 0010): the pins' triggers write it as
   * the pins go, and it names no table it could cascade from. `within` is the caller's transaction.
   */
  forgetListVersion(userId: string, within?: Db): Promise<void>;
}

/** Where a pin is, and the import that made it, if one did. */
export interface PinPosition {
  pinId: string;
  lat: number;
  lng: number;
  countryCode: string;
  importId: string | null;
}

/** What an import reads and writes of a traveller's pins (modules/imports), without importing the pins module. */
export interface ImportedPins {
  countByUser(userId: string): Promise<number>;
  /** Where each of the traveller's pins is: what an import's places are matched against. */
  positionsOf(userId: string): Promise<PinPosition[]>;
  /**
   * Stores the pins, each once: a row whose request key the traveller already made a pin with stores
   * nothing, so a batch written again after a crash doubles none. Answers the pin id of every request key.
   */
  insertOnce(rows: readonly Insertable<PinsTable>[]): Promise<Map<string, string>>;
  /** Of the pins each of the traveller's imports made, how many have photos or videos: by import id. */
  pinsWithMediaByImport(userId: string): Promise<Map<string, number>>;
  /** The pins the import made that are still there, with how many photos and videos each has. */
  madeByImport(userId: string, importId: string): Promise<{ id: string; mediaCount: number }[]>;
  /**
   * Deletes the import's pins without a photo or video (an upload still pending goes with its pin, and the
   * media sweep removes what it stored); answers how many.
   */
  deleteImportedWithoutMedia(userId: string, importId: string): Promise<number>;
}
