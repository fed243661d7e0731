// The line completions wait in: one completion per upload at a time, a few processed at once, and a
// bounded number waiting. What does not fit is refused at once, so a flood costs no memory.
import { createLimiter, type Limiter } from '../../media/job-limiter.js';

interface CompletionLimits {
  /** Completions processed at once. */
  running: number;
  /** Completions waiting their turn; more are refused. */
  waiting: number;
  /** When a refused completion should try again, in seconds (the Retry-After it is answered with). */
  retryAfterSeconds: number;
}

/**
 * A completion holds kilobytes: it reads the type and metadata by ranges and hashes the file as a stream
 * (the thumbnails are a job’s, decision 079), and most of its time is spent waiting on the database and
 * storage. So eight run at once, two browsers' worth of four uploads each, which keeps an instance's
 * completions from queueing behind one another's round trips under load (decision 097); a waiting one
 * costs a promise, and sixty-four wait before one is refused, some eight seconds of completions at the
 * rate a busy instance makes them.
 */
export const COMPLETION_LIMITS: CompletionLimits = {
  running: 8,
  waiting: 64,
  retryAfterSeconds: 10,
};

/** The line is full: try again after `retryAfterSeconds`. */
export class CompletionsBusyError extends Error {
  override name = 'CompletionsBusyError';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many completions are waiting');
  }
}

export class CompletionGate {
  readonly #limits: CompletionLimits;
  readonly #jobs: Limiter;
  /** The completion running or waiting for each upload, which later calls for it share. */
  readonly #inFlight = new Map<string, Promise<unknown>>();

  constructor(limits: CompletionLimits = COMPLETION_LIMITS) {
    this.#limits = limits;
    this.#jobs = createLimiter(limits.running);
  }

  /**
   * Runs `job` for the upload in its turn. A call for an upload whose completion is already running or
   * waiting gets that one's answer instead of a job of its own; a call that finds the line full is
   * refused with CompletionsBusyError.
   */
  run<T>(mediaId: string, job: () => Promise<T>): Promise<T> {
    const current = this.#inFlight.get(mediaId);
    if (current) return current as Promise<T>;
    if (this.#jobs.active + this.#jobs.queued >= this.#limits.running + this.#limits.waiting) {
      return Promise.reject(new CompletionsBusyError(this.#limits.retryAfterSeconds));
    }
    const answer = this.#jobs.run(job).finally(() => this.#inFlight.delete(mediaId));
    this.#inFlight.set(mediaId, answer);
    return answer;
  }
}
