// The media module's public entry: createMedia, which the composition root (services.ts) builds it with,
// its routes and upload admission for app.ts, and what other modules may use: the ZIP of originals (its
// entry names and the writer an account export adds its media to). Other modules read media rows through
// the TravellerMedia port of common/media.ts; everything else stays inside the module.
import type { Storage } from '../../adapters/storage/storage.js';
import type { TravellerPins } from '../../common/pins.js';
import type { ProgressFigures } from '../../common/progress.js';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/queue.js';
import { createDerivativeMaker } from '../../media/derivatives.js';
import { createLimiter, MAX_CONCURRENT_DERIVATIVE_JOBS } from '../../media/job-limiter.js';
import { ArchiveLinks } from './archive.js';
import { CompletionGate } from './completion-gate.js';
import { DownloadAllService } from './download-all.service.js';
import { MediaDerivatives } from './media-derivatives.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { MediaSweep } from './media.sweep.js';

export { addOriginal, archiveEntryNames, finishArchive } from './archive.js';
export { CompletionGate } from './completion-gate.js';
export { mediaKeys } from './media-keys.js';
export { mediaArchiveLinkRoutes, mediaRoutes } from './media.routes.js';
export { uploadAdmission } from './upload-admission.js';
export type { MediaDerivatives } from './media-derivatives.js';
export type { MediaSweep } from './media.sweep.js';

interface MediaModuleDeps {
  db: Db;
  pins: Pick<TravellerPins, 'findOwned' | 'deleteOwned'>;
  storage: Storage;
  /** The line completions wait in; by default one of COMPLETION_LIMITS (tests make a small one). */
  completions?: CompletionGate | undefined;
  now: () => number;
  progress: ProgressFigures;
  /** Where each completed upload's derivatives job goes. */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Signs Download All's links. */
  secret: string;
  log: { warn(object: object, message: string): void };
}

/**
 * Photos and videos: the repository that owns the media table, the service the routes call, the
 * derivatives job, Download All, and the sweep of what crashes and abandoned uploads leave behind.
 */
export function createMedia(deps: MediaModuleDeps) {
  const { db, pins, storage, completions, now, progress, jobs, secret, log } = deps;
  const repository = new MediaRepository(db);
  const onCleanupError = (error: unknown, keys: string[]) =>
    log.warn({ err: error, keys: keys.length }, 'stored media could not be deleted; the sweep will');
  const service = new MediaService({
    media: repository,
    pins,
    storage,
    completions: completions ?? new CompletionGate(),
    jobs,
    now,
    progress,
    onCleanupError,
  });
  const derivatives = new MediaDerivatives({
    media: repository,
    storage,
    // Each job may hold a decoded full-size image: the process runs a fixed few at once.
    makeDerivatives: createDerivativeMaker(createLimiter(MAX_CONCURRENT_DERIVATIVE_JOBS)),
    jobs,
    now,
    progress,
    onCleanupError,
  });
  const downloadAll = new DownloadAllService({ media: service, links: new ArchiveLinks(secret), now });
  const sweep = new MediaSweep({ media: repository, storage, now });
  return { repository, service, derivatives, downloadAll, sweep };
}
