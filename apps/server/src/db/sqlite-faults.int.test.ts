// SQLite's own faults under a request (decision 098): the database held locked by another process past
// the busy timeout, and the database out of room. Each answers 503 with Retry-After in the API's shape,
// stores nothing of the refused request, and the same request succeeds once the fault has passed.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, PIN_LIMITS } from '@waymarks/shared';
import { UNAVAILABLE_MESSAGES } from '../http/errors.js';
import { accountMaker, startTestApp, type SignedInUser, type TestApp } from '../testing/test-app.js';

describe('SQLite faults under a request', () => {
  let t: TestApp;
  let traveller: SignedInUser;
  const signedInUser = accountMaker(() => t, { label: 'sqlite-faults' });

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    traveller = await signedInUser();
    await t.db.updateTable('users').set({ tier: 'pro' }).where('id', '=', traveller.userId).execute();
  });
  afterAll(async () => t?.close());

  const create = (title: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pins',
      headers: { authorization: `Bearer ${traveller.token}` },
      payload: { lat: 47.5596, lng: 7.5886, title, description: 'd'.repeat(PIN_LIMITS.descriptionMax) },
    });
  const pinCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('pins')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', traveller.userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expectBusy = (res: Awaited<ReturnType<typeof create>>) => {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      error: { code: ErrorCode.serviceBusy, message: UNAVAILABLE_MESSAGES.service },
    });
    expect(res.headers['retry-after']).toBe('5');
  };

  it('answers 503 while another process holds the database locked past the busy timeout, and the create goes through after', async () => {
    if (t.config.database.dialect !== 'sqlite') throw new Error('a SQLite suite');
    const other = new SQLite(t.config.database.file);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const before = await pinCount();
      expectBusy(await create('Locked out'));
      other.exec('ROLLBACK');
      expect(await pinCount()).toBe(before);
      expect((await create('Let in')).statusCode).toBe(201);
      expect(await pinCount()).toBe(before + 1);
    } finally {
      other.close();
    }
  }, 30_000);

  it('answers 503 once the database is out of room, stores nothing of the refused create, and takes it once there is room', async () => {
    const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.db);
    // No page beyond those the database has: the next write that needs one fails as on a full disk.
    await sql`PRAGMA max_page_count = ${sql.lit(pages.rows[0]!.page_count)}`.execute(t.db);
    try {
      const before = await pinCount();
      let made = 0;
      let res = await create('Filling up');
      while (res.statusCode === 201 && made < 50) {
        made += 1;
        res = await create('Filling up');
      }
      expectBusy(res);
      expect(await pinCount()).toBe(before + made);
    } finally {
      await sql`PRAGMA max_page_count = 1073741823`.execute(t.db);
    }
    expect((await create('Room again')).statusCode).toBe(201);
  });
});
