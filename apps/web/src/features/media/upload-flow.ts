// The upload flow of SPEC.md §4 and §5, free of React so it can be tested on its own: read each file's
// metadata, group the files by where they were taken, find or create a pin per group, then send the files
// in parallel batches, each file hashed first so a file the traveller keeps already, or a second copy in
// the selection, is skipped (docs/decisions/084). A quick upload places the files with GPS and leaves the
// rest unplaced, for the traveller to give a place (docs/decisions/089). Progress follows §4 exactly: 10
// at the start, 30 after the metadata, 50 after grouping, 60 before the batches, 60 plus a share of 40 per
// batch, 100 at the end.
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  alreadyUploadedMessage,
  distanceKm,
  groupByLocation,
  hasCoordinates,
  type LatLng,
  type LocationGroup,
  type MediaMetadata,
  type MediaVerificationResult,
  type Pin,
  type PinCreateRequest,
} from '@waymarks/shared';
import { roundCoordinate } from '../places';
import { alreadyKept, uploadFailed } from './messages';
import type { UnplacedFile } from './unplaced';

export interface UploadSettings {
  autoDetectDate: boolean;
  autoVerifyLocation: boolean;
  groupNearby: boolean;
  groupingKm: number;
}

export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = {
  autoDetectDate: true,
  autoVerifyLocation: true,
  groupNearby: true,
  groupingKm: MEDIA_LIMITS.groupingDefaultKm,
};

/** The place the dialog was opened for. Quick upload opens it at 0, 0 with no real place. */
export interface UploadTarget {
  lat: number;
  lng: number;
  name: string;
  countryCode: string;
  countryName: string;
  pin: Pin | null;
  /** A date chosen in 'When did you visit?' (unsaved places with auto-detect date off). */
  visitDate: string | null;
}

export interface PlaceName {
  name: string;
  countryCode: string;
  countryName: string;
}

export interface UploadDeps {
  readMetadata(file: File): Promise<MediaMetadata>;
  /** The place name for a group's centre (reverse geocoding, with its fallback when that fails). */
  placeAt(lat: number, lng: number): Promise<PlaceName>;
  createPin(body: PinCreateRequest): Promise<Pin>;
  /** Removes a pin this run made when none of its files went up, so a failed upload leaves no empty place. */
  deletePin(pinId: string): Promise<void>;
  /** The file's SHA-256 (content-hash.ts), or null when it is not read. */
  contentHash(file: File): Promise<string | null>;
  /**
   * upload-url, PUT, complete for one file, with its hash when there is one; rejects with a message on
   * failure, and with FileSkipped when the traveller keeps the file already.
   */
  uploadFile(
    pinId: string,
    file: File,
    metadata: MediaMetadata,
    contentHash: string | null,
  ): Promise<UploadedFile>;
  /** The user's pins: a group near one of them is added to it rather than to a new pin. */
  existingPins: readonly Pin[];
}

export interface UploadedFile {
  mediaId: string;
  verification: MediaVerificationResult;
  pin: Pin;
  /** As the server read the bytes, for the count of photos and videos. */
  isVideo: boolean;
}

export interface FileResult {
  file: File;
  pinTitle: string;
  /** Not ok: refused or failed, its sentence naming it; or skipped, the same bytes being kept already. */
  outcome: { ok: true; uploaded: UploadedFile } | { ok: false; message: string; skipped?: true };
}

export interface UploadOutcome {
  results: FileResult[];
  /** The pins files went to, in group order (new ones included; a new pin that got no file is removed). */
  pins: Pin[];
  /** A quick upload's files without GPS, not sent: they wait for the traveller to choose a place. */
  unplaced: UnplacedFile[];
}

export class UploadRefused extends Error {
  override name = 'UploadRefused';
  /** A quick upload with nothing to place: its files, none sent, wait for a place all the same. */
  constructor(
    message: string,
    readonly unplaced: readonly File[] = [],
  ) {
    super(message);
  }
}

/** A file not sent, or not kept, because the traveller keeps the same bytes already: skipped, not failed. */
export class FileSkipped extends Error {
  override name = 'FileSkipped';
  /** Where the same bytes are: 'Already in Lisbon'. */
  constructor(
    file: Pick<File, 'name'>,
    readonly where: string,
  ) {
    super(alreadyKept(file, where));
  }
}

/** One file of a run and the pin it goes to. */
interface Job {
  file: File;
  pin: Pin;
}

const PROGRESS = { started: 10, metadataRead: 30, grouped: 50, batchesStart: 60, done: 100 } as const;

