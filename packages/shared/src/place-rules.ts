// Place search and reverse geocoding rules (SPEC.md §8 Geocoding failure, §9 Map and search), free of
// zod so the browser can import them without the schema library.

export const PLACE_SEARCH_LIMITS = {
  /** Longest query the server accepts, after trimming. */
  queryMax: 100,
  /** At most 5 search results (SPEC.md §9). */
  maxResults: 5,
} as const;

export const PLACES_MESSAGES = {
  queryRequired: 'Search query is required',
  queryTooLong: `Search query must be at most ${PLACE_SEARCH_LIMITS.queryMax} characters`,
  latInvalid: 'lat must be a number between -90 and 90',
  lngInvalid: 'lng must be a number between -180 and 180',
} as const;

/** What reverse geocoding answers when it cannot tell (SPEC.md §8, Geocoding failure). */
export const GEOCODE_FALLBACK = {
  city: 'Unknown City',
  region: 'Unknown Location',
  countryCode: 'XX',
  countryName: 'Unknown',
} as const;
