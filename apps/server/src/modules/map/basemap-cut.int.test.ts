// The basemap's cutting thread seen from the server: the event loop keeps answering while the world is
// cut, a thread that fails costs one request a 503 and the next one starts again, and closing the app
// ends the thread. Each test has a cold service of its own behind the real route, started and stopped as
// the composition root (services.ts) does: start() once the server listens, close() when it closes.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { BASEMAP_TILES_MAX_ZOOM, ErrorCode, ErrorResponse } from '@waymarks/shared';
import { registerErrorHandling } from '../../http/errors.js';
import { serializerCompiler } from '../../http/serializer.js';
import { BasemapTiles, startBasemapWorker, type BasemapTilesOptions } from './basemap-tiles.js';
import { basemapTilesRoutes } from './basemap-tiles.routes.js';
import type { BasemapCutJob } from './basemap-worker.js';

/** Lisbon at the maxzoom: a 1:10m tile, the last zoom cut. */
const LISBON_AT_MAXZOOM = `/map/tiles/basemap/${BASEMAP_TILES_MAX_ZOOM}/60/48.pbf`;
const WORLD = '/map/tiles/basemap/0/0/0.pbf';

const apps: FastifyInstance[] = [];

async function appWith(options: BasemapTilesOptions = {}) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const tiles = new BasemapTiles(options);
  await app.register(basemapTilesRoutes, { tiles });
  app.addHook('onClose', async () => tiles.close());
  await app.ready();
  apps.push(app);
  return { app, tiles };
}

/** Threads handed out, in order: the given ones first, then the real cutter. */
function workers(...first: ((job: BasemapCutJob) => Worker)[]) {
  const started: Worker[] = [];
  let attempts = 0;
  const startWorker = (job: BasemapCutJob) => {
    attempts += 1;
    const worker = (first.shift() ?? startBasemapWorker)(job);
    started.push(worker);
    return worker;
  };
  return { started, startWorker, attempts: () => attempts };
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('the basemap cutting thread', () => {
  it('keeps the event loop answering while a cold server cuts the world for a maxzoom tile', async () => {
    const { app, tiles } = await appWith();
    let last = performance.now();
    let longestWait = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestWait = Math.max(longestWait, now - last);
      last = now;
    }, 10);
    try {
      const res = await app.inject({ method: 'GET', url: LISBON_AT_MAXZOOM });
      expect(res.statusCode).toBe(200);
    } finally {
      clearInterval(ticker);
    }
    // Cut on the event loop, the 1:10m index alone held it for 1.5–3 s. With the thread the longest wait
    // is a few tens of ms, up to 150 ms on a busy two-core machine: the bound leaves room for a slow CI
    // runner and still fails any return of the cutting to this thread.
    expect(longestWait).toBeLessThan(500);
    expect(tiles.ready).toBe(true);
    expect(tiles.report.tiles).toBeGreaterThan(10_000);
  });

  it.each([
    ['throws', () => new Worker("throw new Error('no world-atlas here')", { eval: true })],
    ['ends without cutting', () => new Worker('', { eval: true })],
    [
      'cannot start',
      () => {
        throw new Error('no thread for you');
      },
    ],
  ])('answers 503 when the thread %s, and cuts again on the next request', async (_, failing) => {
    const errors: object[] = [];
    const { attempts, startWorker } = workers(failing);
    const { app } = await appWith({ startWorker, log: { info: () => {}, error: (o) => errors.push(o) } });

    const failed = await app.inject({ method: 'GET', url: WORLD });
    expect(failed.statusCode).toBe(503);
    expect(ErrorResponse.parse(failed.json()).error.code).toBe(ErrorCode.serviceBusy);
    expect(failed.headers['cache-control']).toBeUndefined();
    expect(errors).toHaveLength(1);

    const again = await app.inject({ method: 'GET', url: WORLD });
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('public, max-age=86400');
    expect(attempts()).toBe(2);
  });

  it('starts cutting from start() without a request, and closing ends the thread', async () => {
    const { started, startWorker } = workers();
    const { app, tiles } = await appWith({ startWorker });
    tiles.start();
    expect(started).toHaveLength(1);
    const [worker] = started as [Worker];
    const exited = once(worker, 'exit');

    const pending = app.inject({ method: 'GET', url: LISBON_AT_MAXZOOM });
    await app.close();
    await exited;
    expect(worker.threadId).toBe(-1);
    // A request waiting for the cut is answered, not left hanging.
    expect((await pending).statusCode).toBe(503);
  });
});
