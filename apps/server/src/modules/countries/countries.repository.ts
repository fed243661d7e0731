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
      .select((eb) => [
        'country_code',
        // Every pin of a code carries the same gazetteer name; max() picks it without a second grouping.
        eb.fn.max('country_name').as('country_name'),
        eb.fn.countAll().as('pin_count'),
        eb.fn.sum<number>('media_count').as('media_count'),
        // Media have no stored size yet: the media work replaces this with the sum of their sizes,
        // joined by pin.
        eb.lit(0).as('total_size_mb'),
      ])
      .where('user_id', '=', userId)
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
      totalSizeMB: Number(row.total_size_mb),
    }));
  }
}
