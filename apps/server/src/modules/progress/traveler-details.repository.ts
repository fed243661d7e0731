// What the leaderboard's traveller modal shows of one listed traveller (SPEC.md §3 User details): their
// pins grouped by country, by city and by visit date, read from the pins table by user_id.
import { MB } from '@waymarks/shared';
import type { Db } from '../../db/database.js';

export interface CountryRow {
  countryCode: string;
  countryName: string;
  pinCount: number;
  mediaCount: number;
}

export interface CityRow {
  title: string;
  countryCode: string;
  countryName: string;
  visitDate: string | null;
  mediaCount: number;
}

export interface TimelineRow {
  date: string;
  places: string[];
  mediaCount: number;
}

/** At most this many visit dates in the modal's timeline tab: the newest. */
export const TIMELINE_DAYS = 500;

export class TravelerDetailsRepository {
  constructor(private readonly db: Db) {}

  /** Real country codes only ('XX' at sea is no country), most media first, then most pins, then code. */
  async countries(userId: string): Promise<CountryRow[]> {
    const rows = await this.db
      .selectFrom('pins')
      .select((eb) => [
        'country_code',
        eb.fn.max('country_name').as('country_name'),
        eb.fn.countAll().as('pins'),
        eb.fn.sum<number>('media_count').as('media'),
      ])
      .where('user_id', '=', userId)
      .where('country_code', '<>', 'XX')
      .groupBy('country_code')
      .execute();
    return rows
      .map((row) => ({
        countryCode: row.country_code,
        countryName: row.country_name,
        pinCount: Number(row.pins),
        mediaCount: Number(row.media ?? 0),
      }))
      .sort(
        (a, b) =>
          b.mediaCount - a.mediaCount ||
          b.pinCount - a.pinCount ||
          a.countryCode.localeCompare(b.countryCode),
      );
  }

  /** One row per city and country: the latest visit to it and the media of all its pins. */
  async cities(userId: string): Promise<CityRow[]> {
    const rows = await this.db
      .selectFrom('pins')
      .select((eb) => [
        'city',
        'country_code',
        eb.fn.max('country_name').as('country_name'),
        eb.fn.max('visit_date').as('visit_date'),
        eb.fn.sum<number>('media_count').as('media'),
      ])
      .where('user_id', '=', userId)
      .where('city', '<>', '')
      .groupBy(['country_code', 'city'])
      .execute();
    return rows
      .map((row) => ({
        title: row.city!,
        countryCode: row.country_code,
        countryName: row.country_name,
        visitDate: row.visit_date,
        mediaCount: Number(row.media ?? 0),
      }))
      .sort(
        (a, b) =>
          (b.visitDate ?? '').localeCompare(a.visitDate ?? '') ||
          a.title.localeCompare(b.title) ||
          a.countryCode.localeCompare(b.countryCode),
      );
  }

  /** Visit dates, newest first, each with the titles of the pins of that day and their media. */
  async timeline(userId: string): Promise<TimelineRow[]> {
    const pins = await this.db
      .selectFrom('pins')
      .select(['visit_date', 'title', 'media_count'])
      .where('user_id', '=', userId)
      .where('visit_date', 'is not', null)
      .orderBy('visit_date', 'desc')
      .orderBy('created_at', 'asc')
      .execute();
    const days: TimelineRow[] = [];
    for (const pin of pins) {
      const last = days.at(-1);
      if (last?.date === pin.visit_date) {
        last.places.push(pin.title);
        last.mediaCount += pin.media_count;
      } else {
        if (days.length === TIMELINE_DAYS) break;
        days.push({ date: pin.visit_date!, places: [pin.title], mediaCount: pin.media_count });
      }
    }
    return days;
  }

  /** Storage of their ready media, in MB to two decimals. */
  async usedMB(userId: string): Promise<number> {
    const { bytes } = await this.db
      .selectFrom('media')
      .select((eb) => eb.fn.sum<number>('size_bytes').as('bytes'))
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();
    return Number((Number(bytes ?? 0) / MB).toFixed(2));
  }
}
