// The countries module's public entry: createCountries, which the composition root (services.ts) builds it
// with, and its routes for app.ts.
import type { TravellerPins } from '../../common/pins.js';
import type { Db } from '../../db/database.js';
import { CountriesRepository } from './countries.repository.js';
import { CountriesService } from './countries.service.js';

export { countriesRoutes } from './countries.routes.js';

/**
 * A traveller's countries and cities: the service the routes call, and the travel figures of one traveller
 * (the TravelFiguresOf port of common/travel-figures.ts), which the avatar reads.
 */
export function createCountries({
  db,
  pins,
}: {
  db: Db;
  pins: Pick<TravellerPins, 'countryTallies' | 'cityCounts'>;
}) {
  const repository = new CountriesRepository(db, pins);
  return { service: new CountriesService(repository), figures: repository };
}
