// The jobs port: work that runs outside the request that caused it (thumbnails and previews, the media
// sweep, reading the cities of older pins, reading and committing imports, rewriting a traveller's
// figures). Services enqueue by name; the composition root gives the queue its handlers and starts it in the process that runs jobs. The in-process adapter (in-process.ts)
// runs them in this process, with SQLite; on PostgreSQL, pg-boss stores them (pg-boss.ts, decision 094).
// Both are held to the same contract (queue.contract.ts).

/** Every job the service knows, with what it carries. Payloads are plain JSON: a durable queue stores them. */
export interface JobPayloads {
  /** Makes the thumbnail and preview of a completed upload, or refuses it (MediaService.makeDerivatives). */
  'media.derivatives': { mediaId: string };
  /** Enqueues 'media.derivatives' again for ready media still waiting for theirs (lost with a process). */
  'media.derivatives-resume': Record<string, never>;
  /** Removes what crashes and abandoned uploads left behind (media.sweep.ts). */
  'media.sweep': { partsOlderThanMs: number };
  /** Reads the cities of pins stored without one (modules/pins/city-backfill.ts). */
  'pins.city-backfill': Record<string, never>;
  /** Reads an import's files into the places it offers (modules/imports/import-reading.ts). */
  'imports.read': { importId: string };
  /** Makes an import's kept places pins (modules/imports/import-commit.ts). */
  'imports.commit': { importId: string };
  /** Resumes imports whose job was lost, and removes what imports leave behind (imports.sweep.ts). */
  'imports.sweep': Record<string, never>;
  /** Rewrites one traveller's figures from what is stored now. */
  'progress.refresh': { userId: string };
}

export type JobName = keyof JobPayloads;

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };

export interface EnqueueOptions {
  /**
   * While a job of the same name and key waits to run, enqueueing another adds nothing: ten changes to one
   * traveller's pins in a burst rewrite their figures once or twice, not ten times. And jobs of one name
   * and key never run side by side: the later waits until the earlier has ended, so a rewrite that read
   * older state can never finish after one that read newer state.
   */
  key?: string;
}

export interface JobQueue {
  /**
   * Its jobs are stored where every process sees them, and any process that runs jobs may take one; an
   * in-process queue's jobs run only in the process that enqueued them.
   */
  readonly durable: boolean;
  /** Adds a job; resolves once it is accepted (stored, for a durable queue), not when it has run. */
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  /** Starts running jobs with these handlers. Jobs enqueued before start wait for it. */
  start(handlers: JobHandlers): void;
  /** Takes no new job to run, and waits for those running to finish. */
  stop(): Promise<void>;
  /** Resolves once no job waits or runs (shutdown, tests). */
  idle(): Promise<void>;
}

/** How often a failed job is tried in all, and how long to wait before the next try (at most 5 minutes). */
export const JOB_ATTEMPTS = 3;
export const retryDelayMs = (attempt: number): number => Math.min(1_000 * 4 ** (attempt - 1), 5 * 60_000);

/**
 * A thumbnail is tried for longer: storage out of reach for a few minutes must not leave a photo without
 * one for good (the others are rewritten whole, or run again, at the next change or start).
 */
export const DERIVATIVES_ATTEMPTS = 8;
export const attemptsOf = (name: JobName): number =>
  name === 'media.derivatives' ? DERIVATIVES_ATTEMPTS : JOB_ATTEMPTS;
