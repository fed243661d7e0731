// The pg-boss adapter on the PostgreSQL of TEST_DATABASE_URL: the port's contract, and what only a durable
// queue can promise (a job outlives the process that enqueued it, or the one that was running it).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { JobLog } from './in-process.js';
import { PgBossQueue, type PgBossQueueOptions } from './pg-boss.js';
import { describeJobQueueContract } from './queue.contract.js';
import type { JobHandlers } from './queue.js';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL is required for PostgreSQL tests');
const schema = `jobs_${randomBytes(6).toString('hex')}`;
const quiet: JobLog = { warn: () => {}, error: () => {} };
const opened: PgBossQueue[] = [];

function queue(options: Partial<PgBossQueueOptions> = {}): PgBossQueue {
  const made = new PgBossQueue({
    connectionString: url!,
    schema,
    log: quiet,
    retryDelaySeconds: 0,
    pollIntervalMs: 50,
    ...options,
  });
  opened.push(made);
  return made;
}

/** Handlers that do nothing but for progress.refresh, which runs `refresh`. */
function refreshing(refresh: (userId: string) => Promise<void>): JobHandlers {
  const nothing = async () => {};
  return {
    'media.derivatives': nothing,
    'media.derivatives-resume': nothing,
    'media.sweep': nothing,
    'pins.city-backfill': nothing,
    'imports.read': nothing,
    'imports.commit': nothing,
    'imports.sweep': nothing,
    'progress.refresh': ({ userId }) => refresh(userId),
  };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((made) => made.stop()));
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});

describeJobQueueContract('pg-boss', () => queue());

describe('the pg-boss job queue', () => {
  it('runs a job enqueued by a process that runs no jobs in one that does', async () => {
    const web = queue();
    const worker = queue();
    const ran: string[] = [];
    worker.start(refreshing(async (userId) => void ran.push(userId)));
    await web.enqueue('progress.refresh', { userId: 'from-web' }, { key: 'from-web' });
    await worker.idle();
    expect(ran).toEqual(['from-web']);
  });

  it('keeps a job enqueued while no process works, for the next one that starts', async () => {
    const before = queue();
    await before.enqueue('progress.refresh', { userId: 'kept' }, { key: 'kept' });
    await before.stop();
    const after = queue();
    const ran: string[] = [];
    after.start(refreshing(async (userId) => void ran.push(userId)));
    await after.idle();
    expect(ran).toEqual(['kept']);
  });

  it('never runs two jobs of one key side by side in two processes', async () => {
    const first = queue();
    const second = queue();
    let running = 0;
    let most = 0;
    let runs = 0;
    const refresh = async () => {
      running += 1;
      runs += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 150));
      running -= 1;
    };
    first.start(refreshing(refresh));
    second.start(refreshing(refresh));
    // Each enqueued while the one before runs, so none is folded into another.
    for (let i = 0; i < 3; i += 1) {
      await first.enqueue('progress.refresh', { userId: 'u1' }, { key: 'u1' });
      await expect.poll(() => runs, { interval: 10 }).toBe(i + 1);
    }
    await first.idle();
    expect(runs).toBe(3);
    expect(most).toBe(1);
  });

  it('opens again on the next call when the database was out of reach the first time', async () => {
    let reachable = false;
    const flaky = queue({
      schema: async () => {
        if (!reachable) throw new Error('connect ECONNREFUSED');
        return schema;
      },
    });
    const ran: string[] = [];
    await expect(flaky.enqueue('progress.refresh', { userId: 'late' }, { key: 'late' })).rejects.toThrow(
      'ECONNREFUSED',
    );
    reachable = true;
    flaky.start(refreshing(async (userId) => void ran.push(userId)));
    await flaky.enqueue('progress.refresh', { userId: 'late' }, { key: 'late' });
    await flaky.idle();
    expect(ran).toEqual(['late']);
  });

  it('runs no more jobs of one name at once than its slots in one process', async () => {
    const worker = queue({ slots: { 'progress.refresh': 2 } });
    let running = 0;
    let most = 0;
    worker.start(
      refreshing(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 60));
        running -= 1;
      }),
    );
    for (let i = 0; i < 6; i += 1)
      await worker.enqueue('progress.refresh', { userId: `u${i}` }, { key: `u${i}` });
    await worker.idle();
    expect(most).toBe(2);
  });

  it('takes up again a job whose process was killed while running it, once the job has expired', async () => {
    // A process that takes the job and dies in the middle of it, as a worker killed with SIGKILL does.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        dyingWorker(fileURLToPath(new URL('./pg-boss.ts', import.meta.url))),
      ],
      { env: { ...process.env, JOBS_SCHEMA: schema }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    onTestFinished(() => void child.kill('SIGKILL'));
    const started = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve());
      child.on('exit', (code) => reject(new Error(`the dying worker exited early (${code})`)));
    });
    const web = queue({ expireInSeconds: { 'progress.refresh': 1 } });
    await web.enqueue('progress.refresh', { userId: 'orphan' }, { key: 'orphan' });
    await started;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const ran: string[] = [];
    const survivor = queue({ maintenanceIntervalSeconds: 1, expireInSeconds: { 'progress.refresh': 1 } });
    survivor.start(refreshing(async (userId) => void ran.push(userId)));
    await expect.poll(() => ran, { timeout: 15_000, interval: 100 }).toEqual(['orphan']);
  });
});

/** The script of a worker that signals once its job runs, then never finishes it. */
function dyingWorker(adapter: string): string {
  return `
    import { PgBossQueue } from ${JSON.stringify(adapter)};
    const queue = new PgBossQueue({
      connectionString: process.env.TEST_DATABASE_URL,
      schema: process.env.JOBS_SCHEMA,
      log: { warn() {}, error() {} },
      pollIntervalMs: 50,
      expireInSeconds: { 'progress.refresh': 1 },
    });
    const nothing = async () => {};
    queue.start({
      'media.derivatives': nothing,
      'media.derivatives-resume': nothing,
      'media.sweep': nothing,
      'pins.city-backfill': nothing,
      'progress.refresh': () => {
        process.stdout.write('started\\n');
        return new Promise(() => {});
      },
    });
  `;
}
