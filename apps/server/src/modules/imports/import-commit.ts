// The commit job of an import (decision 101): the kept places made pins, in batches that a retry
// finishes without doubling (each pin's request key names its import and place, and the pins' unique
// index on it stores a pin once), each dated by its first visit and remembering its import. Each place is
// matched again against the traveller's pins first: one commit of a traveller runs at a time (the job's
// key), so an overlapping import committed just before makes its places pins already, not twice.
import { UNLIMITED, getTier, type TierId } from '@waymarks/shared';
import type { Insertable } from 'kysely';
import { newId } from '../../common/ids.js';
import type { PinsTable } from '../../db/schema.js';
import type { ImportedPins } from '../../common/pins.js';
import type { ProgressFigures } from '../../common/progress.js';
import { IMPORT_GROUPING_KM } from './imports.service.js';
import type { ImportPlaceRow, ImportsRepository } from './imports.repository.js';
import { PinMatcher } from './places.js';

/** Pins made, and their places marked, per batch. */
export const COMMIT_BATCH = 500;

interface ImportCommitDeps {
  imports: ImportsRepository;
  pins: ImportedPins;
  /** The traveller's plan now (it may have changed since the commit was asked for); undefined when gone. */
  tierOf: (userId: string) => Promise<TierId | undefined>;
  now: () => number;
  progress: ProgressFigures;
}

/** The key a place's pin is made with: the same place of the same import is one pin, however often it is written. */
export const importRequestKey = (importId: string, placeKey: string): string =>
  `import:${importId}:${placeKey}`;

/** The pin a kept place becomes: named, placed and dated as the import found it, and keyed to it. */
export function pinOfPlace(
  userId: string,
  importId: string,
  place: ImportPlaceRow,
  at: number,
): Insertable<PinsTable> {
  return {
    id: newId(),
    user_id: userId,
    title: place.title,
    description: '',
    lat: place.lat,
    lng: place.lng,
    country_code: place.country_code,
    country_name: place.country_name,
    city: place.city,
    visit_date: place.first_visit,
    request_key: importRequestKey(importId, place.place_key),
    import_id: importId,
    created_at: at,
    updated_at: at,
  };
}

export class ImportCommit {
  constructor(private readonly deps: ImportCommitDeps) {}

  async commit(importId: string): Promise<void> {
    const { imports, pins, now } = this.deps;
    const row = await imports.findById(importId);
    if (!row || row.status !== 'committing') return;
    const tier = await this.deps.tierOf(row.user_id);
    if (!tier) return; // the account is being deleted, and the import with it
    const places = await imports.placesToCommit(importId);
    // Pins an interrupted run of this job made are not matches: their places find them again by their keys.
    const everyPin = await pins.positionsOf(row.user_id);
    const positions = everyPin.filter((pin) => pin.importId !== importId);
    const matcher = new PinMatcher(positions, IMPORT_GROUPING_KM);
    const matched: { placeKey: string; pinId: string }[] = [];
    const toMake: ImportPlaceRow[] = [];
    for (const place of places) {
      const pinId = matcher.nearest(place);
      if (pinId) matched.push({ placeKey: place.place_key, pinId });
      else toMake.push(place);
    }
    await imports.setPlacePins(importId, matched, false);

    const { maxPins } = getTier(tier);
    // The pins an interrupted run made whose places it had not marked yet stand for the first places to
    // make (batches go largest first) and take no more room: they are kept even on a plan lowered since,
    // so none is left behind without its place.
    const unmarked = everyPin.length - positions.length - (await imports.madeCount(importId));
    const room = maxPins === UNLIMITED ? toMake.length : Math.max(0, maxPins - everyPin.length) + unmarked;
    const made = toMake.slice(0, room);
    await imports.dropPlaces(
      importId,
      toMake.slice(room).map((place) => place.place_key),
    );
    for (let start = 0; start < made.length; start += COMMIT_BATCH) {
      const batch = made.slice(start, start + COMMIT_BATCH);
      const at = now();
      const ids = await pins.insertOnce(batch.map((place) => pinOfPlace(row.user_id, importId, place, at)));
      await imports.setPlacePins(
        importId,
        batch.flatMap((place) => {
          const pinId = ids.get(importRequestKey(importId, place.place_key));
          return pinId ? [{ placeKey: place.place_key, pinId }] : [];
        }),
        true,
      );
    }
    // Asked before the import is marked done: a process that dies between the two runs this job again,
    // which asks again, so the figures never miss the pins.
    await this.deps.progress.refresh(row.user_id);
    await imports.finishCommit(importId, now());
  }
}
