// The in-process adapter of the jobs port: jobs wait in memory and run in this process, a few at a time,
// each tried up to attemptsOf(name) times. What waits is lost if the process stops; every job here can be
// lost that way (the sweep and the backfill run again at the next start, and a traveller's figures are
// rewritten whole at their next change), which is what makes memory enough for one machine.
import {
  attemptsOf,
  retryDelayMs,
  type EnqueueOptions,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from './queue.js';

interface Waiting {
  name: JobName;
  payload: unknown;
  key: string | undefined;
  attempt: number;
}

export interface JobLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

interface InProcessQueueOptions {
  log: JobLog;
  /** Jobs running at once; by default DEFAULT_CONCURRENCY. */
  concurrency?: number;
  /**
   * At most this many of one name at once, below `concurrency`; by default NAME_LIMITS. Slow jobs of one
   * kind (a burst of thumbnails) then leave room for the others (a traveller's figures).
   */
  limits?: Partial<Record<JobName, number>>;
  /** Wait before try `attempt + 1`; defaults to retryDelayMs (1 s, then 4 s, 16 s …). */
  retryDelayMs?: (attempt: number) => number;
}

export const DEFAULT_CONCURRENCY = 4;

/**
 * Each derivatives job may hold a decoded full-size image (MAX_CONCURRENT_DERIVATIVE_JOBS bounds them too);
 * an import's read holds a whole history's stays and keeps a core busy.
 */
export const NAME_LIMITS: Partial<Record<JobName, number>> = { 'media.derivatives': 2, 'imports.read': 1 };

/** The identity of a keyed job: its name and key. */
const keyOf = (job: Waiting): string | undefined =>
  job.key === undefined ? undefined : `${job.name}\u0000${job.key}`;

export class InProcessQueue implements JobQueue {
  readonly durable = false;
  private readonly waiting: Waiting[] = [];
  /** name + key of the jobs waiting with a key. */
  private readonly waitingKeys = new Set<string>();
  /** name + key of the jobs running with a key: another of the same waits until it ends. */
  private readonly runningKeys = new Set<string>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** How many of each name run now. */
  private readonly runningByName = new Map<JobName, number>();
  private handlers: JobHandlers | undefined;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: InProcessQueueOptions) {}

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}) {
    if (this.stopped) return;
    this.add({ name, payload, key: options.key, attempt: 1 });
  }

  start(handlers: JobHandlers): void {
    this.handlers = handlers;
    this.stopped = false;
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await Promise.all(this.running);
    this.settle();
  }

  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private add(job: Waiting): void {
    const id = keyOf(job);
    if (id !== undefined) {
      if (this.waitingKeys.has(id)) return;
      this.waitingKeys.add(id);
    }
    this.waiting.push(job);
    this.pump();
  }

  private pump(): void {
    const concurrency = this.options.concurrency ?? DEFAULT_CONCURRENCY;
    const limits = this.options.limits ?? NAME_LIMITS;
    while (this.handlers && !this.stopped && this.running.size < concurrency) {
      // The first waiting job whose key is not running now and whose name is below its limit.
      const index = this.waiting.findIndex((job) => {
        const id = keyOf(job);
        const limit = limits[job.name];
        if (limit !== undefined && (this.runningByName.get(job.name) ?? 0) >= limit) return false;
        return id === undefined || !this.runningKeys.has(id);
      });
      if (index === -1) return;
      const [job] = this.waiting.splice(index, 1) as [Waiting];
      const id = keyOf(job);
      if (id !== undefined) {
        this.waitingKeys.delete(id);
        this.runningKeys.add(id);
      }
      this.runningByName.set(job.name, (this.runningByName.get(job.name) ?? 0) + 1);
      const run = this.run(job).finally(() => {
        if (id !== undefined) this.runningKeys.delete(id);
        this.runningByName.set(job.name, this.runningByName.get(job.name)! - 1);
        this.running.delete(run);
        this.pump();
        this.settle();
      });
      this.running.add(run);
    }
  }

  private async run(job: Waiting): Promise<void> {
    const handler = this.handlers![job.name] as (payload: unknown) => Promise<void>;
    try {
      await handler(job.payload);
    } catch (error) {
      const { log } = this.options;
      if (job.attempt >= attemptsOf(job.name)) {
        log.error(
          { err: error, job: job.name, attempts: job.attempt },
          'a job failed and will not be tried again',
        );
        return;
      }
      const delay = (this.options.retryDelayMs ?? retryDelayMs)(job.attempt);
      log.warn(
        { err: error, job: job.name, attempt: job.attempt, retryInMs: delay },
        'a job failed; it will be tried again',
      );
      const timer = setTimeout(() => {
        this.retries.delete(timer);
        this.add({ ...job, attempt: job.attempt + 1 });
      }, delay);
      timer.unref();
      this.retries.add(timer);
    }
  }

  private isIdle(): boolean {
    return this.running.size === 0 && this.retries.size === 0 && (this.waiting.length === 0 || this.stopped);
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
