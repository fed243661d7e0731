// The account's export (a ZIP of the profile, the pins as GeoJSON and every original) and its deletion
// (confirmed by the e-mail; every row and stored object gone, every session ended), on SQLite and
// PostgreSQL with local storage.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFixture } from '../../testing/media-fixtures.js';
import { storedState, storedTables } from '../../testing/stored-state.js';
import { uploadFixture } from '../../testing/uploads.js';
import { storedZipEntries } from '../../testing/zip-entries.js';
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

const BASEL = { lat: 47.5596, lng: 7.5886, title: 'Basel' };
const LISBON = { lat: 38.7223, lng: -9.1393, title: 'Lisbon / Old town' };
const PHOTO = 'photos/gps/DSCN0012.jpg';
const OTHER_PHOTO = 'photos/gps/DSCN0025.jpg';

describe.each(testDialects())('the account on %s', (dialect) => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'account', subnet: '10.42.0' });

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
    await uploadFixture(t, call, user, basel.pinId, PHOTO, image);
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

    const photo = readFileSync(mediaFixture(PHOTO));
    expect(entries.get('media/Basel/DSCN0012.jpg')!.equals(photo)).toBe(true);
    expect(entries.get('media/Basel/DSCN0012 (2).jpg')!.equals(photo)).toBe(true);
    expect(
      entries.get('media/Lisbon _ Old town/DSCN0025.jpg')!.equals(readFileSync(mediaFixture(OTHER_PHOTO))),
    ).toBe(true);

    // The same archive with the session, no link.
    const direct = await call('GET', '/api/account/export', ann);
    expect(direct.statusCode).toBe(200);
    expect([...storedZipEntries(direct.rawPayload).keys()].sort()).toEqual([...entries.keys()].sort());
  });

  it('refuses an export link that expired, was tampered with or was made for a pin archive', async () => {
    const bo = await newAccount();
    const pin = await createPinAs(call, bo, BASEL);
    const url: string = (await call('GET', '/api/account/export-url', bo)).json().downloadUrl;
    const token = url.split('/').pop()!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/account/export/${tampered}` })).statusCode).toBe(
      403,
    );
    // A Download All link is signed with another key: it opens no account.
    await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', bo.userId).execute();
    t.advance(1_001);
    const archive = await call('GET', `/api/media/pin/${pin.pinId}/download-url`, bo);
    const archiveToken = (archive.json().downloadUrl as string).split('/').pop()!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/account/export/${archiveToken}` })).statusCode,
    ).toBe(403);
    t.advance(MEDIA_LIMITS.downloadUrlSeconds * 1000 + 1);
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.message).toBe('This download link has expired. Please try again.');
  });

  it('deletes nothing for a wrong e-mail, then everything of the account for the right one', async () => {
    const cy = await travellerWithMedia();
    const other = await travellerWithMedia();
    const tables = await storedTables(t);
    const before = await storedState(t, tables);

    const wrong = await call('DELETE', '/api/account', cy, { email: 'someone-else@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'CONFIRMATION_MISMATCH',
      message: 'The e-mail address does not match this account. Type it exactly to delete the account.',
    });
    expect(await storedState(t, tables)).toEqual(before);

    // A second browser of the same account, signed in separately.
    const email = (await call('GET', '/api/profile', cy)).json().email as string;
    const deleted = await call('DELETE', '/api/account', cy, { email: `  ${email.toUpperCase()} ` });
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
      call('DELETE', '/api/account', dot, { email }),
      call('DELETE', '/api/account', dot, { email }),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes[0]).toBe(204);
    expect([401, 404]).toContain(codes[1]);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', dot.userId).execute()).toEqual([]);
    expect((await call('GET', '/api/profile', secondBrowser)).statusCode).toBe(401);
  });
});
