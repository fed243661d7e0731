// Route limits with two instances of the service on one database: on PostgreSQL they count together in
// the database (apps/server/src/http/rate-limit-store.ts), so a client gets a route's max once however its
// requests are spread; on SQLite, one process, they count in memory. The store on its own: windows, keys,
// the sweep of ended rows, and a database that fails or does not answer.
import { createHash } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorCode } from '@waymarks/shared';
import { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app.js';
import { newId } from '../common/ids.js';
import { createDatabase, type Db } from '../db/database.js';
import { OwnSchemaPostgresDialect } from '../db/own-schema-introspector.js';
import type { Database } from '../db/schema.js';
import {
  createSignedInUser,
  freePort,
  startAnotherInstance,
  startTestApp,
  testDialects,
  type Dialect,
  type TestApp,
} from '../testing/test-app.js';
import { UNAVAILABLE_MESSAGES } from './errors.js';
import { SWEEP_EVERY_MS, databaseRateLimitStore } from './rate-limit-store.js';

/** A route limited per address (30 a minute) whose handler needs nothing: no cookie answers 204. */
const refresh = (t: TestApp, address: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', remoteAddress: address });

const hashOf = (key: string) => createHash('sha256').update(key).digest('base64url');
const statuses = (answers: LightMyRequestResponse[]) => answers.map((res) => res.statusCode);
const limitOf = (res: LightMyRequestResponse) => Number(res.headers['x-ratelimit-limit']);

describe.each(testDialects())('route limits with two instances on %s', (dialect) => {
  /** `it` for the tests of this dialect's store (shared on PostgreSQL, in memory on SQLite); others are not declared. */
  const on = (only: Dialect) => (only === dialect ? it : (_name: string, _test: () => Promise<void>) => {});
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp(dialect);
    b = await startAnotherInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  on('postgres')(
    'refuses requests alternating between the instances at the route max, not twice it',
    async () => {
      const first = await refresh(a, '10.95.0.1');
      const max = limitOf(first);
      expect(max).toBe(30);
      const answers = [first];
      for (let i = 1; i < max; i += 1) answers.push(await refresh(i % 2 ? b : a, '10.95.0.1'));
      expect(statuses(answers)).toEqual(Array(max).fill(204));
      // Each instance reports what is left of the one shared budget.
      expect(answers.map((res) => Number(res.headers['x-ratelimit-remaining']))).toEqual(
        Array.from({ length: max }, (_, i) => max - i - 1),
      );

      const [overA, overB] = [await refresh(a, '10.95.0.1'), await refresh(b, '10.95.0.1')];
      expect(statuses([overA, overB])).toEqual([429, 429]);
      expect(overB.json().error.code).toBe(ErrorCode.rateLimited);
      expect(Number(overB.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not held back by this one.
      expect((await refresh(b, '10.95.0.2')).statusCode).toBe(204);
    },
  );

  on('postgres')(
    'lets exactly the route max through of a burst fired at both instances at once',
    async () => {
      const max = limitOf(await refresh(a, '10.95.1.1'));
      const burst = await Promise.all(
        Array.from({ length: max + 10 }, (_, i) => refresh(i % 2 ? b : a, '10.95.1.2')),
      );
      expect(statuses(burst).filter((status) => status === 204)).toHaveLength(max);
      expect(statuses(burst).filter((status) => status === 429)).toHaveLength(10);
    },
  );

  on('postgres')(
    'counts a per-user limit across the instances, whichever address the user comes from',
    async () => {
      const { token } = await createSignedInUser(a, { email: 'limited@example.com', name: 'Nellie Bly' });
      // A caption for media that is not there: 404 once the limit has counted it.
      const caption = (t: TestApp, i: number) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/media/${newId()}`,
          headers: { authorization: `Bearer ${token}` },
          payload: { caption: null },
          remoteAddress: `10.95.2.${i % 200}`,
        });
      const first = await caption(a, 0);
      const max = limitOf(first);
      expect(max).toBe(120);
      const answers = [first];
      for (let i = 1; i < max; i += 1) answers.push(await caption(i % 2 ? b : a, i));
      expect(statuses(answers)).toEqual(Array(max).fill(404));
      expect(statuses([await caption(a, 7), await caption(b, 8)])).toEqual([429, 429]);
    },
  );

  on('postgres')(
    'counts each route apart: a client at its limit on one route is served on another',
    async () => {
      const max = limitOf(await refresh(a, '10.95.3.1'));
      for (let i = 1; i < max; i += 1) await refresh(i % 2 ? b : a, '10.95.3.1');
      expect((await refresh(b, '10.95.3.1')).statusCode).toBe(429);
      const forgot = await b.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'nobody@example.com' },
        remoteAddress: '10.95.3.1',
      });
      expect(forgot.statusCode).toBe(200);
    },
  );

  on('postgres')('serves a client again once the window has passed', async () => {
    const max = limitOf(await refresh(a, '10.95.4.1'));
    for (let i = 1; i < max; i += 1) await refresh(a, '10.95.4.1');
    expect((await refresh(b, '10.95.4.1')).statusCode).toBe(429);
    a.advance(60_000);
    b.advance(60_000);
    expect((await refresh(b, '10.95.4.1')).statusCode).toBe(204);
    expect(Number((await refresh(a, '10.95.4.1')).headers['x-ratelimit-remaining'])).toBe(max - 2);
  });

  on('sqlite')(
    'counts in each instance’s memory on SQLite (one process), writing nothing to the database',
    async () => {
      const max = limitOf(await refresh(a, '10.95.5.1'));
      for (let i = 1; i < max; i += 1) await refresh(a, '10.95.5.1');
      expect((await refresh(a, '10.95.5.1')).statusCode).toBe(429);
      expect((await refresh(b, '10.95.5.1')).statusCode).toBe(204);
      expect(await a.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    },
  );
});

describe.each(testDialects().filter((dialect) => dialect === 'postgres'))(
  'the database rate-limit store on %s',
  () => {
    let t: TestApp;
    const silent = { error: () => {}, warn: () => {} };

    beforeAll(async () => {
      t = await startTestApp('postgres');
    });
    afterAll(async () => t?.close());

    /** The store's answer to one hit on `key` of a route, with the callback turned into a promise. */
    function storeFor(db: Db, clock: { now: number }, hitTimeoutMs?: number) {
      const Store = databaseRateLimitStore({
        db,
        now: () => clock.now,
        log: silent,
        ...(hitTimeoutMs ? { hitTimeoutMs } : {}),
      });
      const root = new Store({});
      return (url: string) => {
        const route = root.child({ routeInfo: { method: 'GET', url } } as never) as unknown as {
          incr(key: string, callback: (error: Error | null, result?: object) => void, window: number): void;
        };
        return (key: string, windowMs = 60_000) =>
          new Promise<{ current: number; ttl: number }>((resolve, reject) =>
            route.incr(
              key,
              (error, result) =>
                error ? reject(error) : resolve(result as { current: number; ttl: number }),
              windowMs,
            ),
          );
      };
    }

    const rowsOf = (key: string) =>
      t.db
        .selectFrom('rate_limits')
        .selectAll()
        .where('key', '=', `GET /sweep ${hashOf(key)}`)
        .execute();

    it('counts hits per route and key, with the time left in the window as ttl', async () => {
      const clock = { now: 1_000_000 };
      const route = storeFor(t.db, clock);
      const search = route('/count/search');
      expect(await search('client-1')).toEqual({ current: 1, ttl: 60_000 });
      clock.now += 15_000;
      expect(await search('client-1')).toEqual({ current: 2, ttl: 45_000 });
      expect(await search('client-2')).toEqual({ current: 1, ttl: 60_000 });
      expect(await route('/count/reverse')('client-1')).toEqual({ current: 1, ttl: 60_000 });
    });

    it('starts a new window at one hit once the last one has ended', async () => {
      const clock = { now: 2_000_000 };
      const hit = storeFor(t.db, clock)('/window');
      for (let i = 0; i < 5; i += 1) await hit('client');
      clock.now += 60_000;
      expect(await hit('client')).toEqual({ current: 1, ttl: 60_000 });
    });

    it('keeps no address or account id in clear, however long the key', async () => {
      const clock = { now: 3_000_000 };
      const hit = storeFor(t.db, clock)('/hashed');
      const long = `user:${'x'.repeat(400)}`;
      await hit(long);
      expect(await hit(long)).toMatchObject({ current: 2 });
      await hit('10.95.7.1');
      const keys = await t.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', 'GET /hashed %')
        .execute();
      expect(keys).toHaveLength(2);
      for (const { key } of keys) expect(key).toMatch(/^GET \/hashed [\w-]{43}$/);
    });

    it('deletes the rows whose window has ended, at most once a minute per instance', async () => {
      const clock = { now: 10_000_000 };
      const hit = storeFor(t.db, clock)('/sweep');
      // The instance's first hit swept; the next sweep is a minute later.
      await hit('left-behind', 1_000);
      clock.now += SWEEP_EVERY_MS;
      await hit('active');
      await expect.poll(() => rowsOf('left-behind')).toEqual([]);
      expect(await rowsOf('active')).toHaveLength(1);

      await hit('left-again', 1_000);
      clock.now += 2_000;
      await hit('active');
      expect(await rowsOf('left-again')).toHaveLength(1);
      clock.now += SWEEP_EVERY_MS;
      await hit('active');
      await expect.poll(() => rowsOf('left-again')).toEqual([]);
      expect(await rowsOf('active')).toHaveLength(1);
    });

    it('refuses limit options it does not implement when the route is registered', () => {
      const Store = databaseRateLimitStore({ db: t.db, now: Date.now, log: silent });
      expect(() => new Store({ continueExceeding: true } as never)).toThrow(/continueExceeding/);
      const root = new Store({});
      expect(() => root.child({ routeInfo: {} } as never)).toThrow(/routes only/);
    });

    it('answers 503 with Retry-After at once when the database is down, not a hang or a 500', async () => {
      const url = `postgres://postgres@127.0.0.1:${await freePort()}/waymarks`;
      const db = createDatabase({ dialect: 'postgres', url });
      const app = await buildApp({
        config: { ...t.config, database: { dialect: 'postgres', url } },
        db,
        logger: false,
      });
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          remoteAddress: '10.95.6.1',
        });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().error).toEqual({
          code: ErrorCode.serviceBusy,
          message: UNAVAILABLE_MESSAGES.service,
        });
      } finally {
        await app.close();
        await db.destroy();
      }
    });

    it('gives up on a database that does not answer after the hit timeout', async () => {
      // Accepts connections and never says a word, as a database behind a dead network path.
      const sockets: Socket[] = [];
      const silentServer = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
      const { port } = silentServer.address() as { port: number };
      const db = new Kysely<Database>({
        dialect: new OwnSchemaPostgresDialect({
          pool: new pg.Pool({
            connectionString: `postgres://postgres@127.0.0.1:${port}/x`,
            connectionTimeoutMillis: 2_000,
          }),
        }),
      });
      try {
        const hit = storeFor(db, { now: Date.now() }, 200)('/silent');
        const startedAt = Date.now();
        await expect(hit('client')).rejects.toMatchObject({ statusCode: 503 });
        expect(Date.now() - startedAt).toBeLessThan(1_000);
      } finally {
        for (const socket of sockets) socket.destroy();
        silentServer.close();
        await db.destroy().catch(() => {});
      }
    });
  },
);
