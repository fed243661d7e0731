// The reading job of an import (decision 101): its files read as streams from storage, never whole in
// memory; their points made stays by the one rule (read/stays.ts) and the stays gathered into places
// (places.ts), matched against the traveller's pins. What it has read is written about once a second,
// which is also when it finds out that the import was cancelled. A file that cannot be read fails the
// import with the reason; anything else (storage or database out of reach) is thrown, for the job to be
// tried again from the start. Once read, the files are deleted: only the places remain.
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { ImportedPins } from '../../common/pins.js';
import type { GazetteerService } from '../../geo/gazetteer-service.js';
import { importFileKeys, importObjectKeys } from './import-keys.js';
import { IMPORT_GROUPING_KM } from './imports.service.js';
import { filesOf, type ImportsRepository, type ReadProgress } from './imports.repository.js';
import { gatherPlaces } from './places.js';
import type { FormatId } from './read/formats.js';
import { ImportReadError } from './read/import-read-error.js';
import type { Stay, TimedPoint } from './read/points.js';
import { readImport, type ImportFile } from './read/read-import.js';
import { StayFinder } from './read/stays.js';

/** How often what has been read is written, and a cancellation looked for. */
export const PROGRESS_INTERVAL_MS = 1_000;

interface ImportReadingDeps {
  imports: ImportsRepository;
  pins: Pick<ImportedPins, 'positionsOf'>;
  storage: Pick<ObjectStorage, 'head' | 'read' | 'readRange' | 'delete'>;
  gazetteer: Pick<GazetteerService, 'get'>;
  now: () => number;
  onCleanupError: (error: unknown, keys: string[]) => void;
}

export const FILE_MISSING_MESSAGE =
  'The uploaded file could not be found any more, so it could not be read. Please import it again.';

/** The import was cancelled (deleted) or moved on while it was read: stop, keep nothing. */
class ReadingStopped extends Error {}

export class ImportReading {
  constructor(private readonly deps: ImportReadingDeps) {}

  async read(importId: string): Promise<void> {
    const { imports, now } = this.deps;
    const row = await imports.findById(importId);
    if (!row || row.status !== 'reading') return;
    const files = filesOf(row);
    const stays: Stay[] = [];
    const finder = new StayFinder((stay) => stays.push(stay));
    const progress: ReadProgress = { bytesRead: 0, points: 0, stays: 0, format: null };
    // The sink counts what reading found so far; stays found from points are counted as they close.
    const counted = {
      point: (point: TimedPoint) => {
        progress.points += 1;
        finder.point(point);
      },
      stay: (stay: Stay) => finder.stay(stay),
    };
    const formats = new Map<FormatId, number>();
    let lastWrite = now();
    // The write under way, and what the last one found: the import no longer read, or the database's error.
    let pending: Promise<void> | undefined;
    let stop: unknown;
    const report = () => {
      progress.stays = stays.length;
      if (stop !== undefined) throw stop;
      if (pending || now() - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = now();
      pending = imports.recordProgress(importId, { ...progress }, lastWrite).then(
        (reading) => {
          if (!reading) stop = new ReadingStopped();
          pending = undefined;
        },
        (error: unknown) => {
          stop = error;
          pending = undefined;
        },
      );
    };
    let reading = files[0]?.name ?? '';
    try {
      let before = 0;
      for (let n = 0; n < files.length; n += 1) {
        reading = files[n]!.name;
        const file = await this.fileOf(importId, importFileKeys(row.user_id, row.id, n).file);
        const result = await readImport(file, counted, {
          now,
          onProgress: (bytesRead) => {
            progress.bytesRead = before + bytesRead;
            report();
          },
        });
        await pending;
        if (stop !== undefined) throw stop;
        finder.end();
        before += file.size;
        progress.bytesRead = before;
        formats.set(result.format, (formats.get(result.format) ?? 0) + result.points + result.stays);
        progress.format = [...formats].sort((a, b) => b[1] - a[1])[0]![0];
      }
    } catch (error) {
      // The write still on its way is waited for, so that none lands after the import has moved on.
      await pending;
      if (error instanceof ReadingStopped) return;
      if (!(error instanceof ImportReadError)) throw error;
      const failed = await imports.move(importId, 'reading', 'failed', now(), {
        error_code: error.code,
        // Of several files, the one at fault is named.
        error_message: files.length > 1 ? `In ${reading}: ${error.message}` : error.message,
        bytes_read: progress.bytesRead,
      });
      if (failed) await this.deleteFiles(row.user_id, importId, files.length);
      return;
    }

    progress.stays = stays.length;
    const gazetteer = await this.deps.gazetteer.get();
    const gathered = gatherPlaces(stays, {
      groupingKm: IMPORT_GROUPING_KM,
      reverse: (lat, lng) => gazetteer.reverse(lat, lng),
      pins: await this.deps.pins.positionsOf(row.user_id),
    });
    const places = gathered.places.map((place, rank) => ({
      place_key: place.placeKey,
      rank,
      title: place.title,
      lat: place.lat,
      lng: place.lng,
      country_code: place.countryCode,
      country_name: place.countryName.slice(0, 100),
      city: place.city.slice(0, 200),
      first_visit: place.firstVisit,
      last_visit: place.lastVisit,
      visits: place.visits,
      minutes: place.minutes,
      pin_id: null,
    }));
    if (await imports.placesFound(importId, places, progress, now())) {
      await this.deleteFiles(row.user_id, importId, files.length);
    }
  }

  /** A stored file as the readers take it: read by range (a ZIP's directory is at its end) or streamed. */
  private async fileOf(importId: string, key: string): Promise<ImportFile> {
    const { storage } = this.deps;
    const info = await storage.head(key);
    if (!info) {
      // Deleted under the job because the import was cancelled; or lost, which the traveller is told.
      if ((await this.deps.imports.findById(importId))?.status !== 'reading') throw new ReadingStopped();
      throw new ImportReadError('file-missing', FILE_MISSING_MESSAGE);
    }
    return {
      size: info.size,
      read: async (offset, length) => {
        const bytes = await storage.readRange(key, offset, length);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      },
      stream: () => streamOf(storage, key),
    };
  }

  private async deleteFiles(userId: string, importId: string, files: number): Promise<void> {
    const keys = importObjectKeys(userId, importId, files);
    try {
      await this.deps.storage.delete(keys);
    } catch (error) {
      this.deps.onCleanupError(error, keys);
    }
  }
}

async function* streamOf(storage: Pick<ObjectStorage, 'read'>, key: string): AsyncIterable<Buffer> {
  const stream = await storage.read(key);
  for await (const chunk of stream) {
    if (typeof chunk === 'string') yield Buffer.from(chunk);
    else yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  }
}
