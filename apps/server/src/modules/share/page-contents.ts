// What a travel page shows, as the service reads it from the rows (share.service.ts) and share-page.ts
// writes it: its parts, its places rounded to about a kilometre, their photos by their keys.
import { sharedPosition } from '@waymarks/shared';
import type { SharedPinColumns } from '../../common/pins.js';
import type { ShareRow } from './share.repository.js';

/** A switch of the share row or a pin, kept as 0 or 1 on both databases. */
export const bool = (value: number) => value === 1;

/** The page's parts, as the settings name them and as the row stores them. */
export const SECTION_COLUMNS = {
  showMap: 'show_map',
  showStats: 'show_stats',
  showTimeline: 'show_timeline',
  showAvatar: 'show_avatar',
  showPhotos: 'show_photos',
} as const;

export type ShareSections = Record<keyof typeof SECTION_COLUMNS, boolean>;

export interface SharedPhoto {
  /** The photo's address on the page: /t/{token}/photos/{key}.webp. */
  key: string;
  width: number | null;
  height: number | null;
  video: boolean;
}

export interface SharedPlace {
  title: string;
  lat: number;
  lng: number;
  countryCode: string;
  countryName: string;
  city: string;
  visitDate: string | null;
  photos: SharedPhoto[];
}

/** What the page at a token shows, read from the rows as they are (and kept per version: keptPage). */
export interface SharedPage {
  token: string;
  displayName: string;
  indexable: boolean;
  sections: ShareSections;
  places: SharedPlace[];
  /**
   * The codes the places carry, a territory as itself (French Guiana is GF): what the map fills. The
   * count of the 195 is `stats.countries`, from the rules the dashboard counts by.
   */
  countries: string[];
  stats: { countries: number; countriesTotal: number; cities: number; continents: number; places: number };
  hasAvatar: boolean;
}

export type PhotoSize = 'preview' | 'thumbnail';

/** A stored object the page may send: a photo's derivative or the avatar's render. */
export interface SharedObject {
  key: string;
  contentType: string;
  etag: string;
}

export function allSections(value: boolean): ShareSections {
  return { showMap: value, showStats: value, showTimeline: value, showAvatar: value, showPhotos: value };
}

export function sectionsOf(row: ShareRow): ShareSections {
  return Object.fromEntries(
    Object.entries(SECTION_COLUMNS).map(([field, column]) => [field, bool(row[column])]),
  ) as ShareSections;
}

export function placeOf(pin: SharedPinColumns, photos: SharedPhoto[]): SharedPlace {
  return {
    title: pin.title,
    ...sharedPosition(pin.lat, pin.lng),
    countryCode: pin.country_code,
    countryName: pin.country_name,
    city: pin.city ?? '',
    visitDate: pin.visit_date,
    photos,
  };
}
