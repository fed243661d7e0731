// Moving a pin (PUT /api/pins/:id with lat and lng), on SQLite and PostgreSQL: the pin is placed again as
// a new one is, its media are verified against the new point, and the traveller's figures and pin list
// follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountriesSummary, PIN_MESSAGES, Pin, PinListResponse } from '@waymarks/shared';
import { uploadFixture } from '../../testing/uploads.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';

const LISBON = { lat: 38.7223, lng: -9.1393 };
const PORTO = { lat: 41.1579, lng: -8.6291 };
const MADRID = { lat: 40.4168, lng: -3.7038 };
const BASEL = { lat: 47.5596, lng: 7.5886 };
const MID_ATLANTIC = { lat: 30, lng: -40 };
/** Taken in Madrid (40.44697, -3.72475) with an iPhone 6: GPS, a capture date and the camera. */
const MADRID_PHOTO = 'photos/gps/iphone6_madrid.jpg';

describe.each(testDialects())('moving a pin on %s', (dialect) => {
  let t: TestApp;
  const newTraveller = accountMaker(() => t, { label: 'mover' });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(async () => t?.close());

  const move = (user: SignedInUser, pinId: string, body: Record<string, unknown>) =>
    call('PUT', `/api/pins/${pinId}`, user, body);
  const pinOf = async (user: SignedInUser, pinId: string) =>
    Pin.parse((await call('GET', `/api/pins/${pinId}`, user)).json());
  const countriesOf = async (user: SignedInUser) =>
    CountriesSummary.parse((await call('GET', '/api/countries', user)).json());
  /** The figures the progress job keeps (the leaderboard reads them). */
  const storedFigures = async (user: SignedInUser) => ({
    stats: await t.db
      .selectFrom('travel_stats')
      .select(['country_count', 'city_count', 'pin_count', 'verified_pin_count'])
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow(),
    countries: (
      await t.db
        .selectFrom('travel_countries')
        .select('country_code')
        .where('user_id', '=', user.userId)
        .orderBy('country_code')
        .execute()
    ).map((row) => row.country_code),
  });

  it('moves a pin within its country: the point and city change, the country stays, the cities counted follow', async () => {
    const traveller = await newTraveller();
    const lisbon = await createPinAs(call, traveller, { ...LISBON, title: 'Lisbon' });
    await createPinAs(call, traveller, { ...PORTO, title: 'Porto' });
    expect((await storedFigures(traveller)).stats).toMatchObject({ country_count: 1, city_count: 2 });

    const res = await move(traveller, lisbon.pinId, { lat: PORTO.lat + 0.001, lng: PORTO.lng });
    expect(res.statusCode).toBe(200);
    expect(Pin.parse(res.json())).toEqual({
      ...lisbon,
      lat: PORTO.lat + 0.001,
      lng: PORTO.lng,
      countryCode: 'PT',
      countryName: 'Portugal',
      country: 'Portugal',
    });
    const city = await t.db
      .selectFrom('pins')
      .select('city')
      .where('id', '=', lisbon.pinId)
      .executeTakeFirstOrThrow();
    expect(city.city).toBe('Porto');
    const summary = await countriesOf(traveller);
    expect(summary).toMatchObject({ totalCountries: 1, totalPins: 2, totalCities: 1 });
    expect(summary.countries.map((country) => [country.countryCode, country.pinCount])).toEqual([['PT', 2]]);
    expect(await storedFigures(traveller)).toEqual({
      stats: { country_count: 1, city_count: 1, pin_count: 2, verified_pin_count: 0 },
      countries: ['PT'],
    });
  });

  it('moves a pin across a border: Portugal leaves the figures and Spain joins them', async () => {
    const traveller = await newTraveller();
    const pin = await createPinAs(call, traveller, { ...LISBON, title: 'Lisbon', visitDate: '2024-05-02' });
    await createPinAs(call, traveller, { ...BASEL, title: 'Basel' });
    expect((await storedFigures(traveller)).countries).toEqual(['CH', 'PT']);

    const res = await move(traveller, pin.pinId, MADRID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...MADRID,
      title: 'Lisbon',
      visitDate: '2024-05-02',
      countryCode: 'ES',
      countryName: 'Spain',
      country: 'Spain',
    });
    const summary = await countriesOf(traveller);
    expect(summary).toMatchObject({ totalCountries: 2, totalPins: 2, totalCities: 2 });
    expect(summary.countries.map((country) => country.countryCode).sort()).toEqual(['CH', 'ES']);
    expect(await storedFigures(traveller)).toEqual({
      stats: { country_count: 2, city_count: 2, pin_count: 2, verified_pin_count: 0 },
      countries: ['CH', 'ES'],
    });
  });

  it('moves a pin out to sea, where it has no country, as a new pin there would', async () => {
    const traveller = await newTraveller();
    const pin = await createPinAs(call, traveller, { ...LISBON, title: 'Lisbon' });

    const res = await move(traveller, pin.pinId, MID_ATLANTIC);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ countryCode: 'XX', countryName: 'Unknown' });
    expect(await countriesOf(traveller)).toMatchObject({ totalCountries: 0, totalPins: 1, totalCities: 0 });
  });

  it('verifies the pin’s photos again at the new point: a Madrid photo verifies the pin in Madrid, not in Lisbon', async () => {
    const traveller = await newTraveller();
    const pin = await createPinAs(call, traveller, { ...LISBON, title: 'Trip' });
    await uploadFixture(t, call, traveller, pin.pinId, MADRID_PHOTO, { contentType: 'image/jpeg' });
    // GPS 30, a capture date 20, the camera 20; taken 500 km from Lisbon, so not near the pin.
    expect(await pinOf(traveller, pin.pinId)).toMatchObject({
      verificationStatus: 'unverified',
      verificationScore: 70,
    });

    const moved = await move(traveller, pin.pinId, MADRID);
    expect(moved.json()).toMatchObject({ verificationStatus: 'verified', verificationScore: 100 });
    const media = (await call('GET', `/api/media/pin/${pin.pinId}`, traveller)).json();
    expect(media.media.map((item: { verification: unknown }) => item.verification)).toEqual([
      { status: 'verified', score: 100, hasLocationVerification: true },
    ]);
    expect((await storedFigures(traveller)).stats.verified_pin_count).toBe(1);

    const back = await move(traveller, pin.pinId, LISBON);
    expect(back.json()).toMatchObject({ verificationStatus: 'unverified', verificationScore: 70 });
    expect((await storedFigures(traveller)).stats.verified_pin_count).toBe(0);
  });

  it('changes the number of the traveller’s pin list, so the list read next shows the pin where it went', async () => {
    const traveller = await newTraveller();
    const pin = await createPinAs(call, traveller, { ...LISBON, title: 'Lisbon' });
    // Read once, so the list is kept in memory under the current number.
    expect(PinListResponse.parse((await call('GET', '/api/pins', traveller)).json()).pins).toHaveLength(1);
    const versionOf = async () =>
      Number(
        (
          await t.db
            .selectFrom('pin_list_versions')
            .select('version')
            .where('user_id', '=', traveller.userId)
            .executeTakeFirstOrThrow()
        ).version,
      );
    const before = await versionOf();

    expect((await move(traveller, pin.pinId, MADRID)).statusCode).toBe(200);

    expect(await versionOf()).toBeGreaterThan(before);
    const listed = PinListResponse.parse((await call('GET', '/api/pins', traveller)).json()).pins;
    expect(listed).toEqual([expect.objectContaining({ ...MADRID, countryCode: 'ES' })]);
  });

  it('moves and renames in one request', async () => {
    const traveller = await newTraveller();
    const pin = await createPinAs(call, traveller, { ...LISBON, title: 'Lisbon' });
    const res = await move(traveller, pin.pinId, { ...MADRID, title: 'Madrid', description: 'Tapas' });
    expect(res.json()).toMatchObject({ ...MADRID, title: 'Madrid', description: 'Tapas', countryCode: 'ES' });
  });

  it.each([
    ['lat 91', { lat: 91, lng: 0 }, PIN_MESSAGES.latInvalid],
    ['lat -90.5', { lat: -90.5, lng: 0 }, PIN_MESSAGES.latInvalid],
    ['lng 180.5', { lat: 0, lng: 180.5 }, PIN_MESSAGES.lngInvalid],
    ['lng -181', { lat: 0, lng: -181 }, PIN_MESSAGES.lngInvalid],
    ['lat as a string', { lat: '40.4', lng: -3.7 }, PIN_MESSAGES.latInvalid],
    ['lat null', { lat: null, lng: -3.7 }, PIN_MESSAGES.latInvalid],
    ['lat without lng', { lat: 40.4168 }, PIN_MESSAGES.moveNeedsBoth],
    ['lng without lat', { lng: -3.7038 }, PIN_MESSAGES.moveNeedsBoth],
    ['lat without lng beside a title', { lat: 40.4168, title: 'Madrid' }, PIN_MESSAGES.moveNeedsBoth],
  ])('refuses a move with %s (400) and leaves the pin where it was', async (_label, body, message) => {
    const traveller = await newTraveller();
    const pin = await createPinAs(call, traveller, { ...LISBON, title: 'Lisbon' });

    const res = await move(traveller, pin.pinId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await pinOf(traveller, pin.pinId)).toEqual(pin);
  });

  it('answers 404 for a move of another traveller’s pin, and the pin and its owner’s figures stay', async () => {
    const [owner, other] = [await newTraveller(), await newTraveller()];
    const pin = await createPinAs(call, owner, { ...LISBON, title: 'Lisbon' });

    const res = await move(other, pin.pinId, MADRID);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(await pinOf(owner, pin.pinId)).toEqual(pin);
    expect((await storedFigures(owner)).countries).toEqual(['PT']);
  });
});
