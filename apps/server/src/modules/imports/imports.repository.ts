// The imports and import_places tables: an import from its upload to its undo, and the places it found.
// Every change of status is conditional on the status it leaves, so two requests, or a request and a
// job, that race for one import cannot both move it.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { ImportPlacesTable, ImportsTable } from '../../db/schema.js';
import type { ImportStatus } from '@waymarks/shared';
import type { ImportRecord, TravellerImports } from '../../common/imports.js';

export type ImportRow = Selectable<ImportsTable>;
export type ImportPlaceRow = Selectable<ImportPlacesTable>;
export type NewImportPlace = Omit<Insertable<ImportPlacesTable>, 'import_id' | 'kept' | 'pin_made'>;

export interface ImportFileEntry {
  name: string;
  size: number;
}

/** What reading found so far, written about once a second. */
export interface ReadProgress {
  bytesRead: number;
  points: number;
  stays: number;
  format: string | null;
}

/** SQLite takes at most 32,766 parameters in one statement, PostgreSQL 65,535: rows go in slices. */
const BATCH = 500;

export const filesOf = (row: Pick<ImportRow, 'files'>): ImportFileEntry[] =>
  JSON.parse(row.files) as ImportFileEntry[];

export class ImportsRepository implements TravellerImports {
  constructor(private readonly db: Db) {}

  /**
   * Stores a new import; false when the traveller has one under way already (the unique index on their
   * import under way decides, so two requests racing to start one cannot both succeed).
   */
  async create(row: Insertable<ImportsTable>): Promise<boolean> {
    try {
      await this.db.insertInto('imports').values(row).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  findById(importId: string): Promise<ImportRow | undefined> {
    return this.db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirst();
  }

  /** The import when it exists and is the traveller's; undefined otherwise (answered 404 either way). */
  findOwned(userId: string, importId: string): Promise<ImportRow | undefined> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', importId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The traveller's imports, newest first. */
  listOf(userId: string, limit: number): Promise<ImportRow[]> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The traveller's import under way (its files going up, or being read or committed), if any. */
  underWayOf(userId: string): Promise<ImportRow | undefined> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['uploading', 'reading', 'committing'])
      .executeTakeFirst();
  }

