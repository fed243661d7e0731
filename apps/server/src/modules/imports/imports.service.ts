// Imports of past travels (issue 26, decision 101): the requests. A location history goes up as files do
// (upload-url, PUT, complete) and is read by a job (import-reading.ts); its places are previewed here and
// the chosen ones committed by another job (import-commit.ts); a done import can be undone. Another
// traveller's import is answered like a missing one.
import {
  ErrorCode,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  MEDIA_LIMITS,
  UNLIMITED,
  getTier,
  importMaxBytes,
  importTooLargeMessage,
  pinLimitMessage,
  type ImportDeleteResponse,
  type ImportListResponse,
  type ImportPreview,
  type ImportSummary,
  type ImportUploadUrlResponse,
} from '@waymarks/shared';
import { ObjectNotFoundError, type ObjectStorage } from '../../adapters/storage/object-storage.js';
import { isId, newId } from '../../common/ids.js';
import type { ImportedPins } from '../../common/pins.js';
import type { ProgressFigures } from '../../common/progress.js';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { importFileKeys, importObjectKeys } from './import-keys.js';
import { PinMatcher } from './places.js';
import { toImportSummary } from './imports.presenter.js';
import { filesOf, type ImportRow, type ImportsRepository } from './imports.repository.js';

/** Whatever the file is, it goes up as bytes: its content decides what it is, never its name or type. */
export const IMPORT_CONTENT_TYPE = 'application/octet-stream';

/** The grouping distance of places: the upload's default, so an import groups as photos do. */
export const IMPORT_GROUPING_KM = MEDIA_LIMITS.groupingDefaultKm;

export interface ImportsServiceDeps {
  imports: ImportsRepository;
  pins: ImportedPins;
  storage: Pick<ObjectStorage, 'createUploadUrl' | 'head' | 'move' | 'delete' | 'kind'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  now: () => number;
  progress: ProgressFigures;
  /** Deletes an own pin with its media and their stored files (the media module's). */
  deleteWithMedia: (user: UserRow, pinId: string) => Promise<boolean>;
  /** Objects that could not be deleted are left to the sweep; this reports them. */
  onCleanupError: (error: unknown, keys: string[]) => void;
}

export class ImportsService {
  constructor(private readonly deps: ImportsServiceDeps) {}

  /**
   * Reserves a file of an import and says where to PUT it: a new import, or one more file of an import
   * whose files are still going up. A traveller runs one import at a time, and an import's files together
   * are no larger than the plan's storage.
   */
  async createUpload(
    user: UserRow,
    input: { fileName: string; fileSize: number; importId?: string | undefined },
  ): Promise<ImportUploadUrlResponse> {
    const { imports, now } = this.deps;
    const limit = importMaxBytes(getTier(tierOf(user)).storageGB);
    const file = { name: input.fileName, size: input.fileSize };
    let importId: string;
    let n: number;
    let expiresAt: number;
    if (input.importId === undefined) {
      if (file.size > limit) throw tooLarge(file.size, limit);
      const at = now();
      const underWay = await imports.underWayOf(user.id);
      // One whose links ran out will never be read: it makes way for the new one.
      if (underWay?.status === 'uploading' && underWay.expires_at <= at) await this.forget(underWay);
      else if (underWay) throw busy();
      importId = newId();
      expiresAt = at + IMPORT_LIMITS.uploadUrlSeconds * 1000;
      const created = await imports.create({
        id: importId,
        user_id: user.id,
        status: 'uploading',
        format: null,
        files: JSON.stringify([file]),
        bytes_total: file.size,
        error_code: null,
        error_message: null,
        created_at: at,
        updated_at: at,
        expires_at: expiresAt,
        committed_at: null,
      });
      if (!created) throw busy();
      n = 0;
    } else {
      const added = await this.addFile(user, input.importId, file, limit);
      ({ importId, n, expiresAt } = added);
    }
    const uploadUrl = await this.deps.storage.createUploadUrl(importFileKeys(user.id, importId, n).upload, {
      contentType: IMPORT_CONTENT_TYPE,
      size: file.size,
      expiresInSeconds: Math.max(1, Math.floor((expiresAt - now()) / 1000)),
    });
    return {
      importId,
      uploadUrl,
      contentType: IMPORT_CONTENT_TYPE,
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /** One more file of an import still taking them; tried again when another file was added meanwhile. */
  private async addFile(
    user: UserRow,
    importId: string,
    file: { name: string; size: number },
    limit: number,
  ): Promise<{ importId: string; n: number; expiresAt: number }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await this.owned(user, importId);
      const files = filesOf(row);
      if (row.status !== 'uploading' || row.expires_at <= this.deps.now()) {
        throw new AppError(409, ErrorCode.importBusy, IMPORT_MESSAGES.noMoreFiles);
      }
      if (files.length >= IMPORT_LIMITS.maxFiles) {
        throw new AppError(400, ErrorCode.validation, IMPORT_MESSAGES.tooManyFiles);
      }
      if (row.bytes_total + file.size > limit) throw tooLarge(row.bytes_total + file.size, limit);
      if (await this.deps.imports.addFile(row, file, this.deps.now())) {
        return { importId: row.id, n: files.length, expiresAt: row.expires_at };
      }
    }
    throw busy();
  }

