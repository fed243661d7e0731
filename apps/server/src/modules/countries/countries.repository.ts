// What the countries page reads: the user's pins per country code with their stored bytes, and the
// travel figures every page shares.
import { MB } from '@waymarks/shared';
import type { TravellerPins } from '../../common/pins.js';
import { travelFigures, type TravelFigures, type TravelFiguresOf } from '../../common/travel-figures.js';
import type { Db } from '../../db/database.js';

/** One user's pins of one country code, summed by the database. */
export interface CountryPinsRow {
  countryCode: string;
  countryName: string;
  pinCount: number;
  mediaCount: number;
  totalSizeMB: number;
}

export class CountriesRepository implements TravelFiguresOf {
  constructor(
    private readonly db: Db,
    private readonly pins: Pick<TravellerPins, 'countryTallies' | 'cityCounts'>,
  ) {}

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

  /** The user's travel figures, computed where every figure is (common/travel-figures.ts). */
  async figures(userId: string): Promise<TravelFigures> {
    return travelFigures(await this.pins.countryTallies([userId]));
  }

  /** Distinct places by city and country (PinsRepository.cityCounts). */
  async cityCount(userId: string): Promise<number> {
    return (await this.pins.cityCounts([userId])).get(userId) ?? 0;
  }
}
