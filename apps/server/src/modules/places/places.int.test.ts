import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GEOCODE_FALLBACK,
  PLACES_MESSAGES,
  PlaceSearchResponse,
  ReverseGeocodeResult,
} from '@waymarks/shared';
import { createSignedInUser, startTestApp, testDialects, type TestApp } from '../../testing/test-app.js';
import { DEFAULT_PLACES_RATE_LIMITS } from './places.routes.js';

describe.each(testDialects())('place search and reverse geocoding on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let users = 0;

  /** A fresh signed-in account's access token. */
  async function signedInUser(): Promise<string> {
    users += 1;
    return (await createSignedInUser(t, { email: `explorer${users}@example.com`, name: 'Ibn Battuta' }))
      .token;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = await signedInUser();
  });
  afterAll(async () => t?.close());

  const get = (url: string, accessToken: string | null = token) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
  const search = async (q: string) => {
    const res = await get(`/api/places/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return PlaceSearchResponse.parse(res.json()).results;
  };
  const reverse = async (lat: number | string, lng: number | string) => {
    const res = await get(`/api/places/reverse?lat=${lat}&lng=${lng}`);
    expect(res.statusCode).toBe(200);
    return ReverseGeocodeResult.parse(res.json());
  };
  const errorOf = (res: { statusCode: number; json(): { error: { code: string; message: string } } }) => ({
    status: res.statusCode,
    ...res.json().error,
  });

  describe('without a signed-in user', () => {
    it.each(['/api/places/search?q=paris', '/api/places/reverse?lat=48.85&lng=2.35'])(
      '%s answers 401 and no data',
      async (url) => {
        const res = await get(url, null);
        expect(errorOf(res)).toEqual({
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'No authentication token available',
        });
      },
    );

    it('refuses a token that is not one of ours', async () => {
      expect((await get('/api/places/search?q=paris', 'not-a-token')).statusCode).toBe(401);
    });
  });

  describe('GET /api/places/search', () => {
    it("finds Zürich for 'zurich', without its accent", async () => {
      const [first] = await search('zurich');
      expect(first).toMatchObject({ name: 'Zürich', countryCode: 'CH', placeType: 'locality' });
    });

    it("finds the city in Bavaria for 'Munich' and for 'München'", async () => {
      for (const q of ['Munich', 'München', 'MUENCHEN']) {
        const [first] = await search(q);
        expect(first).toMatchObject({ countryCode: 'DE', formattedAddress: 'Munich, Bavaria, Germany' });
      }
    });

    it("finds Lisbon by its Portuguese name 'Lisboa'", async () => {
      const [first] = await search('Lisboa');
      expect(first).toMatchObject({ name: 'Lisbon', countryCode: 'PT', countryName: 'Portugal' });
    });

    it("finds the region Bavaria for 'bavaria'", async () => {
      const [first] = await search('bavaria');
      expect(first).toMatchObject({
        name: 'Bavaria',
        placeType: 'region',
        countryCode: 'DE',
        formattedAddress: 'Bavaria, Germany',
        placeId: 'a1:DE.02',
      });
    });

    it("finds the country for 'portugal'", async () => {
      const [first] = await search('portugal');
      expect(first).toMatchObject({
        name: 'Portugal',
        placeType: 'country',
        countryCode: 'PT',
        placeId: 'cc:PT',
      });
    });

    it.each([
      ['Kyoto, Japan', 'Kyoto', 'JP'],
      ['Porto Portugal', 'Porto', 'PT'],
      ['Lisbn', 'Lisbon', 'PT'],
      ['Barcleona', 'Barcelona', 'ES'],
      ['Nwe York', 'New York City', 'US'],
    ])(
      "reads '%s' as the traveller meant it: %s (%s) first, no place twice",
      async (q, name, countryCode) => {
        const results = await search(q);
        expect(results[0]).toMatchObject({ name, countryCode });
        expect(new Set(results.map((result) => result.placeId)).size).toBe(results.length);
      },
    );

    it('answers the place search result shape of SPEC §3, at most 5 results', async () => {
      const results = await search('san');
      expect(results).toHaveLength(5);
      for (const result of results) {
        expect(result.description).toBe('');
        expect(result.visitDate).toBeNull();
        expect(result.title).toBe(result.name);
        expect(result.country).toBe(result.countryName);
        expect(result.countryCode).toMatch(/^[A-Z]{2}$/);
        expect(result.placeId).toMatch(/^(gn|a1|cc):/);
      }
      const [paris] = await search('Paris');
      expect(paris).toMatchObject({
        name: 'Paris',
        title: 'Paris',
        countryCode: 'FR',
        countryName: 'France',
        country: 'France',
        formattedAddress: 'Paris, Île-de-France, France',
        description: '',
        visitDate: null,
      });
      expect(paris!.lat).toBeCloseTo(48.853, 2);
      expect(paris!.lng).toBeCloseTo(2.349, 2);
    });

    it('answers an empty list when nothing matches', async () => {
      expect(await search('qqqqxqqqq')).toEqual([]);
      expect(await search('!!!')).toEqual([]);
    });

    it.each([
      ['an empty query', '', PLACES_MESSAGES.queryRequired],
      ['a query of spaces', '%20%20%20', PLACES_MESSAGES.queryRequired],
      ['a 1,000-character query', 'a'.repeat(1000), PLACES_MESSAGES.queryTooLong],
    ])('refuses %s with 400', async (_label, q, message) => {
      const res = await get(`/api/places/search?q=${q}`);
      expect(errorOf(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
    });

    it('refuses a request without q with 400', async () => {
      expect(errorOf(await get('/api/places/search'))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    });
  });

  describe('GET /api/places/reverse', () => {
    it('names the city, region and country of a point', async () => {
      expect(await reverse(48.8584, 2.2945)).toEqual({
        city: 'Paris',
        region: 'Île-de-France',
        countryCode: 'FR',
        countryName: 'France',
      });
    });

    it('takes the country from the border, not from the nearest big city (Kehl, not Strasbourg)', async () => {
      expect(await reverse(48.5727, 7.8156)).toMatchObject({ city: 'Kehl', countryCode: 'DE' });
    });

    it('gives a territory its own code (Hong Kong is HK)', async () => {
      expect(await reverse(22.2793, 114.1628)).toMatchObject({ countryCode: 'HK', countryName: 'Hong Kong' });
    });

    it("answers the §8 fallback for a point in open ocean: 'Unknown City', 'Unknown Location', XX", async () => {
      expect(await reverse(0, -140)).toEqual(GEOCODE_FALLBACK);
      expect(await reverse('30', '-40')).toEqual({
        city: 'Unknown City',
        region: 'Unknown Location',
        countryCode: 'XX',
        countryName: 'Unknown',
      });
    });

    it('accepts the extremes of the ranges', async () => {
      expect((await get('/api/places/reverse?lat=-90&lng=180')).statusCode).toBe(200);
      expect((await get('/api/places/reverse?lat=90&lng=-180')).statusCode).toBe(200);
    });

    it.each([
      ['lat=91&lng=0', PLACES_MESSAGES.latInvalid],
      ['lat=-90.5&lng=0', PLACES_MESSAGES.latInvalid],
      ['lat=abc&lng=0', PLACES_MESSAGES.latInvalid],
      ['lat=&lng=0', PLACES_MESSAGES.latInvalid],
      ['lng=0', PLACES_MESSAGES.latInvalid],
      ['lat=0&lng=180.01', PLACES_MESSAGES.lngInvalid],
      ['lat=0&lng=-1e3', PLACES_MESSAGES.lngInvalid],
      ['lat=0&lng=Infinity', PLACES_MESSAGES.lngInvalid],
      ['lat=0&lng=NaN', PLACES_MESSAGES.lngInvalid],
      ['lat=0', PLACES_MESSAGES.lngInvalid],
    ])('refuses %s with 400 and a message that names the coordinate', async (query, message) => {
      const res = await get(`/api/places/reverse?${query}`);
      expect(errorOf(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
    });
  });

  describe('rate limits', () => {
    it('caps searches per user per minute with 429, without touching another user', async () => {
      const busy = await signedInUser();
      const limit = DEFAULT_PLACES_RATE_LIMITS.searchPerMinute;
      let last = 0;
      for (let i = 0; i <= limit; i += 1) last = (await get('/api/places/search?q=lyon', busy)).statusCode;
      expect(last).toBe(429);
      expect((await get('/api/places/search?q=lyon')).statusCode).toBe(200);
    });
  });

  it('documents both routes in the OpenAPI description', async () => {
    const paths = (await get('/api/openapi.json')).json().paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/places/search', '/api/places/reverse']));
    expect(paths['/api/places/reverse'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'lat',
      'lng',
    ]);
  });
});