  /**
   * The files are up: each is moved where no link writes, measured, and the import handed to the reading
   * job. Completing again answers where it is; an import whose links ran out is gone with its files.
   */
  async complete(user: UserRow, importId: string): Promise<ImportSummary> {
    const { imports, storage, now } = this.deps;
    const row = await this.owned(user, importId);
    if (row.status !== 'uploading') return this.summaryOf(row);
    if (row.expires_at <= now()) {
      await this.forget(row);
      throw new AppError(403, ErrorCode.uploadUrlExpired, IMPORT_MESSAGES.uploadExpired);
    }
    let bytesTotal = 0;
    const files = filesOf(row);
    for (let n = 0; n < files.length; n += 1) {
      const keys = importFileKeys(user.id, row.id, n);
      // Moved by a completion that did not finish: the file is there already.
      if (!(await storage.head(keys.file))) {
        try {
          await storage.move(keys.upload, keys.file);
        } catch (error) {
          if (!(error instanceof ObjectNotFoundError)) throw error;
          throw new AppError(409, ErrorCode.uploadIncomplete, IMPORT_MESSAGES.notUploaded);
        }
      }
      bytesTotal += (await storage.head(keys.file))?.size ?? 0;
    }
    if (await imports.move(row.id, 'uploading', 'reading', now(), { bytes_total: bytesTotal })) {
      await this.deps.jobs.enqueue('imports.read', { importId: row.id }, { key: row.id });
    }
    return this.summaryOf(await this.owned(user, importId));
  }

  async get(user: UserRow, importId: string): Promise<ImportSummary> {
    return this.summaryOf(await this.owned(user, importId));
  }

  async list(user: UserRow): Promise<ImportListResponse> {
    const rows = await this.deps.imports.listOf(user.id, IMPORT_LIMITS.historySize);
    return { imports: await this.summariesOf(user.id, rows) };
  }

  /**
   * The places reading found, largest first, each matched against the traveller's pins as they are now
   * (a pin made or deleted since the file was read counts), with the countries the stays fell in.
   */
  async preview(user: UserRow, importId: string): Promise<ImportPreview> {
    const row = await this.owned(user, importId);
    if (row.status !== 'ready') throw notReady();
    const [places, pins] = await Promise.all([
      this.deps.imports.previewPlaces(row.id),
      this.deps.pins.positionsOf(user.id),
    ]);
    const matcher = pins.length > 0 ? new PinMatcher(pins, IMPORT_GROUPING_KM) : undefined;
    const visited = new Set(pins.map((pin) => pin.countryCode));
    const countries = new Map<string, ImportPreview['countries'][number]>();
    let from: string | null = null;
    let to: string | null = null;
    const previewPlaces = places.map((place) => {
      const pinId = matcher?.nearest(place);
      if (place.country_code !== 'XX') {
        const country = countries.get(place.country_code) ?? {
          countryCode: place.country_code,
          countryName: place.country_name,
          places: 0,
          isNew: !visited.has(place.country_code),
        };
        country.places += 1;
        countries.set(place.country_code, country);
      }
      if (place.first_visit !== null && (from === null || place.first_visit < from)) from = place.first_visit;
      if (place.last_visit !== null && (to === null || place.last_visit > to)) to = place.last_visit;
      return {
        placeKey: place.place_key,
        title: place.title,
        lat: place.lat,
        lng: place.lng,
        countryCode: place.country_code,
        countryName: place.country_name,
        firstVisit: place.first_visit,
        lastVisit: place.last_visit,
        visits: place.visits,
        minutes: place.minutes,
        ...(pinId ? { pinId } : {}),
      };
    });
    return {
      importId: row.id,
      places: previewPlaces,
      countries: [...countries.values()].sort(
        (a, b) => b.places - a.places || a.countryName.localeCompare(b.countryName),
      ),
      from,
      to,
      groupingKm: IMPORT_GROUPING_KM,
    };
  }

