// Pins made before pins.city existed have it NULL. Once the gazetteer has loaded, this reads their
// cities from their coordinates, a batch at a time, and rewrites the figures of their owners.
import type { Db } from '../../db/database.js';
import type { GazetteerService } from '../../geo/gazetteer-service.js';
import { cityOf } from '../../common/pin-city.js';
import type { ProgressFigures } from '../../common/progress.js';

const BATCH = 500;

export async function backfillPinCities(
  db: Db,
  gazetteer: GazetteerService,
  progress: ProgressFigures,
): Promise<number> {
  let places: Awaited<ReturnType<GazetteerService['get']>> | undefined;
  let filled = 0;
  for (;;) {
    const pins = await db
      .selectFrom('pins')
      .select(['id', 'user_id', 'lat', 'lng'])
      .where('city', 'is', null)
      .limit(BATCH)
      .execute();
    if (pins.length === 0) break;
    // Loaded only when there is something to read: most starts have nothing.
    places ??= await gazetteer.get();
    for (const pin of pins) {
      await db
        .updateTable('pins')
        .set({ city: cityOf(places.reverse(pin.lat, pin.lng)) })
        .where('id', '=', pin.id)
        .execute();
    }
    for (const userId of new Set(pins.map((pin) => pin.user_id))) await progress.refresh(userId);
    filled += pins.length;
  }
  return filled;
}
