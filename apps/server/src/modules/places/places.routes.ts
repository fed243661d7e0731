// /api/places/*: place search and reverse geocoding on the offline gazetteer (apps/server/src/geo), for a
// signed-in user. The gazetteer loads in the background once the server listens; a request that comes
// before it is ready waits for it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  PlaceSearchQuery,
  PlaceSearchResponse,
  ReverseGeocodeQuery,
  ReverseGeocodeResult,
} from '@waymarks/shared';
import type { GazetteerService } from '../../geo/gazetteer-service.js';
import { perUserRateLimit } from '../../http/per-user-rate-limit.js';

interface PlacesRateLimits {
  /** Searches per user per minute: typing with the 300 ms debounce sends at most ~3 a second. */
  searchPerMinute: number;
  /** Reverse geocodes per user per minute: a click on the map each, or one per photo group on upload. */
  reversePerMinute: number;
}

export const DEFAULT_PLACES_RATE_LIMITS: PlacesRateLimits = { searchPerMinute: 300, reversePerMinute: 600 };

interface PlacesRoutesDeps {
  gazetteer: GazetteerService;
  rateLimits?: PlacesRateLimits;
}

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

export async function placesRoutes(app: FastifyInstance, deps: PlacesRoutesDeps): Promise<void> {
  const { gazetteer } = deps;
  const limits = deps.rateLimits ?? DEFAULT_PLACES_RATE_LIMITS;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/places/search',
    {
      config: perUserRateLimit(limits.searchPerMinute),
      schema: {
        tags: ['places'],
        summary: 'Search places, regions and countries by name (at most 5, best first)',
        security: [{ bearer: [] }],
        querystring: PlaceSearchQuery,
        response: { 200: PlaceSearchResponse, ...errors },
      },
    },
    async (request) => ({ results: (await gazetteer.get()).search(request.query.q) }),
  );

  api.get(
    '/places/reverse',
    {
      config: perUserRateLimit(limits.reversePerMinute),
      schema: {
        tags: ['places'],
        summary: 'City, region and country of a point',
        security: [{ bearer: [] }],
        querystring: ReverseGeocodeQuery,
        response: { 200: ReverseGeocodeResult, ...errors },
      },
    },
    async (request) => (await gazetteer.get()).reverse(request.query.lat, request.query.lng),
  );
}
