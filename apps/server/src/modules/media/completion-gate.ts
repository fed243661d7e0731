// The line completions wait in: one completion per upload at a time, a few processed at once, and a
// bounded number waiting. What does not fit is refused at once, so a flood costs no memory.
import { createLimiter, MAX_CONCURRENT_DERIVATIVE_JOBS, type Limiter } from '../../media/job-limiter.js';

interface CompletionLimits {
  /** Completions processed at once: each may hold a decoded full-size image, and on S3 a downloaded file. */
  running: number;
  /** Completions waiting their turn; more are refused. */
  waiting: number;
  /** When a refused completion should try again, in seconds (the Retry-After it is answered with). */
  retryAfterSeconds: number;
}

/**
 * As many at once as the thumbnail makers run (more would only queue there, holding their downloads), and
 * at about a second each a wait of some fifteen seconds for the last one in line. A browser sends four
 * uploads at a time, so this is eight browsers' worth at once.
 */
export const COMPLETION_LIMITS: CompletionLimits = {
  running: MAX_CONCURRENT_DERIVATIVE_JOBS,
  waiting: 30,
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
