// Place search and reverse geocoding (SPEC.md §3 Place search result, §5 Map search, §8 Geocoding failure,
// §9 Map and search): GET /api/places/search and GET /api/places/reverse.
import { z } from 'zod';
import { GEOCODE_FALLBACK, PLACES_MESSAGES, PLACE_SEARCH_LIMITS } from '../place-rules.js';

export const PlaceSearchQuery = z.object({
  q: z
    .string({ error: PLACES_MESSAGES.queryRequired })
    .trim()
    .min(1, PLACES_MESSAGES.queryRequired)
    .max(PLACE_SEARCH_LIMITS.queryMax, PLACES_MESSAGES.queryTooLong)
    .describe('What the person typed: a place, region or country name, or the start of one'),
});
export type PlaceSearchQuery = z.input<typeof PlaceSearchQuery>;

/** locality: a city, town, village or part of one; region: a first-level division (a state); country. */
export const PLACE_TYPES = ['locality', 'region', 'country'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];

const countryCode = z.string().regex(/^[A-Z]{2}$/);

export const PlaceSearchResult = z
  .object({
    placeId: z
      .string()
      .describe('Stable id: gn:<GeoNames id>, a1:<country>.<admin1 code> or cc:<country code>'),
    name: z.string(),
    title: z.string().describe('What a pin made from this result is called; the same as name'),
    description: z.literal('').describe('Always empty (SPEC.md §3)'),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    country: z.string().describe('Country name, the same as countryName'),
    countryCode: countryCode.describe('ISO 3166-1 alpha-2; a territory has its own (HK, PR, GL)'),
    countryName: z.string(),
    formattedAddress: z.string().describe("e.g. 'Munich, Bavaria, Germany'"),
    placeType: z.enum(PLACE_TYPES),
    visitDate: z.null().describe('Always null: the person picks the date'),
  })
  .describe('PlaceSearchResult');
export type PlaceSearchResult = z.infer<typeof PlaceSearchResult>;

export const PlaceSearchResponse = z.object({
  results: z.array(PlaceSearchResult).max(PLACE_SEARCH_LIMITS.maxResults),
});
export type PlaceSearchResponse = z.infer<typeof PlaceSearchResponse>;

/**
 * A coordinate from a query string: a decimal number in range. An empty value is refused rather than read
 * as 0 (which plain coercion would do).
 */
function coordinate(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).min(min, message).max(max, message),
  );
}

export const ReverseGeocodeQuery = z.object({
  lat: coordinate(-90, 90, PLACES_MESSAGES.latInvalid).describe('Latitude in degrees, -90 to 90'),
  lng: coordinate(-180, 180, PLACES_MESSAGES.lngInvalid).describe('Longitude in degrees, -180 to 180'),
});
export type ReverseGeocodeQuery = z.input<typeof ReverseGeocodeQuery>;

export const ReverseGeocodeResult = z
  .object({
    city: z.string().describe(`Nearest town in the same country, or '${GEOCODE_FALLBACK.city}'`),
    region: z.string().describe(`Its first-level region (state, province), or '${GEOCODE_FALLBACK.region}'`),
    countryCode: countryCode.describe(
      `From border polygons; a territory has its own code; '${GEOCODE_FALLBACK.countryCode}' when unknown`,
    ),
    countryName: z.string().describe(`English name, or '${GEOCODE_FALLBACK.countryName}'`),
  })
  .describe('ReverseGeocodeResult');
export type ReverseGeocodeResult = z.infer<typeof ReverseGeocodeResult>;
