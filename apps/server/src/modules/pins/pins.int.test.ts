import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pin, PinCreateResponse, latestVisitDate, pinLimitMessage } from '@waymarks/shared';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';

const BASEL = { lat: 47.5596, lng: 7.5886 };
const MID_ATLANTIC = { lat: 30, lng: -40 };

describe.each(testDialects())('pins on %s', (dialect) => {
  let t: TestApp;
  const signedInUser = accountMaker(() => t, { label: 'pinner' });
  const call = apiCaller(() => t);

  const countPins = async (userId: string) =>
    Number(
      (
        await t.db
          .selectFrom('pins')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const createPin = (user: SignedInUser, body: Record<string, unknown>) =>
    createPinAs(call, user, { ...BASEL, title: 'Basel', ...body });

  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [alice, bob] = [await signedInUser(), await signedInUser()];
  }, 60_000);
  afterAll(async () => t?.close());

  describe('create', () => {
    it('reads the country from the coordinates, overriding what the client says', async () => {
      const res = await call('POST', '/api/pins', alice, {
        ...BASEL,
        countryCode: 'DE',
        countryName: 'Germany',
        title: '  Basel Minster  ',
        description: 'Photos from Basel',
        visitDate: '2023-06-14',
      });
      expect(res.statusCode).toBe(201);
      const body = PinCreateResponse.parse(res.json());
      expect(body.pinId).toBe(body.pin.pinId);
      expect(body.pin).toEqual({
        pinId: body.pinId,
        title: 'Basel Minster',
        name: 'Basel Minster',
        description: 'Photos from Basel',
        ...BASEL,
        mediaCount: 0,
        countryCode: 'CH',
        countryName: 'Switzerland',
        country: 'Switzerland',
        visitDate: '2023-06-14',
        verificationStatus: 'unverified',
        verificationScore: 0,
      });
      const row = await t.db
        .selectFrom('pins')
        .selectAll()
        .where('id', '=', body.pinId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        user_id: alice.userId,
        country_code: 'CH',
        lat: BASEL.lat,
        lng: BASEL.lng,
      });
    });

    it('fills the country when the client gives none, and answers XX / Unknown at sea', async () => {
      const atSea = await createPin(alice, { ...MID_ATLANTIC, title: 'Crossing', countryCode: 'PT' });
      expect(atSea).toMatchObject({ countryCode: 'XX', countryName: 'Unknown', country: 'Unknown' });
      expect(atSea.description).toBe('');
      expect(atSea.visitDate).toBeNull();
    });
  });

  describe('list, timeline, get, update, delete', () => {
    let carol: SignedInUser;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      carol = await signedInUser();
      // The timeline needs the timelineView feature (basic and above).
      await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', carol.userId).execute();
      t.advance(USER_CACHE_TTL_MS + 1);
      // One millisecond apart, so newest first is a fixed order.
      ids.first = (await createPin(carol, { title: 'First', visitDate: '2021-05-01' })).pinId;
      t.advance(1);
      ids.undated = (await createPin(carol, { title: 'Undated' })).pinId;
      t.advance(1);
      ids.oldest = (await createPin(carol, { title: 'Oldest', visitDate: '1999-12-31' })).pinId;
      t.advance(1);
      ids.latest = (await createPin(carol, { title: 'Latest', visitDate: '2022-01-02' })).pinId;
    });

    it('lists the user’s own pins newest first', async () => {
      const res = await call('GET', '/api/pins', carol);
      expect(res.statusCode).toBe(200);
      const titles = res.json().pins.map((pin: Pin) => pin.title);
      expect(titles).toEqual(['Latest', 'Oldest', 'Undated', 'First']);
    });

    it('timeline=true lists only dated pins, oldest visit first', async () => {
      const res = await call('GET', '/api/pins?timeline=true', carol);
      expect(res.statusCode).toBe(200);
      expect(res.json().pins.map((pin: Pin) => pin.visitDate)).toEqual([
        '1999-12-31',
        '2021-05-01',
        '2022-01-02',
      ]);
      expect((await call('GET', '/api/pins?timeline=false', carol)).json().pins).toHaveLength(4);
      expect((await call('GET', '/api/pins?timeline=maybe', carol)).statusCode).toBe(400);
    });

    it('gets one pin and its verification', async () => {
      const res = await call('GET', `/api/pins/${ids.first}`, carol);
      expect(res.statusCode).toBe(200);
      expect(Pin.parse(res.json())).toMatchObject({ pinId: ids.first, title: 'First', countryCode: 'CH' });
      const verification = await call('GET', `/api/pins/${ids.first}/verification`, carol);
      expect(verification.statusCode).toBe(200);
      expect(verification.json()).toEqual({
        pinId: ids.first,
        verificationStatus: 'unverified',
        verificationScore: 0,
      });
    });

    it('renames, re-describes, re-dates and clears the date', async () => {
      let res = await call('PUT', `/api/pins/${ids.undated}`, carol, {
        title: ' Renamed ',
        description: 'Now described',
        visitDate: '2020-02-29',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        pinId: ids.undated,
        title: 'Renamed',
        name: 'Renamed',
        description: 'Now described',
        visitDate: '2020-02-29',
        countryCode: 'CH',
      });
      res = await call('PUT', `/api/pins/${ids.undated}`, carol, { visitDate: null });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Renamed', visitDate: null });
      expect((await call('GET', `/api/pins/${ids.undated}`, carol)).json().visitDate).toBeNull();
    });

    it('refuses an empty or bad update and changes nothing', async () => {
      for (const body of [
        {},
        { title: '' },
        { visitDate: '2024-02-30' },
        { lat: 1 },
        { title: 'x'.repeat(201) },
      ]) {
        const res = await call('PUT', `/api/pins/${ids.first}`, carol, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await call('GET', `/api/pins/${ids.first}`, carol)).json()).toMatchObject({
        title: 'First',
        visitDate: '2021-05-01',
      });
    });

    it('deletes a pin with 204; it is gone afterwards', async () => {
      const res = await call('DELETE', `/api/pins/${ids.latest}`, carol);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call('GET', `/api/pins/${ids.latest}`, carol)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/pins/${ids.latest}`, carol)).statusCode).toBe(404);
      expect(await countPins(carol.userId)).toBe(3);
    });
  });

  describe('ownership', () => {
    it('answers 404 NOT_FOUND, never 403, for another user’s pin, and changes nothing', async () => {
      const pin = await createPin(alice, { title: 'Private' });
      const attempts = [
        call('GET', `/api/pins/${pin.pinId}`, bob),
        call('PUT', `/api/pins/${pin.pinId}`, bob, { title: 'Stolen' }),
        call('DELETE', `/api/pins/${pin.pinId}`, bob),
        call('GET', `/api/pins/${pin.pinId}/verification`, bob),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      expect((await call('GET', '/api/pins', bob)).json().pins).toEqual([]);
      expect((await call('GET', `/api/pins/${pin.pinId}`, alice)).json().title).toBe('Private');
    });

    it.each(['not-a-uuid', '123', '00000000-0000-4000-8000-000000000000', "x' or '1'='1"])(
      'answers 404 for the malformed or missing id %s',
      async (id) => {
        const url = `/api/pins/${encodeURIComponent(id)}`;
        for (const res of [
          await call('GET', url, alice),
          await call('PUT', url, alice, { title: 'x' }),
          await call('DELETE', url, alice),
          await call('GET', `${url}/verification`, alice),
        ]) {
          expect(res.statusCode).toBe(404);
          expect(res.json().error.code).toBe('NOT_FOUND');
        }
      },
    );
  });

  describe('the plan’s pin limit', () => {
    it('allows exactly 10 pins on free, refuses the 11th with 403, and none after upgrading to plus', async () => {
      const dave = await signedInUser();
      for (let i = 1; i <= 10; i += 1) await createPin(dave, { title: `Pin ${i}` });
      const res = await call('POST', '/api/pins', dave, { ...BASEL, title: 'Pin 11' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'PIN_LIMIT_REACHED',
          message: 'Your Wanderer plan allows 10 pins. Upgrade to add more.',
        },
      });
      expect(pinLimitMessage('Wanderer', 10)).toBe(res.json().error.message);
      expect(await countPins(dave.userId)).toBe(10);

      await t.db.updateTable('users').set({ tier: 'plus' }).where('id', '=', dave.userId).execute();
      // The signed-in user is cached for up to a second: move the clock past it.
      t.advance(USER_CACHE_TTL_MS + 1);
      for (let i = 11; i <= 12; i += 1) await createPin(dave, { title: `Pin ${i}` });
      expect(await countPins(dave.userId)).toBe(12);
    });

    it('keeps every pin after a move to a smaller plan, and refuses only a new one, saying why', async () => {
      const erin = await signedInUser();
      await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', erin.userId).execute();
      t.advance(USER_CACHE_TTL_MS + 1);
      const made = [];
      for (let i = 1; i <= 12; i += 1) made.push(await createPin(erin, { title: `Pin ${i}` }));

      await t.db.updateTable('users').set({ tier: 'free' }).where('id', '=', erin.userId).execute();
      t.advance(USER_CACHE_TTL_MS + 1);
      const refused = await call('POST', '/api/pins', erin, { ...BASEL, title: 'Pin 13' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'PIN_LIMIT_REACHED',
        message:
          'You have 12 pins and your Wanderer plan allows 10. All of them are kept; upgrade to add more.',
      });
      // Everything stays readable and editable, and deleting one is still allowed.
      expect((await call('GET', '/api/pins', erin)).json().pins).toHaveLength(12);
      const renamed = await call('PUT', `/api/pins/${made[0]!.pinId}`, erin, { title: 'Renamed' });
      expect(renamed.statusCode).toBe(200);
      expect((await call('DELETE', `/api/pins/${made[1]!.pinId}`, erin)).statusCode).toBe(204);
      expect(await countPins(erin.userId)).toBe(11);
    });
  });

  describe('a create sent again with its Idempotency-Key', () => {
    const createWithKey = (user: SignedInUser, key: string, body: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pins',
        headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': key },
        payload: { ...BASEL, title: 'Basel', ...body },
      });

    it('makes one pin, and answers the second try with it', async () => {
      const frank = await signedInUser();
      const first = await createWithKey(frank, 'save-basel-000000000001');
      const again = await createWithKey(frank, 'save-basel-000000000001');
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json()).toEqual(first.json());
      expect(await countPins(frank.userId)).toBe(1);
    });

    it('answers the first pin whatever the second body says, and makes a new pin for a new key', async () => {
      const gina = await signedInUser();
      const first = await createWithKey(gina, 'save-basel-000000000002', { title: 'Basel' });
      const again = await createWithKey(gina, 'save-basel-000000000002', { title: 'Not Basel' });
      expect(again.json().pin.title).toBe('Basel');
      const other = await createWithKey(gina, 'save-basel-000000000003', { title: 'Basel again' });
      expect(other.statusCode).toBe(201);
      expect(other.json().pinId).not.toBe(first.json().pinId);
      expect(await countPins(gina.userId)).toBe(2);
    });

    it('makes one pin of copies sent at once', async () => {
      const hugo = await signedInUser();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => createWithKey(hugo, 'save-basel-000000000004')),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((answer) => answer.json().pinId)).size).toBe(1);
      expect(await countPins(hugo.userId)).toBe(1);
    });

    it('answers the pin at the plan’s limit, where a new create is refused', async () => {
      const iris = await signedInUser();
      for (let i = 1; i <= 9; i += 1) await createPin(iris, { title: `Pin ${i}` });
      const tenth = await createWithKey(iris, 'save-the-tenth-pin-0001', { title: 'Pin 10' });
      expect(tenth.statusCode).toBe(201);
      const again = await createWithKey(iris, 'save-the-tenth-pin-0001', { title: 'Pin 10' });
      expect(again.statusCode).toBe(201);
      expect(again.json().pinId).toBe(tenth.json().pinId);
      expect((await createWithKey(iris, 'save-an-eleventh-pin-01')).statusCode).toBe(403);
      expect(await countPins(iris.userId)).toBe(10);
    });

    it('keeps keys apart between travellers: the same key makes each their own pin', async () => {
      const [jack, kate] = [await signedInUser(), await signedInUser()];
      const jacks = await createWithKey(jack, 'a-key-two-people-chose');
      const kates = await createWithKey(kate, 'a-key-two-people-chose');
      expect([jacks.statusCode, kates.statusCode]).toEqual([201, 201]);
      expect(kates.json().pinId).not.toBe(jacks.json().pinId);
      expect((await call('GET', `/api/pins/${jacks.json().pinId}`, kate)).statusCode).toBe(404);
      expect([await countPins(jack.userId), await countPins(kate.userId)]).toEqual([1, 1]);
    });

    it('makes a new pin for the key once the pin it made was deleted', async () => {
      const liam = await signedInUser();
      const first = await createWithKey(liam, 'save-basel-000000000005');
      expect((await call('DELETE', `/api/pins/${first.json().pinId}`, liam)).statusCode).toBe(204);
      const again = await createWithKey(liam, 'save-basel-000000000005');
      expect(again.statusCode).toBe(201);
      expect(again.json().pinId).not.toBe(first.json().pinId);
      expect(await countPins(liam.userId)).toBe(1);
    });

    it.each([
      ['too short', 'short-key'],
      ['too long', 'k'.repeat(65)],
      ['with a space', 'save basel 0000000000001'],
      ['with a slash', 'save/basel/000000000001'],
    ])('refuses a key %s with 400 and stores nothing', async (_label, key) => {
      const before = await countPins(bob.userId);
      const res = await createWithKey(bob, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(await countPins(bob.userId)).toBe(before);
    });

    it('makes a pin for every create sent without a key, as before', async () => {
      const mona = await signedInUser();
      await createPin(mona, {});
      await createPin(mona, {});
      expect(await countPins(mona.userId)).toBe(2);
    });
  });

  describe('bad input', () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    it.each([
      ['lat 91', { ...BASEL, lat: 91, title: 'x' }],
      ['lng -181', { ...BASEL, lng: -181, title: 'x' }],
      ['lat as a string', { lat: '47.5', lng: 7.5, title: 'x' }],
      ['a missing title', { ...BASEL }],
      ['a blank title', { ...BASEL, title: '   ' }],
      ['a 201-character title', { ...BASEL, title: 'x'.repeat(201) }],
      ['a 2001-character description', { ...BASEL, title: 'x', description: 'd'.repeat(2001) }],
      ['an unknown field', { ...BASEL, title: 'x', userId: 'someone-else' }],
      ['visitDate 2024-02-30', { ...BASEL, title: 'x', visitDate: '2024-02-30' }],
      ['visitDate in another format', { ...BASEL, title: 'x', visitDate: '14/06/2023' }],
      ['a future visitDate', { ...BASEL, title: 'x', visitDate: future }],
      ['a far-future visitDate', { ...BASEL, title: 'x', visitDate: '9999-12-31' }],
      ['a visitDate before 1900', { ...BASEL, title: 'x', visitDate: '1899-12-31' }],
    ])('refuses %s with 400 and stores nothing', async (_label, body) => {
      const before = await countPins(bob.userId);
      const res = await call('POST', '/api/pins', bob, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(await countPins(bob.userId)).toBe(before);
    });

    it('accepts today as a visit date', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect(today <= latestVisitDate()).toBe(true);
      expect((await createPin(bob, { title: 'Today', visitDate: today })).visitDate).toBe(today);
    });
  });

  describe('authentication', () => {
    it.each([
      ['POST', '/api/pins'],
      ['GET', '/api/pins'],
      ['GET', '/api/pins?timeline=true'],
      ['GET', '/api/pins/00000000-0000-4000-8000-000000000000'],
      ['PUT', '/api/pins/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/pins/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/pins/00000000-0000-4000-8000-000000000000/verification'],
    ] as const)('%s %s answers 401 without a token', async (method, url) => {
      const res = await call(
        method,
        url,
        null,
        method === 'POST' ? { ...BASEL, title: 'x' } : method === 'PUT' ? { title: 'x' } : undefined,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    });

    it('checks the token before the body: no token and an invalid body is 401, not a validation error', async () => {
      const res = await call('POST', '/api/pins', null, { lat: 500, title: '', unknown: true });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    });

    it('answers 401 for a bad token and stores nothing', async () => {
      const res = await call(
        'POST',
        '/api/pins',
        { token: 'not-a-token', userId: '' },
        { ...BASEL, title: 'x' },
      );
      expect(res.statusCode).toBe(401);
    });
  });
});
