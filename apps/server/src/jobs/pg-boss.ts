// The durable adapter of the jobs port, on PostgreSQL (decision 094): each job is a row in pg-boss's tables,
// in a schema of their own beside the app's, so a job enqueued by one instance is run by whichever process
// works (the worker, or every instance with JOBS=inline), survives a restart, and is tried again when the
// process running it dies. pg-boss stores, retries and expires the jobs; this file adds what the port
// promises beyond that: a bounded number of jobs of each name at once per process, and jobs of one name and
// key never side by side, even in two processes (a PostgreSQL advisory lock held while one runs).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.js';
import type { JobLog } from './in-process.js';
import {
  attemptsOf,
  type EnqueueOptions,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from './queue.js';

/**
 * Jobs of each name one process runs at once. Each derivatives job may hold a decoded full-size image; a
 * traveller's figures are a few queries, and a slot held by a job waiting for another of its key (the
 * lock below) still leaves others free.
 */
export const SLOTS: Record<JobName, number> = {
  'media.derivatives': 2,
  'media.derivatives-resume': 1,
  'media.sweep': 1,
  'pins.city-backfill': 1,
  // A read holds the stays of a whole history in memory and keeps a core busy: one at a time.
  'imports.read': 1,
  'imports.commit': 1,
  'imports.sweep': 1,
  'progress.refresh': 3,
};

/**
 * How long a job may run before it is taken for dead (its process killed) and tried again elsewhere:
 * well past the longest a healthy one takes (a video's poster frame has 20 s, a HEIF decode 60 s).
 */
export const EXPIRE_IN_SECONDS: Record<JobName, number> = {
  'media.derivatives': 5 * 60,
  'media.derivatives-resume': 30 * 60,
  'media.sweep': 30 * 60,
  'pins.city-backfill': 30 * 60,
  // 5 GB at 50 MB/s is under two minutes; a slow store, or the gazetteer loading, takes longer.
  'imports.read': 60 * 60,
  'imports.commit': 10 * 60,
  'imports.sweep': 30 * 60,
  'progress.refresh': 60,
};

/** Every job's name: a queue each. SLOTS names them all, as its type requires. */
const JOB_NAMES = Object.keys(SLOTS) as JobName[];

export interface PgBossQueueOptions {
  connectionString: string;
  /** pg-boss's own schema, or how to find it once connected; 'pgboss' by default. */
  schema?: string | (() => Promise<string>);
  log: JobLog;
  slots?: Partial<Record<JobName, number>>;
  expireInSeconds?: Partial<Record<JobName, number>>;
  /** Seconds before a failed job's next try, doubled after each (with jitter); 1 by default. */
  retryDelaySeconds?: number;
  /** How often an idle slot asks for work; 500 ms by default. */
  pollIntervalMs?: number;
  /** How often pg-boss looks for expired jobs (one process in the cluster does it); 30 s by default. */
  maintenanceIntervalSeconds?: number;
}

interface Slot {
  name: JobName;
  /** Ends the slot's wait for its next poll at once. */
  wake: () => void;
  done: Promise<void>;
}

export class PgBossQueue implements JobQueue {
  readonly durable = true;
  /** The schema pg-boss's tables are in, once opened. */
  private schema = '';
  /** Holds the advisory locks: one connection per job running, released with it. */
  private readonly locks: pg.Pool;
  private ready: Promise<PgBoss> | undefined;
  private handlers: JobHandlers | undefined;
  private readonly slots: Slot[] = [];
  private stopped = false;
  /** Stopped for good: its connections are closed. */
  private closed = false;

  constructor(private readonly options: PgBossQueueOptions) {
    const runningAtOnce = JOB_NAMES.reduce((sum, name) => sum + this.slotsOf(name), 0);
    this.locks = new pg.Pool({ connectionString: options.connectionString, max: runningAtOnce });
    this.locks.on('error', (error) => options.log.error({ err: error }, 'a job lock connection failed'));
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}) {
    if (this.stopped) return;
    const boss = await this.open();
    const retryDelay = this.options.retryDelaySeconds ?? 1;
    // pg-boss's 'short' policy keeps one waiting job per key; a job without a key gets a key of its own.
    // How it is retried and when it expires travel with each job: the process that enqueues decides.
    await boss.send(name, payload, {
      singletonKey: options.key ?? `unkeyed:${randomUUID()}`,
      retryLimit: attemptsOf(name) - 1,
      retryDelay,
      // pg-boss waits at least a second between tries that back off.
      retryBackoff: retryDelay > 0,
      expireInSeconds: this.options.expireInSeconds?.[name] ?? EXPIRE_IN_SECONDS[name],
    });
    for (const slot of this.slots) if (slot.name === name) slot.wake();
  }

  start(handlers: JobHandlers): void {
    if (this.closed) return;
    this.handlers = handlers;
    this.stopped = false;
    if (this.slots.length > 0) return;
    for (const name of JOB_NAMES) {
      for (let i = 0; i < this.slotsOf(name); i += 1) this.slots.push(this.slot(name));
    }
  }

  async stop(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopped = true;
    for (const slot of this.slots) slot.wake();
    await Promise.all(this.slots.map((slot) => slot.done));
    this.slots.length = 0;
    const boss = await this.ready?.catch(() => undefined);
    await boss?.stop({ graceful: false, close: true });
    await this.locks.end();
  }

  async idle(): Promise<void> {
    await this.open();
    for (;;) {
      const { rows } = await this.locks.query<{ waiting: string }>(
        `select count(*) as waiting from ${this.schema}.job where name = any($1) and state in ('created', 'retry', 'active')`,
        [JOB_NAMES],
      );
      if (Number(rows[0]!.waiting) === 0) return;
      // Once stopped, what waits stays for the next process: it is not this one's to wait for.
      if (this.stopped && this.slots.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private slotsOf(name: JobName): number {
    return this.options.slots?.[name] ?? SLOTS[name];
  }

  /**
   * Starts pg-boss once (its tables are made or migrated then) and makes every job's queue; again after a
   * start that failed.
   */
  private open(): Promise<PgBoss> {
    this.ready ??= this.connect().catch((error: unknown) => {
      // The database was out of reach: the next enqueue or poll tries again from the start.
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async connect(): Promise<PgBoss> {
    const { schema } = this.options;
    this.schema = typeof schema === 'function' ? await schema() : (schema ?? 'pgboss');
    const boss = new PgBoss({
      connectionString: this.options.connectionString,
      schema: this.schema,
      max: 4,
      // Jobs are taken by this file's own slots, never by pg-boss's work(); its cron is not used.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 30,
    });
    boss.on('error', (error) => this.options.log.error({ err: error }, 'the job queue reported an error'));
    try {
      await boss.start();
      for (const name of JOB_NAMES) await boss.createQueue(name, { name, policy: 'short' });
    } catch (error) {
      await boss.stop({ graceful: false, close: true }).catch(() => {});
      throw error;
    }
    return boss;
  }

  /** One job of `name` at a time: takes the next, runs it, and asks again at once or after a poll. */
  private slot(name: JobName): Slot {
    let wake = () => {};
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const pollMs = this.options.pollIntervalMs ?? 500;
    const run = async () => {
      while (!this.stopped) {
        let ran = false;
        let failed = false;
        try {
          ran = await this.runNext(await this.open(), name);
        } catch (error) {
          failed = true;
          this.options.log.error({ err: error, job: name }, 'jobs could not be taken from the queue');
        }
        // A database out of reach is asked again ten polls later, not every poll by every slot.
        if (!ran && !this.stopped) await sleep(failed ? pollMs * 10 : pollMs);
      }
    };
    const slot: Slot = { name, wake: () => wake(), done: run() };
    return slot;
  }

  /** Runs the next job of `name`, if one waits; says whether one did. */
  private async runNext(boss: PgBoss, name: JobName): Promise<boolean> {
    const [job] = await boss.fetch<JobPayloads[JobName]>(name, { batchSize: 1, includeMetadata: true });
    if (!job) return false;
    const handler = this.handlers![name] as (payload: unknown) => Promise<void>;
    const attempt = job.retryCount + 1;
    try {
      await this.whileLocked(`${this.schema}/${name}/${job.singletonKey ?? job.id}`, () => handler(job.data));
    } catch (error) {
      const last = attempt >= attemptsOf(name);
      this.options.log[last ? 'error' : 'warn'](
        { err: error, job: name, attempt },
        last ? 'a job failed and will not be tried again' : 'a job failed; it will be tried again',
      );
      await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
      return true;
    }
    await boss.complete(name, job.id);
    return true;
  }

  /**
   * Runs `work` while holding the advisory lock of `key`, waiting for whoever holds it. The lock belongs to
   * a connection, so a process that dies lets go of its locks with its connections.
   */
  private async whileLocked(key: string, work: () => Promise<void>): Promise<void> {
    const client = await this.locks.connect();
    let healthy = true;
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]).catch((error) => {
        healthy = false;
        throw error;
      });
      try {
        await work();
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {
          healthy = false;
        });
      }
    } finally {
      // A connection that failed may still hold the lock: it is closed, which lets go of it, not reused.
      client.release(!healthy);
    }
  }
}

/**
 * pg-boss's schema for the app's database: 'pgboss' beside the public schema, `<schema>_jobs` beside any
 * other, so two installations that share a database by schema (and tests, a schema each) keep apart.
 */
export async function pgBossSchema(db: Db): Promise<string> {
  const { schema } = await db
    .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
    .executeTakeFirstOrThrow();
  return schema === 'public' ? 'pgboss' : `${schema}_jobs`;
}