/** The selected place when it is a real one: quick upload's 0, 0 placeholder is not (SPEC.md §5). */
export function isQuickUpload(target: Pick<UploadTarget, 'lat' | 'lng' | 'pin'>): boolean {
  return !target.pin && !hasCoordinates(target);
}

/** The days the files were taken ('YYYY-MM-DD', earliest first); files without a capture date add none. */
export function captureDays(metadata: readonly (MediaMetadata | null | undefined)[]): string[] {
  return metadata
    .map((meta) => (meta?.dateSource && meta.dateTaken ? meta.dateTaken.slice(0, 10) : null))
    .filter((day): day is string => day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day))
    .sort();
}

/** The files a quick upload cannot place, having no GPS; none for a real place, where they join it. */
export function unplacedFiles(
  files: readonly File[],
  metadataOf: (file: File) => MediaMetadata | undefined,
  target: Pick<UploadTarget, 'lat' | 'lng' | 'pin'>,
): File[] {
  if (!isQuickUpload(target)) return [];
  return files.filter((file) => !hasCoordinates(metadataOf(file)?.location));
}

/**
 * The places the files group into, as the settings say: by GPS unless location detection is off (quick
 * upload always uses it), within the grouping distance or, with grouping off, only at the very same spot;
 * files without GPS join the selected place, which quick upload does not have.
 */
export function groupFiles(
  files: readonly File[],
  metadataOf: (file: File) => MediaMetadata | undefined,
  settings: UploadSettings,
  target: Pick<UploadTarget, 'lat' | 'lng' | 'pin'>,
): LocationGroup<File>[] {
  const quick = isQuickUpload(target);
  const useGps = settings.autoVerifyLocation || quick;
  const maxKm = settings.groupNearby ? settings.groupingKm : 0;
  return groupByLocation(
    files,
    (file) => (useGps ? metadataOf(file)?.location : null),
    maxKm,
    quick ? null : target,
  );
}

export async function runUpload(
  files: readonly File[],
  settings: UploadSettings,
  target: UploadTarget,
  deps: UploadDeps,
  onProgress: (percent: number) => void,
  knownMetadata: ReadonlyMap<File, MediaMetadata> = new Map(),
): Promise<UploadOutcome> {
  if (files.length === 0) throw new UploadRefused(MEDIA_MESSAGES.noFilesSelected);
  onProgress(PROGRESS.started);

  const metadata = new Map<File, MediaMetadata>();
  for (const file of files) {
    metadata.set(file, knownMetadata.get(file) ?? (await deps.readMetadata(file)));
  }
  onProgress(PROGRESS.metadataRead);

  const unplaced = unplacedFiles(files, (file) => metadata.get(file), target);
  const placeable = files.filter((file) => !unplaced.includes(file));
  // Only a quick upload with nothing at all to place is refused; its files are handed back, not lost.
  if (unplaced.length > 0 && placeable.length === 0) {
    throw new UploadRefused(MEDIA_MESSAGES.waitForLocation, unplaced);
  }
  const groups = groupFiles(placeable, (file) => metadata.get(file), settings, target);
  if (groups.length === 0) throw new UploadRefused(MEDIA_MESSAGES.noGroups);
  onProgress(PROGRESS.grouped);

  const pins: Pin[] = [];
  const created = new Set<string>();
  const jobs: Job[] = [];
  for (const group of groups) {
    const pin = await pinForGroup(
      group.centre,
      group.fallback,
      group.items,
      settings,
      target,
      deps,
      metadata,
    );
    pins.push(pin);
    if (!deps.existingPins.includes(pin) && pin !== target.pin) created.add(pin.pinId);
    for (const file of group.items) jobs.push({ file, pin });
  }
  onProgress(PROGRESS.batchesStart);

  const results: FileResult[] = [];
  /** The first file of the run with each hash: a later copy is not sent. */
  const firstWith = new Map<string, File>();
  /** Where each file sent is kept now ('Already in Lisbon'), null when it failed: its copies follow it. */
  const keptAt = new Map<File, string | null>();
  const batchSize = MEDIA_LIMITS.uploadBatchSize;
  const batches = Math.ceil(jobs.length / batchSize);
  for (let index = 0; index < batches; index += 1) {
    const batch = jobs.slice(index * batchSize, (index + 1) * batchSize);
    const sent: (Job & { hash: string | null })[] = [];
    const copies: (Job & { first: File })[] = [];
    for (const job of batch) {
      const hash = await deps.contentHash(job.file);
      const first = hash === null ? undefined : firstWith.get(hash);
      if (first) {
        copies.push({ ...job, first });
        continue;
      }
      if (hash !== null) firstWith.set(hash, job.file);
      sent.push({ ...job, hash });
    }
    const settled = await Promise.allSettled(
      sent.map(({ file, pin, hash }) => deps.uploadFile(pin.pinId, file, metadata.get(file)!, hash)),
    );
    settled.forEach((result, position) => {
      const { file, pin } = sent[position]!;
      if (result.status === 'fulfilled') {
        keptAt.set(file, alreadyUploadedMessage(result.value.pin.title));
        results.push({ file, pinTitle: pin.title, outcome: { ok: true, uploaded: result.value } });
        return;
      }
      const skipped = result.reason instanceof FileSkipped;
      keptAt.set(file, skipped ? (result.reason as FileSkipped).where : null);
      const message = messageOf(file, result.reason);
      results.push({
        file,
        pinTitle: pin.title,
        outcome: skipped ? { ok: false, message, skipped } : { ok: false, message },
      });
    });
    for (const copy of copies) results.push(copyResult(copy, keptAt.get(copy.first) ?? null));
    const failed = settled.filter(
      (result) => result.status === 'rejected' && !(result.reason instanceof FileSkipped),
    );
    // SPEC.md §8: a failed batch is logged and skipped, and the rest continue.
    if (failed.length > 0) console.error(`Upload batch ${index + 1} of ${batches}: ${failed.length} failed`);
    onProgress(PROGRESS.batchesStart + Math.round(((index + 1) / batches) * 40));
  }
  const filled = new Set(results.flatMap((r) => (r.outcome.ok ? [r.outcome.uploaded.pin.pinId] : [])));
  const empty = [...created].filter((pinId) => !filled.has(pinId));
  // Best effort: a pin left behind is still the user's to delete.
  await Promise.all(empty.map((pinId) => deps.deletePin(pinId).catch(() => {})));
  onProgress(PROGRESS.done);
  return {
    results,
    pins: pins.filter((pin) => !empty.includes(pin.pinId)),
    unplaced: unplaced.map((file) => ({ file, failure: null })),
  };
}

