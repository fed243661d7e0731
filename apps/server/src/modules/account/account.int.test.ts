// The account's export (a ZIP of the profile, the pins as GeoJSON and every original, behind a link that
// works once and only while its session lives) and its deletion (every row and stored object gone, every
// session ended; what deletion asks for is proven in account-deletion.int.test.ts), on SQLite and
// PostgreSQL with local storage.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFixture } from '../../testing/media-fixtures.js';
import { storedState, storedTables } from '../../testing/stored-state.js';
import { uploadFixture } from '../../testing/uploads.js';
import { storedZipEntries } from '../../testing/zip-entries.js';
import { extractLink } from '../../testing/smtp.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
  TEST_PASSWORD,
} from '../../testing/test-app.js';
import { MEDIA_LIMITS } from '@waymarks/shared';
import { REFRESH_COOKIE } from '../auth/auth.routes.js';
import { endEverySession } from '../auth/session.service.js';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { UsersRepository } from '../auth/users.repository.js';

const BASEL = { lat: 47.5596, lng: 7.5886, title: 'Basel' };
const LISBON = { lat: 38.7223, lng: -9.1393, title: 'Lisbon / Old town' };
const PHOTO = 'photos/gps/DSCN0012.jpg';
const OTHER_PHOTO = 'photos/gps/DSCN0025.jpg';
/** Another photo, uploaded under PHOTO's name: the same bytes are not kept twice. */
const SAME_NAME_PHOTO = 'photos/gps/DSCN0021.jpg';

