// Pins made before pins.city existed have it NULL. Once the gazetteer has loaded, this reads their
// cities from their coordinates, a batch at a time, and rewrites the figures of their owners.
import type { GazetteerService } from '../../geo/gazetteer-service.js';
import { cityOf } from '../../common/pin-city.js';
import type { ProgressFigures } from '../../common/progress.js';
import type { PinsRepository } from './pins.repository.js';

const BATCH = 500;

export async function backfillPinCities(
  pinsRepository: Pick<PinsRepository, 'withoutCity' | 'setCity'>,
  gazetteer: GazetteerService,
  progress: ProgressFigures,
): Promise<number> {
  let places: Awaited<ReturnType<GazetteerService['get']>> | undefined;
  let filled = 0;
  for (;;) {
    const pins = await pinsRepository.withoutCity(BATCH);
    if (pins.length === 0) break;
    // Loaded only when there is something to read: most starts have nothing.
    places ??= await gazetteer.get();
    for (const pin of pins) await pinsRepository.setCity(pin.id, cityOf(places.reverse(pin.lat, pin.lng)));
    for (const userId of new Set(pins.map((pin) => pin.user_id))) await progress.refresh(userId);
    filled += pins.length;
  }
  return filled;
}
