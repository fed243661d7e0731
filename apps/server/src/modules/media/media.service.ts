// Media: the upload protocol of SPEC.md §7 (upload-url → PUT → complete), the gallery, downloads and
// deletion. The server decides everything: ownership, tier allowances, the real type of the bytes, the
// metadata that is stored, the verification. Another user's media or pin is answered like a missing one.
import {
  ErrorCode,
  MB,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  PIN_MESSAGES,
  alreadyUploadedMessage,
  canUpload,
  getTier,
  hasFeature,
  mediaPerPinAllowed,
  mediaPerPinMessage,
  planRequiredMessage,
  storageFullMessage,
  verifyMedia,
  type ClientExifData,
  type CompleteUploadResponse,
  type DeleteMediaResponse,
  type DownloadUrlResponse,
  type MediaItem,
  type MediaMetadata,
  type ReadRange,
  type UploadUrlResponse,
} from '@waymarks/shared';
import { ObjectNotFoundError, type ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, notFound, serviceBusy } from '../../http/errors.js';
import { readMetadataFrom } from '../../media/metadata.js';
import { normalizeDeclaredType, sniff, type SniffedType } from '../../media/sniff.js';
import { UnprocessableMedia } from '../../media/unprocessable.js';
import { isId, newId } from '../../common/ids.js';
import { toPin } from '../../common/pin.presenter.js';
import type { ProgressFigures } from '../../common/progress.js';
import { tierOf } from '../../common/user-tier.js';
import type { TravellerPins } from '../../common/pins.js';
import type { JobQueue } from '../../jobs/queue.js';
import { CompletionsBusyError, type CompletionGate } from './completion-gate.js';
import { mediaKeys, objectKeys, type MediaKeys } from './media-keys.js';
import type { Allowance, MediaRepository, MediaRow } from './media.repository.js';
import { toMediaItem, type MediaLinks } from './media.presenter.js';

interface MediaServiceDeps {
  media: MediaRepository;
  pins: Pick<TravellerPins, 'findOwned' | 'deleteOwned'>;
  storage: ObjectStorage;
  /** One completion per upload at a time, in a line of bounded length. */
  completions: CompletionGate;
  /** Where the derivatives job of a completed upload is enqueued. */
  jobs: Pick<JobQueue, 'enqueue'>;
  now: () => number;
  /** Told after media became ready or were deleted: verification and media counts are progress. */
  progress: ProgressFigures;
  /** Objects that could not be deleted are left to the sweep; this reports them. */
  onCleanupError: (error: unknown, keys: string[]) => void;
}

interface NewUpload {
  pinId: string;
  contentType: string;
  filename: string;
  sizeMB: number;
  sizeBytes?: number | undefined;
  /** The SHA-256 the browser read: a traveller who keeps these bytes already is told so at once. */
  contentHash?: string | undefined;
}

/** The make and model columns' width: EXIF text is whatever the file says, so it is cut to fit. */
const CAMERA_TEXT_MAX = 100;
const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

const UPLOAD_EXPIRED_MESSAGE = 'This upload was not finished in time. Please upload the file again.';
const COMPLETIONS_BUSY_MESSAGE = 'Many uploads are being processed right now. Please try again in a moment.';