describe.each(testDialects())('the account on %s', (dialect) => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'account' });

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  /** An account with two places, three originals (two of one name) and a username. */
  async function travellerWithMedia(): Promise<SignedInUser & { pins: string[] }> {
    const user = await newAccount();
    const basel = await createPinAs(call, user, BASEL);
    const lisbon = await createPinAs(call, user, LISBON);
    const image = { contentType: 'image/jpeg' };
    await uploadFixture(t, call, user, basel.pinId, PHOTO, image);
    await uploadFixture(t, call, user, basel.pinId, SAME_NAME_PHOTO, { ...image, filename: 'DSCN0012.jpg' });
    await uploadFixture(t, call, user, lisbon.pinId, OTHER_PHOTO, image);
    await call('PUT', '/api/profile', user, { username: `exporter_${user.userId.slice(0, 6)}` });
    return { ...user, pins: [basel.pinId, lisbon.pinId] };
  }

  it('exports the profile, the pins as GeoJSON and every original byte for byte, through a link', async () => {
    const ann = await travellerWithMedia();
    const link = await call('GET', '/api/account/export-url', ann);
    expect(link.statusCode).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: link.json().downloadUrl });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /attachment; filename="waymarks-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);

    const entries = storedZipEntries(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual([
      'media/Basel/DSCN0012 (2).jpg',
      'media/Basel/DSCN0012.jpg',
      'media/Lisbon _ Old town/DSCN0025.jpg',
      'pins.geojson',
      'profile.json',
    ]);
    const profile = JSON.parse(entries.get('profile.json')!.toString('utf8'));
    expect(profile).toMatchObject({
      userId: ann.userId,
      email: 'account1@example.com',
      tier: { current: 'free' },
    });
    expect(profile.usage).toMatchObject({ mediaCount: 3, totalPins: 2 });
    expect(entries.get('profile.json')!.toString('utf8')).not.toMatch(/password|hash|token/i);

    const geo = JSON.parse(entries.get('pins.geojson')!.toString('utf8'));
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features).toHaveLength(2);
    const [basel, lisbon] = geo.features;
    expect(basel).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [BASEL.lng, BASEL.lat] },
      properties: { pinId: ann.pins[0], title: 'Basel', countryCode: 'CH' },
    });
    expect(basel.properties.media.map((m: { file: string }) => m.file).sort()).toEqual([
      'media/Basel/DSCN0012 (2).jpg',
      'media/Basel/DSCN0012.jpg',
    ]);
    expect(lisbon.properties).toMatchObject({ title: LISBON.title, countryCode: 'PT' });

    expect(entries.get('media/Basel/DSCN0012.jpg')!.equals(readFileSync(mediaFixture(PHOTO)))).toBe(true);
    expect(
      entries.get('media/Basel/DSCN0012 (2).jpg')!.equals(readFileSync(mediaFixture(SAME_NAME_PHOTO))),
    ).toBe(true);
    expect(
      entries.get('media/Lisbon _ Old town/DSCN0025.jpg')!.equals(readFileSync(mediaFixture(OTHER_PHOTO))),
    ).toBe(true);

    // The same archive with the session, no link.
    const direct = await call('GET', '/api/account/export', ann);
    expect(direct.statusCode).toBe(200);
    expect([...storedZipEntries(direct.rawPayload).keys()].sort()).toEqual([...entries.keys()].sort());
  });

  it('refuses an export link that expired, was altered or was made for a pin archive', async () => {
    const bo = await newAccount();
    const pin = await createPinAs(call, bo, BASEL);
    const url: string = (await call('GET', '/api/account/export-url', bo)).json().downloadUrl;
    const token = url.split('/').pop()!;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const alteredAnswer = await t.app.inject({ method: 'GET', url: `/api/account/export/${altered}` });
    expect(alteredAnswer.statusCode).toBe(404);
    expect(alteredAnswer.headers['content-type']).not.toBe('application/zip');
    // A Download All link opens one pin's archive, never an account.
    await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', bo.userId).execute();
    t.advance(1_001);
    const archive = await call('GET', `/api/media/pin/${pin.pinId}/download-url`, bo);
    const archiveToken = (archive.json().downloadUrl as string).split('/').pop()!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/account/export/${archiveToken}` })).statusCode,
    ).toBe(404);
    t.advance(MEDIA_LIMITS.downloadUrlSeconds * 1000 + 1);
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe('This download link has expired. Please try again.');
  });

  it('opens an export link once: a second GET of the same link is 404 and carries no archive', async () => {
    const eve = await newAccount();
    const url: string = (await call('GET', '/api/account/export-url', eve)).json().downloadUrl;
    const [first, second] = [
      await t.app.inject({ method: 'GET', url }),
      await t.app.inject({ method: 'GET', url }),
    ];
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    expect(second.statusCode).toBe(404);
    expect(second.headers['content-type']).not.toBe('application/zip');
    expect(second.json().error.code).toBe('NOT_FOUND');

    // Of two requests racing with one link, exactly one gets the archive.
    const raced: string = (await call('GET', '/api/account/export-url', eve)).json().downloadUrl;
    const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url: raced })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404, 404]);
  });

  describe('ends an export link with the session that asked for it', () => {
    /** A sign-in of its own (so its refresh cookie can sign it out), and an export link made in it. */
    async function sessionWithLink(user: SignedInUser, email: string, password = TEST_PASSWORD) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password },
        remoteAddress: '10.42.9.1',
      });
      expect(signIn.statusCode).toBe(200);
      const session = { token: signIn.json().accessToken as string, userId: user.userId };
      const cookie = signIn.cookies.find((c) => c.name === REFRESH_COOKIE && c.value)!.value;
      const link: string = (await call('GET', '/api/account/export-url', session)).json().downloadUrl;
      return { session, cookie, link };
    }
    const open = (url: string) => t.app.inject({ method: 'GET', url });
    const emailOf = async (user: SignedInUser) =>
      (await call('GET', '/api/profile', user)).json().email as string;

    it('at sign-out, while a link of the account’s other session still opens', async () => {
      const fay = await newAccount();
      const email = await emailOf(fay);
      const laptop = await sessionWithLink(fay, email);
      const phoneLink: string = (await call('GET', '/api/account/export-url', fay)).json().downloadUrl;
      const signOut = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        headers: { cookie: `${REFRESH_COOKIE}=${laptop.cookie}` },
      });
      expect(signOut.statusCode).toBe(200);
      expect((await open(laptop.link)).statusCode).toBe(404);
      expect((await open(phoneLink)).statusCode).toBe(200);
    });

    it('at sign-out everywhere (the admin CLI’s end-sessions)', async () => {
      const gus = await newAccount();
      const { link } = await sessionWithLink(gus, await emailOf(gus));
      const repositories = {
        users: new UsersRepository(t.db),
        sessions: new SessionsRepository(t.db),
        refreshTokens: new RefreshTokensRepository(t.db),
      };
      await endEverySession(repositories, gus.userId, Date.now());
      expect((await open(link)).statusCode).toBe(404);
    });

    it('at a password reset', async () => {
      const hal = await newAccount();
      const email = await emailOf(hal);
      const { link } = await sessionWithLink(hal, email);
      const since = Date.now();
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: '10.42.9.2',
      });
      expect(forgot.statusCode).toBe(200);
      const resetLink = new URL(extractLink(await t.mail.waitForMail(email, { since }), '/reset-password'));
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: resetLink.searchParams.get('token'), password: 'Another-Horse2' },
        remoteAddress: '10.42.9.2',
      });
      expect(reset.statusCode).toBe(200);
      expect((await open(link)).statusCode).toBe(404);
    });
  });

  it('deletes nothing for a wrong e-mail, then everything of the account for the right one', async () => {
    const cy = await travellerWithMedia();
    const other = await travellerWithMedia();
    const tables = await storedTables(t);
    const before = await storedState(t, tables);

    const wrong = await call('DELETE', '/api/account', cy, {
      email: 'someone-else@example.com',
      password: TEST_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'CONFIRMATION_MISMATCH',
      message: 'The e-mail address does not match this account. Type it exactly to delete the account.',
    });
    expect(await storedState(t, tables)).toEqual(before);

    // A second browser of the same account, signed in separately.
    const email = (await call('GET', '/api/profile', cy)).json().email as string;
    const deleted = await call('DELETE', '/api/account', cy, {
      email: `  ${email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(deleted.statusCode).toBe(204);

    const after = await storedState(t, tables);
    for (const [table, rows] of Object.entries(after.tables)) {
      for (const row of rows) {
        expect(row, `${table} still holds the account`).not.toContain(cy.userId);
        expect(row, `${table} still holds the address`).not.toContain(email);
      }
    }
    expect(after.objects.some((object) => object.includes(cy.userId))).toBe(false);
    // The other traveller keeps everything.
    expect(after.objects.filter((object) => object.includes(other.userId))).toEqual(
      before.objects.filter((object) => object.includes(other.userId)),
    );
    expect((await call('GET', '/api/profile', other)).statusCode).toBe(200);
    // Every session of the account has ended.
    expect((await call('GET', '/api/profile', cy)).statusCode).toBe(401);
    expect((await call('GET', '/api/pins', cy)).statusCode).toBe(401);
  });

  it('ends the session of a second browser, and answers a parallel second deletion without harm', async () => {
    const dot = await newAccount();
    const email = (await call('GET', '/api/profile', dot)).json().email as string;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: '10.42.1.1',
    });
    expect(signIn.statusCode).toBe(200);
    const secondBrowser = { token: signIn.json().accessToken as string, userId: dot.userId };
    expect((await call('GET', '/api/profile', secondBrowser)).statusCode).toBe(200);

    const answers = await Promise.all([
      call('DELETE', '/api/account', dot, { email, password: TEST_PASSWORD }),
      call('DELETE', '/api/account', dot, { email, password: TEST_PASSWORD }),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes[0]).toBe(204);
    expect([401, 404]).toContain(codes[1]);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', dot.userId).execute()).toEqual([]);
    expect((await call('GET', '/api/profile', secondBrowser)).statusCode).toBe(401);
  });
});
