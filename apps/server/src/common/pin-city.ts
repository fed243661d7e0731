import { GEOCODE_FALLBACK, type ReverseGeocodeResult } from '@waymarks/shared';

/**
 * The place a pin counts as among the cities visited (SPEC.md §9 city-name priority): the gazetteer's
 * town, else its first-level region; '' where it knows neither (at sea).
 */
export function cityOf(place: Pick<ReverseGeocodeResult, 'city' | 'region'>): string {
  if (place.city !== GEOCODE_FALLBACK.city) return place.city;
  if (place.region !== GEOCODE_FALLBACK.region) return place.region;
  return '';
}
