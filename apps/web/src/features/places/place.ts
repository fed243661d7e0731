// A place on the map as the location dialog shows it: a saved pin, a search result or a clicked point.
import {
  GEOCODE_FALLBACK,
  type Pin,
  type PlaceSearchResult,
  type ReverseGeocodeResult,
} from '@waymarks/shared';

export interface MapPlace {
  lat: number;
  lng: number;
  name: string;
  countryCode: string;
  countryName: string;
  /** The saved pin at this place, or null for a place not saved yet. */
  pin: Pin | null;
}

/** SPEC.md §3: a pin without a title shows 'Unknown Location'. */
const UNKNOWN_PLACE_NAME = 'Unknown Location';

export function placeFromPin(pin: Pin): MapPlace {
  return {
    lat: pin.lat,
    lng: pin.lng,
    name: pin.title || UNKNOWN_PLACE_NAME,
    countryCode: pin.countryCode,
    countryName: pin.countryName,
    pin,
  };
}

export function placeFromSearch(result: PlaceSearchResult): MapPlace {
  return {
    lat: result.lat,
    lng: result.lng,
    name: result.name,
    countryCode: result.countryCode,
    countryName: result.countryName,
    pin: null,
  };
}

/**
 * The name of a clicked point: its town, else its region, else its country, else 'Unknown Location'
 * (a point at sea).
 */
export function placeFromReverse(lat: number, lng: number, found: ReverseGeocodeResult): MapPlace {
  const name =
    (found.city !== GEOCODE_FALLBACK.city && found.city) ||
    (found.region !== GEOCODE_FALLBACK.region && found.region) ||
    (found.countryName !== GEOCODE_FALLBACK.countryName && found.countryName) ||
    UNKNOWN_PLACE_NAME;
  return { lat, lng, name, countryCode: found.countryCode, countryName: found.countryName, pin: null };
}

/** What a clicked point is called when the lookup itself failed (SPEC.md §8, Geocoding failure). */
export function placeWhenLookupFails(lat: number, lng: number): MapPlace {
  return {
    lat,
    lng,
    name: UNKNOWN_PLACE_NAME,
    countryCode: GEOCODE_FALLBACK.countryCode,
    countryName: GEOCODE_FALLBACK.countryName,
    pin: null,
  };
}

/** 'Saved • 3 media' for a pin, 'New location' for a place not saved yet (SPEC.md §2). */
export function placeStatusText(place: MapPlace): string {
  return place.pin ? `Saved • ${place.pin.mediaCount} media` : 'New location';
}

/**
 * The marker colours of the map and the timeline: purple for a pin shown as verified, orange otherwise;
 * clusters in the brand colour (SPEC.md §4).
 */
export const MARKER_COLORS = { verified: '#5b21b6', plain: '#f97316', cluster: '#135f61' } as const;

/** Whether a pin shows as verified: only on plans with verificationBadges (SPEC.md §6), plus and pro. */
export function showsVerified(pin: Pick<Pin, 'verificationStatus'>, verificationBadges: boolean): boolean {
  return verificationBadges && pin.verificationStatus === 'verified';
}

/** The pin's name, with the suffix ' ✓ Verified' where it shows as verified (SPEC.md §4). */
export function markerTitle(pin: Pin, verificationBadges: boolean): string {
  const name = pin.title || UNKNOWN_PLACE_NAME;
  return showsVerified(pin, verificationBadges) ? `${name} ✓ Verified` : name;
}

/** Rounds a coordinate to 6 decimals (about 10 cm), the precision a map click or a pin needs. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
