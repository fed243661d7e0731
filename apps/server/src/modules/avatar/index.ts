// The avatar module's public entry: createAvatar, which the composition root (services.ts) builds it with,
// its routes for app.ts, and what other modules may use: where a traveller's avatar renders are stored,
// so an account deletion can remove them. Saved avatars are read through the port of common/avatars.ts.
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { TravelFiguresOf } from '../../common/travel-figures.js';
import type { Db } from '../../db/database.js';
import { AvatarRepository } from './avatar.repository.js';
import { AvatarService } from './avatar.service.js';

export { avatarKeyPrefix } from './avatar-image.js';
export { avatarRoutes } from './avatar.routes.js';

interface AvatarModuleDeps {
  db: Db;
  figures: TravelFiguresOf;
  storage: Pick<ObjectStorage, 'put' | 'delete' | 'createDownloadUrl'>;
  now: () => number;
  log: { warn(object: object, message: string): void };
}

/** The 3D avatar: the repository that owns the saved avatars, and the service the routes call. */
export function createAvatar({ db, figures, storage, now, log }: AvatarModuleDeps) {
  const repository = new AvatarRepository(db);
  const service = new AvatarService({
    avatars: repository,
    figures,
    storage,
    now,
    onCleanupError: (error, keys) =>
      log.warn({ err: error, keys: keys.length }, 'a replaced avatar image could not be deleted'),
  });
  return { repository, service };
}
