import { MB } from '@waymarks/shared';
import type { Db } from '../../db/database.js';

/** One user's pins of one country code, summed by the database. */
export interface CountryPinsRow {
  countryCode: string;
  countryName: string;
  pinCount: number;
  mediaCount: number;
  totalSizeMB: number;
}

export class CountriesRepository {
  constructor(private readonly db: Db) {}

  /** Every country code among the user's pins ('XX' at sea included), most pins first, then by code. */
  async pinsByCountry(userId: string): Promise<CountryPinsRow[]> {
    const rows = await this.db
      .selectFrom('pins')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('media')
            .select((m) => ['media.pin_id', m.fn.sum<number>('media.size_bytes').as('bytes')])
            .where('media.status', '=', 'ready')
            .where('media.user_id', '=', userId)
            .groupBy('media.pin_id')
            .as('pin_media'),
        (join) => join.onRef('pin_media.pin_id', '=', 'pins.id'),
      )
      .select((eb) => [
        'country_code',
        // Every pin of a code carries the same gazetteer name; max() picks it without a second grouping.
        eb.fn.max('country_name').as('country_name'),
        eb.fn.countAll().as('pin_count'),
        eb.fn.sum<number>('media_count').as('media_count'),
        // Stored bytes of the ready media of the code's pins.
        eb.fn.sum<number>('pin_media.bytes').as('total_bytes'),
      ])
      .where('pins.user_id', '=', userId)
      .groupBy('country_code')
      .orderBy('pin_count', 'desc')
      .orderBy('country_code', 'asc')
      .execute();
    // Counts and sums come back as bigint strings or numbers depending on the driver.
    return rows.map((row) => ({
      countryCode: row.country_code,
      countryName: row.country_name,
      pinCount: Number(row.pin_count),
      mediaCount: Number(row.media_count ?? 0),
      totalSizeMB: Number((Number(row.total_bytes ?? 0) / MB).toFixed(2)),
    }));
  }

  /** The distinct country codes of the user's pins. */
  async countryCodes(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pins')
      .select('country_code')
      .distinct()
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.country_code);
  }

  /**
   * Distinct places by city and country (SPEC.md §9 city-name priority: the gazetteer's town, else its
   * region, stored on each pin as `city`); pins with no place ('' at sea) do not count.
   */
  async cityCount(userId: string): Promise<number> {
    const { cities } = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('pins')
          .select(['country_code', 'city'])
          .distinct()
          .where('user_id', '=', userId)
          .where('city', '<>', '')
          .as('places'),
      )
      .select((eb) => eb.fn.countAll().as('cities'))
      .executeTakeFirstOrThrow();
    return Number(cities);
  }
}
