// The pins module's public entry: createPins, which the composition root (services.ts) builds it with,
// its routes for app.ts, and the job that reads older pins' cities. Other modules reach pins through the
// TravellerPins port of common/pins.ts, which PinsRepository implements.
import type { UserRow } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import type { GazetteerService } from '../../geo/gazetteer-service.js';
import type { ProgressFigures } from '../../common/progress.js';
import { VersionedCache } from '../../common/versioned-cache.js';
import { PIN_LIST_CACHE_BYTES } from './pin-list-cache.js';
import { PinsRepository } from './pins.repository.js';
import { PinsService } from './pins.service.js';

export { backfillPinCities } from './city-backfill.js';
export { pinsRoutes } from './pins.routes.js';
export type { PinsRepository } from './pins.repository.js';

interface PinsModuleDeps {
  db: Db;
  gazetteer: GazetteerService;
  now: () => number;
  progress: ProgressFigures;
  /** Deletes an own pin with its media and their stored files (the media module's). */
  deleteWithMedia: (user: UserRow, pinId: string) => Promise<boolean>;
  /** Verifies a moved pin's media against its new point (the media module's). */
  verifyMediaAgain: (pinId: string) => Promise<void>;
}

/** A traveller's places: the repository that owns the pins table, and the service the routes call. */
export function createPins({
  db,
  gazetteer,
  now,
  progress,
  deleteWithMedia,
  verifyMediaAgain,
}: PinsModuleDeps) {
  const repository = new PinsRepository(db);
  const service = new PinsService({
    pins: repository,
    gazetteer,
    now,
    progress,
    deleteWithMedia,
    verifyMediaAgain,
    listCache: new VersionedCache(PIN_LIST_CACHE_BYTES),
  });
  return { repository, service };
}
