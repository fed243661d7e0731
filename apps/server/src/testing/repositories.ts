// Repositories that read other modules' tables through their owners, built over a test's database as
// services.ts builds them for the app.
import type { Db } from '../db/database.js';
import { MediaRepository } from '../modules/media/media.repository.js';
import { PinsRepository } from '../modules/pins/pins.repository.js';
import { TravelerDetailsRepository } from '../modules/progress/traveler-details.repository.js';
import { TravelStatsRepository } from '../modules/progress/travel-stats.repository.js';

export function travelStatsOver(db: Db): TravelStatsRepository {
  return new TravelStatsRepository(db, { pins: new PinsRepository(db), media: new MediaRepository(db) });
}

export function travelerDetailsOver(db: Db): TravelerDetailsRepository {
  return new TravelerDetailsRepository(new PinsRepository(db), new MediaRepository(db));
}
