// The progress module's public entry: createProgress, which the composition root (services.ts) builds it
// with, and its routes for app.ts. Other modules tell it that a traveller's pins or media changed through
// the ProgressFigures port of common/progress.ts, which the composition root turns into a job.
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { TravellerMedia } from '../../common/media.js';
import type { TravellerPins } from '../../common/pins.js';
import type { Db } from '../../db/database.js';
import { LeaderboardService } from './leaderboard.service.js';
import { TravelerDetailsRepository } from './traveler-details.repository.js';
import { TravelStatsRepository } from './travel-stats.repository.js';

export { leaderboardRoutes } from './leaderboard.routes.js';

interface ProgressModuleDeps {
  db: Db;
  pins: Pick<TravellerPins, 'countryTallies' | 'cityCounts' | 'countryCounts' | 'placeCounts' | 'datedPins'>;
  media: Pick<TravellerMedia, 'tallies' | 'usage'>;
  storage: Pick<ObjectStorage, 'createDownloadUrl'>;
  now: () => number;
}

/** Each traveller's stored figures and the leaderboard read from them. */
export function createProgress({ db, pins, media, storage, now }: ProgressModuleDeps) {
  const travelStats = new TravelStatsRepository(db, { pins, media });
  const leaderboard = new LeaderboardService({
    stats: travelStats,
    details: new TravelerDetailsRepository(pins, media),
    storage,
    now,
  });
  return {
    leaderboard,
    /** Rewrites one traveller's figures from what is stored now (the progress.refresh job). */
    rewriteFigures: (userId: string) => travelStats.refresh(userId, now()),
  };
}
