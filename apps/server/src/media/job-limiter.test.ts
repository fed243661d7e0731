import { describe, expect, it } from 'vitest';
import { createLimiter } from './job-limiter.js';

describe('createLimiter', () => {
  it('runs at most its limit at once, in arrival order, and frees slots on failure', async () => {
    const limiter = createLimiter(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    let running = 0;
    let peak = 0;
    const results = [0, 1, 2, 3, 4].map((n) =>
      limiter.run(
        () =>
          new Promise<number>((resolve, reject) => {
            started.push(n);
            running += 1;
            peak = Math.max(peak, running);
            finish[n] = () => {
              running -= 1;
              if (n === 1) reject(new Error('task 1 failed'));
              else resolve(n);
            };
          }),
      ),
    );
    const outcomes = Promise.allSettled(results);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.queued]).toEqual([2, 3]);
    finish[1]?.();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const n of [0, 2, 3, 4]) {
      await settle();
      finish[n]?.();
    }
    expect((await outcomes).map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(peak).toBe(2);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });
});