/**
 * A second copy of a file in one selection is not sent: skipped, said to be where the first is kept now
 * (it went up, or was kept already). When the first failed, the copy was not tried and stays to be sent.
 */
function copyResult({ file, pin }: Job, keptAt: string | null): FileResult {
  const outcome: FileResult['outcome'] =
    keptAt === null
      ? { ok: false, message: uploadFailed(file) }
      : { ok: false, message: alreadyKept(file, keptAt), skipped: true };
  return { file, pinTitle: pin.title, outcome };
}

/** uploadFile rejects with a sentence naming the file (refusals.ts); anything else is said the same way. */
function messageOf(file: File, reason: unknown): string {
  return reason instanceof Error && reason.message ? reason.message : uploadFailed(file);
}

/**
 * The pin a group goes to: the selected pin for the fallback group or a group near it, else one of the
 * user's pins near the group, else a new pin named by reverse geocoding.
 */
async function pinForGroup(
  centre: LatLng,
  fallback: boolean,
  items: readonly File[],
  settings: UploadSettings,
  target: UploadTarget,
  deps: UploadDeps,
  metadata: ReadonlyMap<File, MediaMetadata>,
): Promise<Pin> {
  const nearKm = Math.max(settings.groupingKm, MEDIA_LIMITS.groupingMinKm);
  if (target.pin && (fallback || distanceKm(centre, target.pin) <= nearKm)) return target.pin;
  const existing = deps.existingPins.find((pin) => distanceKm(centre, pin) <= nearKm);
  if (existing) return existing;

  const detectedDay = settings.autoDetectDate
    ? (captureDays(items.map((file) => metadata.get(file)))[0] ?? null)
    : null;
  const visitDate = detectedDay ?? (settings.autoDetectDate ? null : target.visitDate);
  const atTarget = fallback || (!isQuickUpload(target) && distanceKm(centre, target) <= nearKm);
  const place: PlaceName = atTarget ? target : await deps.placeAt(centre.lat, centre.lng);
  const at = atTarget ? target : centre;
  return deps.createPin({
    lat: roundCoordinate(at.lat),
    lng: roundCoordinate(at.lng),
    countryCode: place.countryCode,
    countryName: place.countryName,
    title: place.name,
    description: atTarget ? `Photos from ${place.name}` : 'Auto-detected from photos',
    ...(visitDate ? { visitDate } : {}),
  });
}
