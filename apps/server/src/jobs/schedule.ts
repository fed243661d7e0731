// The recurring jobs: the media and imports sweeps once at start and every hour after; the reading of older pins'
// cities and the thumbnails still to be made, once at start. Enqueued, never run here: start-up and requests never wait for them.
import type { JobQueue } from './queue.js';

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Starts the schedule; the function it returns stops it. */
export function scheduleRecurringJobs(
  jobs: JobQueue,
  deps: {
    log: { error(object: object, message: string): void };
    /** Another process takes uploads (a worker beside the web app): no part file is known to be dead yet. */
    uploadsElsewhere: boolean;
  },
): () => void {
  const enqueue = (promise: Promise<void>) =>
    promise.catch((error: unknown) =>
      deps.log.error({ err: error }, 'a recurring job could not be enqueued'),
    );
  // Upload files are written to as the bytes arrive, so one untouched for an hour belongs to an upload that
  // died; at the start of the process that takes uploads, so does every one already there.
  const sweep = (partsOlderThanMs: number) => {
    void enqueue(jobs.enqueue('media.sweep', { partsOlderThanMs }, { key: 'sweep' }));
    // Imports read or committed when the last process stopped are resumed by the first run.
    return enqueue(jobs.enqueue('imports.sweep', {}, { key: 'imports-sweep' }));
  };
  void sweep(deps.uploadsElsewhere ? SWEEP_INTERVAL_MS : 0);
  void enqueue(jobs.enqueue('pins.city-backfill', {}, { key: 'backfill' }));
  // The thumbnails of uploads completed just before the last stop were lost with its queue.
  void enqueue(jobs.enqueue('media.derivatives-resume', {}, { key: 'derivatives-resume' }));
  // Not unref'd: in the worker, the schedule is what keeps the process alive between jobs.
  const timer = setInterval(() => void sweep(SWEEP_INTERVAL_MS), SWEEP_INTERVAL_MS);
  return () => clearInterval(timer);
}
