import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountriesSummary, VisitedCountResponse, achievementsFor } from '@waymarks/shared';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';

const PARIS = { lat: 48.8566, lng: 2.3522 };
const BERLIN = { lat: 52.52, lng: 13.405 };
const SAN_JUAN = { lat: 18.4655, lng: -66.1057 };
const TAIPEI = { lat: 25.033, lng: 121.5654 };
const MID_ATLANTIC = { lat: 30, lng: -40 };

describe.each(testDialects())('countries on %s', (dialect) => {
  let t: TestApp;
  const signedInUser = accountMaker(() => t, { label: 'traveller', name: 'Isabella Bird' });
  const call = apiCaller(() => t);
  const get = (url: string, user: SignedInUser | null) => call('GET', url, user);
  const createPin = (user: SignedInUser, where: { lat: number; lng: number }, title: string) =>
    createPinAs(call, user, { ...where, title });

  async function summary(user: SignedInUser): Promise<CountriesSummary> {
    const res = await get('/api/countries', user);
    expect(res.statusCode).toBe(200);
    return CountriesSummary.parse(res.json());
  }

  async function visitedCount(user: SignedInUser): Promise<number> {
    const res = await get('/api/countries/visited-count', user);
    expect(res.statusCode).toBe(200);
    return VisitedCountResponse.parse(res.json()).count;
  }

  let traveller: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [traveller, stranger] = [await signedInUser(), await signedInUser()];
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers zeros and an empty list for a user without pins', async () => {
    expect(await summary(traveller)).toEqual({
      totalCountries: 0,
      totalPins: 0,
      totalMedia: 0,
      totalCities: 0,
      achievements: achievementsFor(0),
      countries: [],
    });
    expect(await visitedCount(traveller)).toBe(0);
  });

  describe('with pins in France, Germany, Puerto Rico, Taiwan and at sea', () => {
    beforeAll(async () => {
      await createPin(traveller, PARIS, 'Paris');
      await createPin(traveller, { lat: 48.86, lng: 2.34 }, 'Louvre');
      await createPin(traveller, BERLIN, 'Berlin');
      await createPin(traveller, SAN_JUAN, 'San Juan');
      await createPin(traveller, TAIPEI, 'Taipei');
      await createPin(traveller, MID_ATLANTIC, 'Crossing');
      // Media counts are kept on the pin; set here until uploads exist.
      await t.db
        .updateTable('pins')
        .set({ media_count: 3 })
        .where('user_id', '=', traveller.userId)
        .where('country_code', '=', 'FR')
        .execute();
      await t.db
        .updateTable('pins')
        .set({ media_count: 2 })
        .where('user_id', '=', traveller.userId)
        .where('country_code', '=', 'XX')
        .execute();
    });

    it('lists each visited code with its pins and media, most pins first then by code, never XX', async () => {
      const body = await summary(traveller);
      expect(body.countries).toEqual([
        { countryCode: 'FR', countryName: 'France', pinCount: 2, mediaCount: 6, totalSizeMB: 0 },
        { countryCode: 'DE', countryName: 'Germany', pinCount: 1, mediaCount: 0, totalSizeMB: 0 },
        { countryCode: 'PR', countryName: 'Puerto Rico', pinCount: 1, mediaCount: 0, totalSizeMB: 0 },
        { countryCode: 'TW', countryName: 'Taiwan', pinCount: 1, mediaCount: 0, totalSizeMB: 0 },
      ]);
    });

    it('counts every pin and its media in the totals, at sea too', async () => {
      const body = await summary(traveller);
      expect(body.totalPins).toBe(6);
      expect(body.totalMedia).toBe(8);
    });

    it('counts France, Germany and the United States (for Puerto Rico) toward the 195, not Taiwan', async () => {
      expect((await summary(traveller)).totalCountries).toBe(3);
      expect(await visitedCount(traveller)).toBe(3);
    });

    it('never shows another user’s pins', async () => {
      expect(await summary(stranger)).toEqual({
        totalCountries: 0,
        totalPins: 0,
        totalMedia: 0,
        totalCities: 0,
        achievements: achievementsFor(0),
        countries: [],
      });
      await createPin(stranger, BERLIN, 'Berlin');
      expect(await summary(stranger)).toMatchObject({
        totalCountries: 1,
        totalPins: 1,
        countries: [{ countryCode: 'DE', pinCount: 1 }],
      });
      expect((await summary(traveller)).countries.find((c) => c.countryCode === 'DE')?.pinCount).toBe(1);
    });
  });

  it.each(['/api/countries', '/api/countries/visited-count'])(
    'answers 401 without a token or with a bad one: %s',
    async (url) => {
      for (const user of [null, { token: 'not-a-token', userId: '' }]) {
        const res = await get(url, user);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      }
    },
  );
});
