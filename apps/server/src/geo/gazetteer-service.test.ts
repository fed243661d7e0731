import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Steps } from './key-index.js';
import { GazetteerService, runAtOnce, runInSlices } from './gazetteer-service.js';

/** Steps that each keep the CPU busy for about `ms`. */
function* busySteps(count: number, ms: number): Steps<string> {
  for (let i = 0; i < count; i += 1) {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy
    }
    yield;
  }
  return 'done';
}

describe('runInSlices', () => {
  it('hands the event loop back between slices, so other work runs while it loads', async () => {
    let ticks = 0;
    let running = true;
    const ticker = (async () => {
      while (running) {
        ticks += 1;
        await nextTurn();
      }
    })();
    const result = await runInSlices(busySteps(40, 1), 4);
    running = false;
    await ticker;
    expect(result).toBe('done');
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('stops when its signal is aborted', async () => {
    const abort = new AbortController();
    const run = runInSlices(busySteps(1000, 1), 2, abort.signal);
    abort.abort();
    await expect(run).rejects.toThrow();
  });
});

describe('runAtOnce', () => {
  it('runs every step and answers the result', () => {
    expect(runAtOnce(busySteps(3, 0))).toBe('done');
  });
});

describe('GazetteerService', () => {
  it('loads once, in the background, for all who ask meanwhile', async () => {
    const logged: string[] = [];
    const service = new GazetteerService({
      log: {
        info: (_object, message) => logged.push(message),
        error: (_object, message) => logged.push(message),
      },
    });
    expect(service.ready).toBe(false);
    const [a, b] = await Promise.all([service.get(), service.get()]);
    expect(a).toBe(b);
    expect(await service.get()).toBe(a);
    expect(service.ready).toBe(true);
    expect(logged).toEqual(['gazetteer loaded']);
    expect(service.report).toMatchObject({ places: a.tables.count, keys: a.keyCount });
    expect(service.report!.ms).toBeGreaterThan(0);
  }, 60_000);

  it('gives up a load in progress when closed', async () => {
    const service = new GazetteerService();
    const loading = service.start();
    service.close();
    await expect(loading).rejects.toThrow();
  }, 60_000);
});
