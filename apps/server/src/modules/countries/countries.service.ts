// Countries: a traveller's pins per country and the 'out of 195' figure. The figure is the traveller's
// travel figures' (common/travel-figures.ts), the one place it is computed.
import {
  UNKNOWN_COUNTRY_CODE,
  achievementsFor,
  type CountriesSummary,
  type CountrySummary,
} from '@waymarks/shared';
import type { TravelFigures } from '../../common/travel-figures.js';
import type { UserRow } from '../../db/schema.js';
import type { CountriesRepository, CountryPinsRow } from './countries.repository.js';

const TWO_LETTERS = /^[A-Z]{2}$/;

/**
 * The summary from the per-code rows (already most pins first): totals over every pin, at sea too; the
 * list keeps only real 2-letter codes (SPEC.md §5), territories and uncounted areas with their own code.
 */
export function summarise(
  rows: readonly CountryPinsRow[],
  figures: Pick<TravelFigures, 'countries'>,
  totalCities: number,
): CountriesSummary {
  const countries: CountrySummary[] = rows
    .filter((row) => TWO_LETTERS.test(row.countryCode) && row.countryCode !== UNKNOWN_COUNTRY_CODE)
    .map((row) => ({
      countryCode: row.countryCode,
      countryName: row.countryName,
      pinCount: row.pinCount,
      mediaCount: row.mediaCount,
      totalSizeMB: row.totalSizeMB,
    }));
  const totalCountries = figures.countries.size;
  return {
    totalCountries,
    totalPins: rows.reduce((sum, row) => sum + row.pinCount, 0),
    totalMedia: rows.reduce((sum, row) => sum + row.mediaCount, 0),
    totalCities,
    achievements: achievementsFor(totalCountries),
    countries,
  };
}

export class CountriesService {
  constructor(private readonly countries: CountriesRepository) {}

  async summary(user: UserRow): Promise<CountriesSummary> {
    const [rows, figures, cities] = await Promise.all([
      this.countries.pinsByCountry(user.id),
      this.countries.figures(user.id),
      this.countries.cityCount(user.id),
    ]);
    return summarise(rows, figures, cities);
  }

  /** The summary's totalCountries without the rest. */
  async visitedCount(user: UserRow): Promise<number> {
    return (await this.countries.figures(user.id)).countries.size;
  }
}