  /**
   * Keeps the chosen places: checked against the import and the plan's pin limit now, then made pins by
   * the commit job. Committing again, or while the first commit runs, answers where it is.
   */
  async commit(user: UserRow, importId: string, placeKeys: readonly string[]): Promise<ImportSummary> {
    const { imports, pins, now } = this.deps;
    const row = await this.owned(user, importId);
    if (row.status === 'committing' || row.status === 'done') return this.summaryOf(row);
    if (row.status !== 'ready')
      throw new AppError(409, ErrorCode.importNotReady, IMPORT_MESSAGES.notCommittable);
    const chosen = new Set(placeKeys);
    const places = (await imports.places(row.id)).filter((place) => chosen.has(place.place_key));
    if (places.length !== chosen.size)
      throw new AppError(400, ErrorCode.validation, IMPORT_MESSAGES.unknownPlace);
    const tier = getTier(tierOf(user));
    if (tier.maxPins !== UNLIMITED) {
      const positions = await pins.positionsOf(user.id);
      const matcher = new PinMatcher(positions, IMPORT_GROUPING_KM);
      const newPins = places.filter((place) => !matcher.nearest(place)).length;
      if (positions.length + newPins > tier.maxPins) {
        throw new AppError(
          403,
          ErrorCode.pinLimitReached,
          pinLimitMessage(tier.name, tier.maxPins, positions.length + newPins),
        );
      }
    }
    if (await imports.startCommit(row.id, [...chosen], now())) {
      // One commit of a traveller's at a time: overlapping imports are matched against each other's pins.
      await this.deps.jobs.enqueue('imports.commit', { importId: row.id }, { key: user.id });
    }
    return this.summaryOf(await this.owned(user, importId));
  }

  /**
   * Cancels an import not committed yet (it goes, with its file), or undoes a done one: the pins it made
   * go, but for those given photos since, which are kept unless `photos` is 'delete'.
   */
  async remove(user: UserRow, importId: string, photos: 'keep' | 'delete'): Promise<ImportDeleteResponse> {
    const { imports, pins, now } = this.deps;
    const row = await this.owned(user, importId);
    if (row.status === 'committing') {
      throw new AppError(409, ErrorCode.importBusy, IMPORT_MESSAGES.stillCommitting);
    }
    if (row.status === 'undone') return { importId: row.id, outcome: 'undone', removedPins: 0, keptPins: 0 };
    if (row.status !== 'done') {
      if (!(await imports.deleteUncommitted(row.id))) return this.remove(user, importId, photos);
      await this.deleteFiles(row);
      return { importId: row.id, outcome: 'cancelled', removedPins: 0, keptPins: 0 };
    }
    let removed = await pins.deleteImportedWithoutMedia(user.id, row.id);
    let kept = 0;
    for (const pin of await pins.madeByImport(user.id, row.id)) {
      if (photos === 'delete' && (await this.deps.deleteWithMedia(user, pin.id))) removed += 1;
      else kept += 1;
    }
    await imports.undo(row.id, now());
    await this.deps.progress.refresh(user.id);
    return { importId: row.id, outcome: 'undone', removedPins: removed, keptPins: kept };
  }

  private async summaryOf(row: ImportRow): Promise<ImportSummary> {
    return (await this.summariesOf(row.user_id, [row]))[0]!;
  }

  /** The traveller's imports as answered; a done one counts its pins given photos since (one read for all). */
  private async summariesOf(userId: string, rows: readonly ImportRow[]): Promise<ImportSummary[]> {
    const withMedia = rows.some((row) => row.status === 'done')
      ? await this.deps.pins.pinsWithMediaByImport(userId)
      : new Map<string, number>();
    return rows.map((row) => toImportSummary(row, row.status === 'done' ? (withMedia.get(row.id) ?? 0) : 0));
  }

  private async owned(user: UserRow, importId: string): Promise<ImportRow> {
    const row = isId(importId) ? await this.deps.imports.findOwned(user.id, importId) : undefined;
    if (!row) throw notFound(IMPORT_MESSAGES.notFound);
    return row;
  }

  /** An import that will never be read: gone with its files. */
  private async forget(row: ImportRow): Promise<void> {
    await this.deps.imports.deleteUncommitted(row.id);
    await this.deleteFiles(row);
  }

  private async deleteFiles(row: ImportRow): Promise<void> {
    const keys = importObjectKeys(row.user_id, row.id, filesOf(row).length);
    try {
      await this.deps.storage.delete(keys);
    } catch (error) {
      this.deps.onCleanupError(error, keys);
    }
  }
}

const busy = () => new AppError(409, ErrorCode.importBusy, IMPORT_MESSAGES.busy);
const notReady = () => new AppError(409, ErrorCode.importNotReady, IMPORT_MESSAGES.notReady);
const tooLarge = (bytes: number, limit: number) =>
  new AppError(413, ErrorCode.payloadTooLarge, importTooLargeMessage(bytes, limit));