export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {}

  /** Checks pin, type, size, storage allowance and per-pin limit, reserves the upload, returns where to PUT. */
  async createUpload(user: UserRow, input: NewUpload): Promise<UploadUrlResponse> {
    const { media, storage, now } = this.deps;
    const pin = await this.ownedPin(user, input.pinId);
    const contentType = normalizeDeclaredType(input.contentType, input.filename);
    if (!contentType) throw new AppError(415, ErrorCode.unsupportedMediaType, MEDIA_MESSAGES.unsupportedType);
    const bytes = input.sizeBytes ?? Math.ceil(input.sizeMB * MB);
    if (bytes > MEDIA_LIMITS.maxFileBytes) {
      throw new AppError(413, ErrorCode.payloadTooLarge, MEDIA_MESSAGES.fileTooLarge);
    }
    // The browser's word spares an upload the server would refuse at completion, where its own hash of the
    // stored bytes decides; a wrong word only costs the caller (its own files are the only ones matched).
    if (input.contentHash) {
      const kept = await this.placeOfSameBytes(user, input.contentHash);
      if (kept) throw alreadyUploaded(kept.title);
    }

    const at = now();
    const tier = getTier(tierOf(user));
    const mediaId = newId();
    const keys = mediaKeys(user.id, mediaId);
    const expiresAt = at + MEDIA_LIMITS.uploadUrlSeconds * 1000;
    // The row exists before the URL does: an object can only ever be stored under a key that has a row.
    // The limits are checked on the numbers of the moment it goes in, so parallel requests cannot overshoot.
    const row = {
      id: mediaId,
      user_id: user.id,
      pin_id: pin.id,
      storage_key: keys.original,
      status: 'pending',
      filename: input.filename,
      content_type: contentType,
      kind: contentType.startsWith('video/') ? 'video' : 'image',
      declared_bytes: bytes,
      created_at: at,
      expires_at: expiresAt,
    };
    const admit = ({ mediaForPin, usage }: Allowance) => {
      if (!mediaPerPinAllowed(tier.id, mediaForPin)) {
        throw new AppError(
          403,
          ErrorCode.mediaLimitReached,
          mediaPerPinMessage(tier.name, tier.maxMediaPerPin, mediaForPin),
        );
      }
      if (!canUpload(tier.id, (usage.readyBytes + usage.reservedBytes) / MB, bytes / MB)) {
        const usedMB = (usage.readyBytes + usage.reservedBytes) / MB;
        throw new AppError(
          403,
          ErrorCode.storageLimitReached,
          storageFullMessage(tier.name, tier.storageGB, usedMB),
        );
      }
    };
    // A local link is checked against its upload at every PUT (upload-admission.ts); an S3 link cannot be
    // revoked, so its size stays reserved after its upload ends, until the sweep has cleared it.
    await media.reservePending(row, admit, { linkRevocable: storage.kind === 'local' });
    const uploadUrl = await storage.createUploadUrl(keys.upload, {
      contentType,
      size: bytes,
      expiresInSeconds: MEDIA_LIMITS.uploadUrlSeconds,
    });
    return { uploadUrl, mediaId, contentType, expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * Checks the stored object and makes it media: real type from the bytes, metadata read again,
   * verification, usage; its thumbnail and preview are made by a job after (media-derivatives.ts). A refused
   * file is deleted with its row, so it never counts; so is an upload whose link has run out. Completing
   * twice answers the first result again; calls for one upload while its completion runs get that one's
   * answer, and when too many completions wait the call is refused with 503 and Retry-After.
   */
  async complete(
    user: UserRow,
    mediaId: string,
    exifData: ClientExifData | undefined,
  ): Promise<CompleteUploadResponse> {
    const row = await this.owned(user, mediaId);
    // Completed already (and maybe refused since): the same answer again.
    if (row.status !== 'pending') return this.completed(row, toPin(await this.ownedPin(user, row.pin_id)));
    try {
      return await this.deps.completions.run(row.id, () => this.completeInTurn(user, row.id, exifData));
    } catch (error) {
      if (error instanceof CompletionsBusyError) {
        throw serviceBusy(COMPLETIONS_BUSY_MESSAGE, error.retryAfterSeconds);
      }
      throw error;
    }
  }

  /** complete() once its turn in the line has come. */
  private async completeInTurn(
    user: UserRow,
    mediaId: string,
    exifData: ClientExifData | undefined,
  ): Promise<CompleteUploadResponse> {
    const { media, storage, now } = this.deps;
    // Read again: a completion that finished while this one waited has made it ready.
    const row = await this.owned(user, mediaId);
    const pin = await this.ownedPin(user, row.pin_id);
    if (row.status !== 'pending') return this.completed(row, toPin(pin));

    const keys = mediaKeys(user.id, row.id);
    // Its reservation no longer counts once the link runs out: completing now would store bytes the
    // allowance was not checked for, and the sweep is about to remove them.
    if (row.expires_at <= now()) {
      await this.refuse(row, keys);
      throw new AppError(403, ErrorCode.uploadUrlExpired, UPLOAD_EXPIRED_MESSAGE);
    }
    // A link writes its key until it expires, whatever happens to the upload (an S3 link cannot be
    // revoked), but it never writes the original's: what it wrote is moved there first and checked there,
    // so the bytes checked are the bytes kept. An original already there was moved by a completion that
    // did not finish; it is checked again.
    if (!(await storage.head(keys.original))) {
      try {
        await storage.move(keys.upload, keys.original);
      } catch (error) {
        if (!(error instanceof ObjectNotFoundError)) throw error;
        throw new AppError(409, ErrorCode.uploadIncomplete, MEDIA_MESSAGES.notUploaded);
      }
    }
    const stored = await storage.head(keys.original);
    if (!stored) throw new AppError(409, ErrorCode.uploadIncomplete, MEDIA_MESSAGES.notUploaded);
    if (stored.size > row.declared_bytes) {
      await this.refuse(row, keys);
      throw new AppError(413, ErrorCode.payloadTooLarge, MEDIA_MESSAGES.sizeMismatch);
    }

    let inspected: Inspected;
    try {
      inspected = await inspectStoredObject(storage, keys.original, stored.size, {
        declared: row.content_type,
        lastModified: exifData?.lastModified,
      });
    } catch (error) {
      if (!(error instanceof UnprocessableMedia)) throw error;
      await this.refuse(row, keys);
      throw new AppError(422, ErrorCode.unprocessableMedia, error.about(row.filename));
    }

    const { type, metadata } = inspected;
    const verification = verifyMedia(metadata, pin);
    const uploadedAt = now();
    // Hashed here, from the bytes kept: what the browser said at reservation is not trusted.
    const contentHash = await storage.sha256(keys.original);
    const fields = {
      content_type: type.mime,
      size_bytes: stored.size,
      width: null,
      height: null,
      taken_at: metadata.dateTaken,
      date_source: metadata.dateSource,
      lat: metadata.location?.lat ?? null,
      lng: metadata.location?.lng ?? null,
      camera_make: clip(metadata.cameraMake, CAMERA_TEXT_MAX),
      camera_model: clip(metadata.cameraModel, CAMERA_TEXT_MAX),
      verification_status: verification.status,
      verification_score: verification.score,
      has_location_verification: verification.hasLocationVerification ? 1 : 0,
      uploaded_at: uploadedAt,
      content_hash: contentHash,
    };
    let outcome = await media.markReady(row.id, pin.id, fields);
    while (outcome.made === 'nothing' && outcome.sameBytesAs) {
      const kept = await this.deps.pins.findOwned(user.id, outcome.sameBytesAs.pin_id);
      if (kept) {
        await this.refuse(row, keys);
        throw alreadyUploaded(kept.title);
      }
      // The item with these bytes went with its place since: this one may be kept after all.
      outcome = await media.markReady(row.id, pin.id, fields);
    }
    const ready = outcome.made === 'ready';
    if (ready) {
      await this.deps.jobs.enqueue('media.derivatives', { mediaId: row.id }, { key: row.id });
      await this.deps.progress.refresh(user.id);
    }
    const current = await this.owned(user, mediaId);
    if (!ready && current.status === 'pending') throw notFound(MEDIA_MESSAGES.mediaNotFound);
    return this.completed(current, toPin((await this.deps.pins.findOwned(user.id, pin.id))!));
  }

  async listForPin(user: UserRow, pinId: string): Promise<MediaItem[]> {
    const pin = await this.ownedPin(user, pinId);
    const rows = await this.deps.media.listGallery(pin.id);
    return Promise.all(rows.map(async (row) => toMediaItem(row, await this.viewingLinks(row))));
  }

  /** Sets the caption of a ready item (already trimmed; empty removes it); the item as the gallery shows it. */
  async setCaption(user: UserRow, mediaId: string, caption: string | null): Promise<MediaItem> {
    const row = isId(mediaId)
      ? await this.deps.media.setCaption(user.id, mediaId, caption || null)
      : undefined;
    if (!row) throw notFound(MEDIA_MESSAGES.mediaNotFound);
    return toMediaItem(row, await this.viewingLinks(row));
  }

  /** A short-lived link to the original, saved under its own name; needs the mediaDownloads feature. */
  async downloadUrl(user: UserRow, mediaId: string): Promise<DownloadUrlResponse> {
    const row = await this.owned(user, mediaId);
    if (row.status !== 'ready') throw notFound(MEDIA_MESSAGES.mediaNotFound);
    // Ownership first: another user's media is 404 whatever the plan.
    requireDownloads(user);
    const seconds = MEDIA_LIMITS.downloadUrlSeconds;
    const downloadUrl = await this.deps.storage.createDownloadUrl(row.storage_key, {
      expiresInSeconds: seconds,
      disposition: 'attachment',
      filename: row.filename,
      contentType: row.content_type,
    });
    return { downloadUrl, expiresAt: new Date(this.deps.now() + seconds * 1000).toISOString() };
  }

  /** Checks that the user may download a pin's media (mediaDownloads feature, own pin). */
  async checkArchive(user: UserRow, pinId: string): Promise<void> {
    await this.ownedPin(user, pinId);
    requireDownloads(user);
  }

  /** A pin's title and ready originals for a signed archive link (checked when the link was made). */
  async archiveForLink(userId: string, pinId: string): Promise<{ title: string; media: MediaRow[] }> {
    const pin = await this.deps.pins.findOwned(userId, pinId);
    if (!pin) throw notFound(PIN_MESSAGES.notFound);
    return { title: pin.title, media: await this.deps.media.listReadyForPin(pin.id) };
  }

  openOriginal(row: MediaRow): Promise<NodeJS.ReadableStream> {
    return this.deps.storage.read(row.storage_key);
  }

  /** Deletes one media item (ready, refused, or an upload in flight) and its stored objects. */
  async delete(user: UserRow, mediaId: string): Promise<DeleteMediaResponse> {
    if (!isId(mediaId)) throw notFound(MEDIA_MESSAGES.mediaNotFound);
    const row = await this.deps.media.deleteOwned(user.id, mediaId, this.deps.now());
    if (!row) throw notFound(MEDIA_MESSAGES.mediaNotFound);
    if (row.status === 'ready') await this.deps.progress.refresh(user.id);
    await this.deleteObjects([mediaKeys(row.user_id, row.id)]);
    const pin = await this.deps.pins.findOwned(user.id, row.pin_id);
    if (!pin) throw notFound(PIN_MESSAGES.notFound);
    return { mediaId, pin: toPin(pin) };
  }

  /** After a pin moved (the pins module asks, once the move is saved): its media verified again. */
  verifyAgain(pinId: string): Promise<void> {
    return this.deps.media.verifyPinAgain(pinId, this.deps.now());
  }

  /**
   * Deletes a pin with its media: rows first (in one statement, with the pin), then the objects, so no
   * row ever points at a missing object; objects left by a crash in between are swept.
   */
  async deletePin(user: UserRow, pinId: string): Promise<boolean> {
    if (!isId(pinId)) return false;
    const pin = await this.deps.pins.findOwned(user.id, pinId);
    if (!pin) return false;
    const rows = await this.deps.media.listForPin(pin.id);
    if (!(await this.deps.pins.deleteOwned(user.id, pin.id))) return false;
    await this.deps.progress.refresh(user.id);
    await this.deleteObjects(rows.map((row) => mediaKeys(row.user_id, row.id)));
    return true;
  }

  private async completed(
    row: MediaRow,
    pin: CompleteUploadResponse['pin'],
  ): Promise<CompleteUploadResponse> {
    const item = toMediaItem(row, await this.viewingLinks(row));
    return { mediaId: row.id, verification: item.verification, media: item, pin };
  }

  /**
   * Links for the gallery, to what is stored: none for a refused item, no thumbnail or preview before they
   * are made. Storage keeps them stable for a while, so the browser's cache holds.
   */
  private async viewingLinks(row: MediaRow): Promise<MediaLinks> {
    const { storage } = this.deps;
    if (row.status !== 'ready') return { thumbnailUrl: null, previewUrl: null, streamUrl: null };
    const expiresInSeconds = MEDIA_LIMITS.viewUrlSeconds;
    const keys = mediaKeys(row.user_id, row.id);
    const webp = { expiresInSeconds, disposition: 'inline' as const, contentType: 'image/webp' };
    const made = row.derivatives === 'ready';
    const [thumbnailUrl, previewUrl, streamUrl] = await Promise.all([
      made ? storage.createDownloadUrl(keys.thumbnail, webp) : null,
      made ? storage.createDownloadUrl(keys.preview, webp) : null,
      row.kind === 'video'
        ? storage.createDownloadUrl(keys.original, {
            expiresInSeconds,
            disposition: 'inline',
            contentType: row.content_type,
          })
        : null,
    ]);
    return { thumbnailUrl, previewUrl, streamUrl };
  }

  /** The place of the traveller's ready item with these bytes, if there is one. */
  private async placeOfSameBytes(user: UserRow, contentHash: string) {
    const kept = await this.deps.media.findSameBytes(user.id, contentHash);
    return kept ? this.deps.pins.findOwned(user.id, kept.pin_id) : undefined;
  }

  private async refuse(row: MediaRow, keys: MediaKeys): Promise<void> {
    await this.deps.media.deletePending(row.id);
    await this.deleteObjects([keys]);
  }

  private async deleteObjects(all: MediaKeys[]): Promise<void> {
    const keys = all.flatMap(objectKeys);
    if (keys.length === 0) return;
    try {
      await this.deps.storage.delete(keys);
    } catch (error) {
      this.deps.onCleanupError(error, keys);
    }
  }

  private async owned(user: UserRow, mediaId: string): Promise<MediaRow> {
    const row = isId(mediaId) ? await this.deps.media.findOwned(user.id, mediaId) : undefined;
    if (!row) throw notFound(MEDIA_MESSAGES.mediaNotFound);
    return row;
  }

  private async ownedPin(user: UserRow, pinId: string) {
    const pin = isId(pinId) ? await this.deps.pins.findOwned(user.id, pinId) : undefined;
    if (!pin) throw notFound(PIN_MESSAGES.notFound);
    return pin;
  }
}

/** 409: the traveller keeps these bytes already, in the place named ('Already in Lisbon'). */
function alreadyUploaded(placeTitle: string): AppError {
  return new AppError(409, ErrorCode.alreadyUploaded, alreadyUploadedMessage(placeTitle));
}

function requireDownloads(user: UserRow): void {
  if (!hasFeature(tierOf(user), 'mediaDownloads')) {
    throw new AppError(403, ErrorCode.featureRequired, planRequiredMessage('mediaDownloads'));
  }
}

interface Inspected {
  type: SniffedType;
  metadata: MediaMetadata;
}

/**
 * What completing an upload reads from the stored object: the type its bytes really are and their
 * metadata, read by ranges (kilobytes, however large the object is).
 */
async function inspectStoredObject(
  storage: ObjectStorage,
  key: string,
  size: number,
  upload: { declared: string; lastModified: number | undefined },
): Promise<Inspected> {
  const read: ReadRange = (offset, length) => storage.readRange(key, offset, length);
  // Refuses what is not an accepted photo or video, and bytes of another type than declared.
  const type = await sniff(read, upload.declared);
  const metadata = await readMetadataFrom(read, size, type.kind, {
    fileLastModifiedMs: upload.lastModified,
  });
  return { type, metadata };
}
