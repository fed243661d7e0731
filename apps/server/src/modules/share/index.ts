// The share module's public entry: createShare, which the composition root (services.ts) builds it with,
// and its routes for app.ts: the settings under /api and the page at /t/{token}.
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { SavedAvatars } from '../../common/avatars.js';
import type { StoredMedia, TravellerMedia } from '../../common/media.js';
import type { TravellerPins } from '../../common/pins.js';
import type { UserAccounts } from '../../common/users.js';
import type { Db } from '../../db/database.js';
import { ShareRepository } from './share.repository.js';
import { prepareShareImages } from './share-image.js';
import { ShareService, type PhotoSize } from './share.service.js';

export { shareRoutes, shareSettingsRoutes } from './share.routes.js';
export type { ShareService } from './share.service.js';

interface ShareModuleDeps {
  db: Db;
  pins: Pick<TravellerPins, 'sharedColumnsOf' | 'listVersion'>;
  media: Pick<TravellerMedia, 'readyOf'>;
  avatars: Pick<SavedAvatars, 'find'>;
  users: Pick<UserAccounts, 'findById'>;
  storage: Pick<ObjectStorage, 'read'>;
  derivativeKey: (item: StoredMedia, size: PhotoSize) => string;
  secret: string;
  now: () => number;
}

/** The traveller's travel page: its settings and what /t/{token} shows. */
export function createShare(deps: ShareModuleDeps) {
  const repository = new ShareRepository(deps.db);
  return {
    service: new ShareService({ ...deps, shares: repository }),
    repository,
    /** Draws once what every share picture shares (outlines, fonts, backgrounds), ahead of the first. */
    prepare: prepareShareImages,
  };
}
