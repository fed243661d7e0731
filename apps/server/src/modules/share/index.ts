// The share module's public entry: createShare, which the composition root (services.ts) builds it with,
// and its routes for app.ts: the settings under /api and the page at /t/{token}.
import type { Db } from '../../db/database.js';
import { ShareRepository } from './share.repository.js';
import { prepareShareImages } from './share-image.js';
import { ShareService, type ShareServiceDeps } from './share.service.js';

export { shareRoutes, shareSettingsRoutes } from './share.routes.js';
export { shareImageKeyPrefix } from './share-pictures.js';
export type { ShareService } from './share.service.js';

type ShareModuleDeps = Omit<ShareServiceDeps, 'shares'> & { db: Db };

/** The traveller's travel page: its settings and what /t/{token} shows. */
export function createShare(deps: ShareModuleDeps) {
  return {
    service: new ShareService({ ...deps, shares: new ShareRepository(deps.db) }),
    /** Draws once what every share picture shares (outlines, fonts, backgrounds), ahead of the first. */
    prepare: prepareShareImages,
  };
}
