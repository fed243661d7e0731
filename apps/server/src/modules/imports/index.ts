// The imports module's public entry: createImports, which the composition root (services.ts) builds it
// with, its routes for app.ts, its jobs for the job handlers, the upload admission of its local links,
// and its storage prefix for the account's deletion. Everything else stays inside the module.
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { ImportedPins } from '../../common/pins.js';
import type { ProgressFigures } from '../../common/progress.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { GazetteerService } from '../../geo/gazetteer-service.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { TierId } from '@waymarks/shared';
import { parseImportKey } from './import-keys.js';
import { ImportCommit } from './import-commit.js';
import { ImportReading } from './import-reading.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';
import { ImportsSweep } from './imports.sweep.js';

export { IMPORT_PREFIX, importKeyPrefix } from './import-keys.js';
export { importsRoutes } from './imports.routes.js';
export type { ImportCommit } from './import-commit.js';
export type { ImportReading } from './import-reading.js';
export type { ImportsSweep } from './imports.sweep.js';

interface ImportsModuleDeps {
  db: Db;
  pins: ImportedPins;
  storage: ObjectStorage;
  gazetteer: Pick<GazetteerService, 'get'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  now: () => number;
  progress: ProgressFigures;
  /** The traveller's plan now, for the commit job; undefined once the account is gone. */
  tierOf: (userId: string) => Promise<TierId | undefined>;
  /** Deletes an own pin with its media and their stored files (the media module's). */
  deleteWithMedia: (user: UserRow, pinId: string) => Promise<boolean>;
  log: { warn(object: object, message: string): void };
}

/** Past travels brought in from a location history: the requests, the read and commit jobs, the sweep. */
export function createImports(deps: ImportsModuleDeps) {
  const { db, pins, storage, gazetteer, jobs, now, progress, log } = deps;
  const repository = new ImportsRepository(db);
  const onCleanupError = (error: unknown, keys: string[]) =>
    log.warn({ err: error, keys: keys.length }, 'import files could not be deleted; the sweep will');
  const service = new ImportsService({
    imports: repository,
    pins,
    storage,
    jobs,
    now,
    progress,
    deleteWithMedia: deps.deleteWithMedia,
    onCleanupError,
  });
  const reading = new ImportReading({ imports: repository, pins, storage, gazetteer, now, onCleanupError });
  const commit = new ImportCommit({ imports: repository, pins, tierOf: deps.tierOf, now, progress });
  const sweep = new ImportsSweep({ imports: repository, storage, jobs, now });

  /** Whether a PUT through a local link may store its bytes: only file n of an import still uploading. */
  const acceptsUpload = async (key: string): Promise<boolean> => {
    const parsed = parseImportKey(key);
    if (parsed?.object !== 'upload') return false;
    return repository.acceptsUpload(parsed.userId, parsed.importId, parsed.n, now());
  };

  return { repository, service, reading, commit, sweep, acceptsUpload };
}
