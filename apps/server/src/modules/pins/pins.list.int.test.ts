// GET /api/pins sends the JSON the database writes (pins.repository.ts listJson, pins.list-json.ts). Here,
// on each database, it is held to what the generic path wrote from the same stored pins (the presenter,
// the contract's projection and jsonBody): the same values, keys and order, numbers perhaps in other
// digits (SQLite writes 0 as 0.0).
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinListResponse } from '@waymarks/shared';
import type { PinsTable } from '../../db/schema.js';
import { toPin } from '../../common/pin.presenter.js';
import { projectionOf } from '../../http/contract-projection.js';
import { jsonBody } from '../../http/json-bytes.js';
import {
  accountMaker,
  apiCaller,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';
import { PinsRepository } from './pins.repository.js';

/** Text that needs escaping in JSON or in a script, wide characters, and the longest titles allowed. */
const HARD_STRINGS = [
  'Say "hello" to the \\harbour\\',
  Array.from({ length: 31 }, (_, code) => String.fromCharCode(code + 1)).join(''),
  'delete \u007f, line separator \u2028, paragraph separator \u2029',
  'Zürich – “Altstadt” 🏔 🗺️ 👍🏽 👩‍👩‍👧 北京 القاهرة',
  '</script><script>alert(1)</script>',
  'x'.repeat(200),
  '',
];

/** Doubles that need all 17 digits to read back, tiny ones, negative zero, whole numbers, the limits. */
const HARD_NUMBERS = [0.1 + 0.2, 47 + 1 / 3, -(179 + 2 / 3), 1e-7, -0, 5, -90, 180];

describe.each(testDialects())('the pin list on %s', (dialect) => {
  let t: TestApp;
  const signedInUser = accountMaker(() => t, { label: 'lister' });
  const call = apiCaller(() => t);
  let dana: SignedInUser;

  /** What the generic path sent for the user's stored pins, read with every column. */
  async function projectedList(userId: string, timeline: boolean) {
    let query = t.db.selectFrom('pins').selectAll().where('user_id', '=', userId);
    query = timeline
      ? query.where('visit_date', 'is not', null).orderBy('visit_date').orderBy('created_at')
      : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
    const rows = await query.execute();
    return String(jsonBody(projectionOf(PinListResponse)({ pins: rows.map(toPin) })));
  }

  /** The body as JSON.stringify writes its value: the same keys in the same order, numbers in JS digits. */
  const normalised = (body: Buffer) => JSON.stringify(JSON.parse(body.toString('utf8')));

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dana = await signedInUser();
    // The timeline needs the timelineView feature (basic and above).
    await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', dana.userId).execute();
    t.advance(USER_CACHE_TTL_MS + 1);
    // Enough pins for the answer to go out as one buffer; a few share a millisecond, so id orders them.
    const at = Date.now();
    const pins: Insertable<PinsTable>[] = Array.from({ length: 600 }, (_, i) => ({
      id: randomUUID(),
      user_id: dana.userId,
      title: HARD_STRINGS[i % HARD_STRINGS.length]!,
      description: HARD_STRINGS[(i + 3) % HARD_STRINGS.length]!,
      lat: Math.max(-90, Math.min(90, HARD_NUMBERS[i % HARD_NUMBERS.length]!)),
      lng: HARD_NUMBERS[(i + 1) % HARD_NUMBERS.length]!,
      country_code: i % 2 ? 'CH' : 'XX',
      country_name: i % 2 ? 'Switzerland' : 'Unknown',
      visit_date: i % 3 ? `20${String(10 + (i % 13)).padStart(2, '0')}-06-14` : null,
      verification_status: ['unverified', 'verified', 'processing'][i % 3]!,
      verification_score: i % 101,
      media_count: i % 7,
      city: null,
      created_at: at - Math.floor(i / 3),
      updated_at: at,
    }));
    await new PinsRepository(t.db).insertMany(pins);
  }, 60_000);
  afterAll(async () => t?.close());

  it('sends the values, keys and order the contract projection of the stored pins gave', async () => {
    const res = await call('GET', '/api/pins', dana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().pins).toHaveLength(600);
    expect(normalised(res.rawPayload)).toBe(await projectedList(dana.userId, false));
  });

  it('sends the timeline as the projection gave it, dated pins only, oldest visit first', async () => {
    const res = await call('GET', '/api/pins?timeline=true', dana);
    expect(res.statusCode).toBe(200);
    expect(res.json().pins).toHaveLength(400);
    expect(normalised(res.rawPayload)).toBe(await projectedList(dana.userId, true));
  });

  it('never stores a lone surrogate for a list to write: a body holding one is refused', async () => {
    const erin = await signedInUser();
    const res = await call('POST', '/api/pins', erin, { lat: 47.5, lng: 7.5, title: 'half \ud83c pair' });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', '/api/pins', erin)).json()).toEqual({ pins: [] });
  });
});