  /**
   * Adds a file to an import still taking them: false when it no longer is, or when another file was
   * added since `files` was read (the caller reads again and tries once more).
   */
  async addFile(row: ImportRow, file: ImportFileEntry, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('imports')
      .set({
        files: JSON.stringify([...filesOf(row), file]),
        bytes_total: row.bytes_total + file.size,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'uploading')
      .where('files', '=', row.files)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Moves the import from one status to another; false when it was not in `from` (or is gone). */
  async move(
    importId: string,
    from: ImportStatus | readonly ImportStatus[],
    to: ImportStatus,
    at: number,
    changes: Partial<Pick<ImportRow, 'bytes_total' | 'error_code' | 'error_message' | 'bytes_read'>> = {},
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('imports')
      .set({ ...changes, status: to, updated_at: at })
      .where('id', '=', importId)
      .where('status', 'in', typeof from === 'string' ? [from] : [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Writes what reading found so far; false when the import is no longer being read (cancelled). */
  async recordProgress(importId: string, progress: ReadProgress, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('imports')
      .set({
        bytes_read: progress.bytesRead,
        points: progress.points,
        stays: progress.stays,
        format: progress.format,
        updated_at: at,
      })
      .where('id', '=', importId)
      .where('status', '=', 'reading')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Stores the places reading found, replacing any an earlier, interrupted read stored, and makes the
   * import ready, all at once; false (and nothing stored) when it is no longer being read.
   */
  async placesFound(
    importId: string,
    places: readonly NewImportPlace[],
    progress: ReadProgress,
    at: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('imports')
        .set({
          status: 'ready',
          bytes_read: progress.bytesRead,
          points: progress.points,
          stays: progress.stays,
          format: progress.format,
          places: places.length,
          updated_at: at,
        })
        .where('id', '=', importId)
        .where('status', '=', 'reading')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('import_places').where('import_id', '=', importId).execute();
      for (let start = 0; start < places.length; start += BATCH) {
        await trx
          .insertInto('import_places')
          .values(places.slice(start, start + BATCH).map((place) => ({ ...place, import_id: importId })))
          .execute();
      }
      return true;
    });
  }

  /** What the preview shows of the import's places, largest first: only the columns it answers with. */
  previewPlaces(importId: string) {
    return this.db
      .selectFrom('import_places')
      .select([
        'place_key',
        'title',
        'lat',
        'lng',
        'country_code',
        'country_name',
        'first_visit',
        'last_visit',
        'visits',
        'minutes',
      ])
      .where('import_id', '=', importId)
      .orderBy('rank')
      .execute();
  }

  /** The import's places, largest first. */
  places(importId: string): Promise<ImportPlaceRow[]> {
    return this.db
      .selectFrom('import_places')
      .selectAll()
      .where('import_id', '=', importId)
      .orderBy('rank')
      .execute();
  }

  /**
   * Marks the places chosen and moves the import from ready to committing, at once; false (and nothing
   * marked) when it was not ready.
   */
  async startCommit(importId: string, placeKeys: readonly string[], at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('imports')
        .set({ status: 'committing', updated_at: at })
        .where('id', '=', importId)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      for (let start = 0; start < placeKeys.length; start += BATCH) {
        await trx
          .updateTable('import_places')
          .set({ kept: 1 })
          .where('import_id', '=', importId)
          .where('place_key', 'in', placeKeys.slice(start, start + BATCH))
          .execute();
      }
      return true;
    });
  }

  /** The kept places no pin stands for yet: what committing still has to do. */
  placesToCommit(importId: string): Promise<ImportPlaceRow[]> {
    return this.db
      .selectFrom('import_places')
      .selectAll()
      .where('import_id', '=', importId)
      .where('kept', '=', 1)
      .where('pin_id', 'is', null)
      .orderBy('rank')
      .execute();
  }

  /** How many of the import's places are marked with a pin they made. */
  async madeCount(importId: string): Promise<number> {
    const { made } = await this.db
      .selectFrom('import_places')
      .select((eb) => eb.fn.countAll<number>().as('made'))
      .where('import_id', '=', importId)
      .where('pin_made', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(made);
  }

  /**
   * Records which pin stands for each place: one it made (`made`), or one that was there already. One
   * statement per slice of places (a CASE on the place's key), not one per place: 5,000 single-row
   * updates took PostgreSQL 1.4 s, one statement for them 44 ms.
   */
  async setPlacePins(
    importId: string,
    pins: readonly { placeKey: string; pinId: string }[],
    made: boolean,
  ): Promise<void> {
    for (let start = 0; start < pins.length; start += BATCH) {
      const slice = pins.slice(start, start + BATCH);
      await this.db
        .updateTable('import_places')
        .set({
          pin_id: sql<string>`case place_key ${sql.join(
            slice.map(({ placeKey, pinId }) => sql`when ${placeKey} then ${pinId}`),
            sql` `,
          )} end`,
          pin_made: made ? 1 : 0,
        })
        .where('import_id', '=', importId)
        .where(
          'place_key',
          'in',
          slice.map((pin) => pin.placeKey),
        )
        .execute();
    }
  }

  /** Places the plan had no room for when committing: no longer kept. */
  async dropPlaces(importId: string, placeKeys: readonly string[]): Promise<void> {
    for (let start = 0; start < placeKeys.length; start += BATCH) {
      await this.db
        .updateTable('import_places')
        .set({ kept: 0 })
        .where('import_id', '=', importId)
        .where('place_key', 'in', placeKeys.slice(start, start + BATCH))
        .execute();
    }
  }

  /**
   * Ends a commit: the places not kept are forgotten, the counts written and the import done, at once;
   * false when it was not committing.
   */
  async finishCommit(importId: string, at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const counts = await trx
        .selectFrom('import_places')
        .select((eb) => [eb.fn.countAll<number>().as('kept'), eb.fn.sum<number>('pin_made').as('made')])
        .where('import_id', '=', importId)
        .where('kept', '=', 1)
        .executeTakeFirstOrThrow();
      const kept = Number(counts.kept);
      const made = Number(counts.made ?? 0);
      const moved = await trx
        .updateTable('imports')
        .set({
          status: 'done',
          places: kept,
          created: made,
          matched: kept - made,
          committed_at: at,
          updated_at: at,
        })
        .where('id', '=', importId)
        .where('status', '=', 'committing')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('import_places').where('import_id', '=', importId).where('kept', '=', 0).execute();
      return true;
    });
  }

  /** Marks a done import undone and forgets its places, at once; false when it was not done. */
  async undo(importId: string, at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('imports')
        .set({ status: 'undone', updated_at: at })
        .where('id', '=', importId)
        .where('status', '=', 'done')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('import_places').where('import_id', '=', importId).execute();
      return true;
    });
  }

  /** Deletes an import not committed, with its places; false when it was committing or done by then. */
  async deleteUncommitted(importId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('imports')
      .where('id', '=', importId)
      .where('status', 'in', ['uploading', 'reading', 'ready', 'failed'])
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Imports in a status, oldest change first (the jobs resumed at start, the sweep). */
  withStatus(status: ImportStatus, changedBefore = Number.MAX_SAFE_INTEGER): Promise<ImportRow[]> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('status', '=', status)
      .where('updated_at', '<', changedBefore)
      .orderBy('updated_at')
      .execute();
  }

  async exportOf(userId: string): Promise<ImportRecord[]> {
    const rows = await this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    // Every place of the traveller's imports in one read, in each import's order.
    const places = await this.db
      .selectFrom('import_places')
      .innerJoin('imports', 'imports.id', 'import_places.import_id')
      .select([
        'import_places.import_id',
        'import_places.title',
        'import_places.lat',
        'import_places.lng',
        'import_places.country_code',
        'import_places.first_visit',
        'import_places.last_visit',
        'import_places.visits',
        'import_places.pin_id',
      ])
      .where('imports.user_id', '=', userId)
      .orderBy('import_places.import_id')
      .orderBy('import_places.rank')
      .execute();
    const placesOf = new Map<string, typeof places>();
    for (const place of places) {
      const ofImport = placesOf.get(place.import_id);
      if (ofImport) ofImport.push(place);
      else placesOf.set(place.import_id, [place]);
    }
    const records: ImportRecord[] = rows.map((row) => ({
      importId: row.id,
      status: row.status,
      format: row.format,
      fileNames: filesOf(row).map((file) => file.name),
      createdAt: new Date(row.created_at).toISOString(),
      committedAt: row.committed_at === null ? null : new Date(row.committed_at).toISOString(),
      places: (placesOf.get(row.id) ?? []).map((place) => ({
        title: place.title,
        lat: place.lat,
        lng: place.lng,
        countryCode: place.country_code,
        firstVisit: place.first_visit,
        lastVisit: place.last_visit,
        visits: place.visits,
        pinId: place.pin_id,
      })),
    }));
    return records;
  }

  /** Whether a PUT to file n of the import may still store bytes: it is the traveller's and still uploading. */
  async acceptsUpload(userId: string, importId: string, n: number, now: number): Promise<boolean> {
    const row = await this.findOwned(userId, importId);
    return !!row && row.status === 'uploading' && row.expires_at > now && n < filesOf(row).length;
  }
}
