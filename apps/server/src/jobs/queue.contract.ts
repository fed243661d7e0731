// What every adapter of the jobs port promises, as one suite: in-process.test.ts runs it against the
// in-process queue, and a durable engine's adapter runs the same suite against its own.
import { afterEach, describe, expect, it } from 'vitest';
import { DERIVATIVES_ATTEMPTS, JOB_ATTEMPTS, type JobHandlers, type JobQueue } from './queue.js';

export interface ContractQueueOptions {
  /** Retries wait this long in the suite, not seconds. */
  retryDelayMs: (attempt: number) => number;
}

/** Handlers that record what ran; `refresh` is the handler of progress.refresh, replaceable per test. */
function recordingHandlers(refresh: (userId: string) => Promise<void> = async () => {}) {
  const ran: string[] = [];
  const handlers: JobHandlers = {
    'media.derivatives': async ({ mediaId }) => void ran.push(`derivatives ${mediaId}`),
    'media.derivatives-resume': async () => void ran.push('derivatives-resume'),
    'media.sweep': async ({ partsOlderThanMs }) => void ran.push(`sweep ${partsOlderThanMs}`),
    'pins.city-backfill': async () => void ran.push('backfill'),
    'imports.read': async ({ importId }) => void ran.push(`import read ${importId}`),
    'imports.commit': async ({ importId }) => void ran.push(`import commit ${importId}`),
    'imports.sweep': async () => void ran.push('imports sweep'),
    'progress.refresh': async ({ userId }) => {
      ran.push(`refresh ${userId}`);
      await refresh(userId);
    },
  };
  return { ran, handlers };
}

export function describeJobQueueContract(
  adapter: string,
  makeQueue: (options: ContractQueueOptions) => JobQueue | Promise<JobQueue>,
): void {
  describe(`the ${adapter} job queue`, () => {
    let queue: JobQueue | undefined;
    const open = async () => {
      queue = await makeQueue({ retryDelayMs: () => 5 });
      return queue;
    };
    afterEach(async () => {
      await queue?.stop();
      queue = undefined;
    });

    it('runs each job once with its payload', async () => {
      const q = await open();
      const { ran, handlers } = recordingHandlers();
      q.start(handlers);
      await q.enqueue('media.sweep', { partsOlderThanMs: 42 });
      await q.enqueue('progress.refresh', { userId: 'u1' });
      await q.idle();
      expect(ran.sort()).toEqual(['refresh u1', 'sweep 42']);
    });

    it('keeps jobs enqueued before it starts, and runs them once started', async () => {
      const q = await open();
      const { ran, handlers } = recordingHandlers();
      await q.enqueue('pins.city-backfill', {});
      expect(ran).toEqual([]);
      q.start(handlers);
      await q.idle();
      expect(ran).toEqual(['backfill']);
    });

    it('adds a keyed job once while one with its name and key waits', async () => {
      const q = await open();
      const { ran, handlers } = recordingHandlers();
      for (let i = 0; i < 5; i += 1) await q.enqueue('progress.refresh', { userId: 'u1' }, { key: 'u1' });
      await q.enqueue('progress.refresh', { userId: 'u2' }, { key: 'u2' });
      q.start(handlers);
      await q.idle();
      expect(ran.sort()).toEqual(['refresh u1', 'refresh u2']);
    });

    it('adds a keyed job again once the waiting one has started: it may have read the old state', async () => {
      const q = await open();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let calls = 0;
      const { ran, handlers } = recordingHandlers(async () => {
        calls += 1;
        if (calls === 1) {
          started();
          await held;
        }
      });
      q.start(handlers);
      await q.enqueue('progress.refresh', { userId: 'u1' }, { key: 'u1' });
      await running;
      await q.enqueue('progress.refresh', { userId: 'u1' }, { key: 'u1' });
      release();
      await q.idle();
      expect(ran).toEqual(['refresh u1', 'refresh u1']);
    });

    it('never runs two jobs of one name and key side by side, and runs other keys meanwhile', async () => {
      const q = await open();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let running = 0;
      let most = 0;
      const { ran, handlers } = recordingHandlers(async (userId) => {
        if (userId !== 'u1') return;
        running += 1;
        most = Math.max(most, running);
        await held;
        running -= 1;
      });
      q.start(handlers);
      await q.enqueue('progress.refresh', { userId: 'u1' }, { key: 'u1' });
      await q.enqueue('progress.refresh', { userId: 'u1' }, { key: 'u1' });
      await q.enqueue('progress.refresh', { userId: 'u2' }, { key: 'u2' });
      // u2 is not held back by u1's running job; u1's second waits for its first.
      await expect.poll(() => ran).toContain('refresh u2');
      expect(ran.filter((entry) => entry === 'refresh u1')).toHaveLength(1);
      release();
      await q.idle();
      expect(ran.filter((entry) => entry === 'refresh u1')).toHaveLength(2);
      expect(most).toBe(1);
    });

    it('tries a failing job again until it succeeds', async () => {
      const q = await open();
      let tries = 0;
      const { handlers } = recordingHandlers(async () => {
        tries += 1;
        if (tries < JOB_ATTEMPTS) throw new Error(`try ${tries} fails`);
      });
      q.start(handlers);
      await q.enqueue('progress.refresh', { userId: 'u1' });
      await q.idle();
      expect(tries).toBe(JOB_ATTEMPTS);
    });

    it(`gives up on a job after ${JOB_ATTEMPTS} tries and goes on with the others`, async () => {
      const q = await open();
      let tries = 0;
      const { ran, handlers } = recordingHandlers(async () => {
        tries += 1;
        throw new Error('always fails');
      });
      q.start(handlers);
      await q.enqueue('progress.refresh', { userId: 'u1' });
      await q.enqueue('media.sweep', { partsOlderThanMs: 0 });
      await q.idle();
      expect(tries).toBe(JOB_ATTEMPTS);
      expect(ran).toContain('sweep 0');
    });

    it(`tries a thumbnails job ${DERIVATIVES_ATTEMPTS} times, to ride out storage out of reach`, async () => {
      const q = await open();
      let tries = 0;
      const { handlers } = recordingHandlers();
      q.start({
        ...handlers,
        'media.derivatives': async () => {
          tries += 1;
          throw new Error('storage out of reach');
        },
      });
      await q.enqueue('media.derivatives', { mediaId: 'm1' }, { key: 'm1' });
      await q.idle();
      expect(tries).toBe(DERIVATIVES_ATTEMPTS);
    });

    it('waits for a running job when it stops, and runs nothing after', async () => {
      const q = await open();
      let finished = false;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const { ran, handlers } = recordingHandlers(async () => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished = true;
      });
      q.start(handlers);
      await q.enqueue('progress.refresh', { userId: 'u1' });
      await running;
      await q.stop();
      expect(finished).toBe(true);
      await q.enqueue('media.sweep', { partsOlderThanMs: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ran).toEqual(['refresh u1']);
    });
  });
}
