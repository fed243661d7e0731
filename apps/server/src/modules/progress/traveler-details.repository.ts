// What the leaderboard's traveller modal shows of one listed traveller (SPEC.md §3 User details): their
// pins grouped by country, by city and by visit date, and the storage of their media, read through the
// pins' and the media's repositories.
import { MB } from '@waymarks/shared';
import type { TravellerMedia } from '../../common/media.js';
import type { TravellerPins } from '../../common/pins.js';

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
  constructor(
    private readonly pins: Pick<TravellerPins, 'countryCounts' | 'placeCounts' | 'datedPins'>,
    private readonly media: Pick<TravellerMedia, 'usage'>,
  ) {}

  /** Real country codes only ('XX' at sea is no country), most media first, then most pins, then code. */
  async countries(userId: string): Promise<CountryRow[]> {
    return (await this.pins.countryCounts(userId)).sort(
      (a, b) =>
        b.mediaCount - a.mediaCount || b.pinCount - a.pinCount || a.countryCode.localeCompare(b.countryCode),
    );
  }

  /** One row per city and country: the latest visit to it and the media of all its pins. */
  async cities(userId: string): Promise<CityRow[]> {
    return (await this.pins.placeCounts(userId))
      .map(({ city, ...place }) => ({ title: city, ...place }))
      .sort(
        (a, b) =>
          (b.visitDate ?? '').localeCompare(a.visitDate ?? '') ||
          a.title.localeCompare(b.title) ||
          a.countryCode.localeCompare(b.countryCode),
      );
  }

  /** Visit dates, newest first, each with the titles of the pins of that day and their media. */
  async timeline(userId: string): Promise<TimelineRow[]> {
    const pins = await this.pins.datedPins(userId);
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
  async usedMB(userId: string, now: number): Promise<number> {
    const { readyBytes } = await this.media.usage(userId, now);
    return Number((readyBytes / MB).toFixed(2));
  }
}
