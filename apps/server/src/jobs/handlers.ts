// What each job does, in terms of the services and repositories that do the work.
import type { GazetteerService } from '../geo/gazetteer-service.js';
import type { ImportCommit, ImportReading, ImportsSweep } from '../modules/imports/index.js';
import type { MediaDerivatives, MediaSweep } from '../modules/media/index.js';
import { backfillPinCities, type PinsRepository } from '../modules/pins/index.js';
import type { JobHandlers, JobQueue } from './queue.js';

interface JobHandlerDeps {
  pins: PinsRepository;
  gazetteer: GazetteerService;
  jobs: JobQueue;
  sweep: MediaSweep;
  derivatives: Pick<MediaDerivatives, 'make' | 'resume'>;
  imports: { reading: ImportReading; commit: ImportCommit; sweep: ImportsSweep };
  refreshProgress: (userId: string) => Promise<void>;
  log: { info(object: object, message: string): void };
}

export function jobHandlers(deps: JobHandlerDeps): JobHandlers {
  const { jobs, log } = deps;
  return {
    'media.derivatives': ({ mediaId }) => deps.derivatives.make(mediaId),
    'media.derivatives-resume': async () => {
      const resumed = await deps.derivatives.resume();
      if (resumed > 0) log.info({ resumed }, 'thumbnails still to be made were queued again');
    },
    'media.sweep': async ({ partsOlderThanMs }) => {
      const report = await deps.sweep.run({ partsOlderThanMs });
      log.info({ sweep: report }, 'media sweep done');
    },
    'pins.city-backfill': async () => {
      // Each owner's figures are rewritten as a job of its own, once however many of their pins changed.
      const filled = await backfillPinCities(deps.pins, deps.gazetteer, {
        refresh: (userId) => jobs.enqueue('progress.refresh', { userId }, { key: userId }),
      });
      if (filled > 0) log.info({ filled }, 'pin cities read from their coordinates');
    },
    'imports.read': ({ importId }) => deps.imports.reading.read(importId),
    'imports.commit': ({ importId }) => deps.imports.commit.commit(importId),
    'imports.sweep': async () => {
      log.info({ sweep: await deps.imports.sweep.run() }, 'imports sweep done');
    },
    'progress.refresh': ({ userId }) => deps.refreshProgress(userId),
  };
}
