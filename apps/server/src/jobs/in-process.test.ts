import { describe, expect, it } from 'vitest';
import { InProcessQueue, type JobLog } from './in-process.js';
import { describeJobQueueContract } from './queue.contract.js';
import { retryDelayMs, type JobHandlers } from './queue.js';

const quiet: JobLog = { warn: () => {}, error: () => {} };

describeJobQueueContract(
  'in-process',
  ({ retryDelayMs }) => new InProcessQueue({ log: quiet, retryDelayMs }),
);

describe('the in-process job queue', () => {
  it('waits four times longer before each try, and never more than five minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      1_000, 4_000, 16_000, 64_000, 256_000, 300_000, 300_000,
    ]);
  });

  it('runs no more jobs at once than its concurrency', async () => {
    const queue = new InProcessQueue({ log: quiet, concurrency: 2 });
    let running = 0;
    let most = 0;
    const refresh = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    queue.start({ 'progress.refresh': refresh } as unknown as JobHandlers);
    for (let i = 0; i < 8; i += 1) await queue.enqueue('progress.refresh', { userId: `u${i}` });
    await queue.idle();
    expect(most).toBe(2);
  });

  it('runs no more jobs of one name than its limit, and other jobs beside them', async () => {
    const queue = new InProcessQueue({ log: quiet, concurrency: 3, limits: { 'media.derivatives': 1 } });
    const running = { derivatives: 0, mostDerivatives: 0, refreshesDuringDerivatives: 0 };
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    queue.start({
      'media.derivatives': async () => {
        running.derivatives += 1;
        running.mostDerivatives = Math.max(running.mostDerivatives, running.derivatives);
        await pause();
        running.derivatives -= 1;
      },
      'progress.refresh': async () => {
        if (running.derivatives > 0) running.refreshesDuringDerivatives += 1;
        await pause();
      },
    } as unknown as JobHandlers);
    for (let i = 0; i < 4; i += 1) await queue.enqueue('media.derivatives', { mediaId: `m${i}` });
    for (let i = 0; i < 2; i += 1) await queue.enqueue('progress.refresh', { userId: `u${i}` });
    await queue.idle();
    expect(running.mostDerivatives).toBe(1);
    // Enqueued behind four thumbnails, the refreshes did not wait for them all.
    expect(running.refreshesDuringDerivatives).toBe(2);
  });

  it('logs each failed try as a warning and the last as an error, naming the job', async () => {
    const lines: { level: string; object: object; message: string }[] = [];
    const log: JobLog = {
      warn: (object, message) => lines.push({ level: 'warn', object, message }),
      error: (object, message) => lines.push({ level: 'error', object, message }),
    };
    const queue = new InProcessQueue({ log, retryDelayMs: () => 1 });
    queue.start({
      'media.sweep': async () => {
        throw new Error('storage is down');
      },
    } as unknown as JobHandlers);
    await queue.enqueue('media.sweep', { partsOlderThanMs: 0 });
    await queue.idle();
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'a job failed; it will be tried again'],
      ['warn', 'a job failed; it will be tried again'],
      ['error', 'a job failed and will not be tried again'],
    ]);
    expect(lines[2]!.object).toMatchObject({ job: 'media.sweep', attempts: 3 });
  });
});
