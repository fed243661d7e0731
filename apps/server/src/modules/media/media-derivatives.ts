// The derivatives job of a completed upload (decision 079): its thumbnail and preview, a video's from its
// poster frame, made outside the request; a file whose pixels cannot be read is refused then. And the
// resume at start of the jobs a stopped process lost.
import { ObjectNotFoundError, type ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { ProgressFigures } from '../../common/progress.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MakeDerivatives } from '../../media/derivatives.js';
import type { Derivatives } from '../../media/images.js';
import { posterRanges } from '../../media/poster-ranges.js';
import type { SniffedType } from '../../media/sniff.js';
import { UnprocessableMedia } from '../../media/unprocessable.js';
import type { ReadRange } from '@waymarks/shared';
import { mediaKeys, objectKeys } from './media-keys.js';
import type { MediaRepository } from './media.repository.js';

interface MediaDerivativesDeps {
  media: MediaRepository;
  storage: ObjectStorage;
  /** Thumbnails and posters, made through the process's one limiter of decoding jobs. */
  makeDerivatives: MakeDerivatives;
  /** Where the resumed jobs are enqueued. */
  jobs: Pick<JobQueue, 'enqueue'>;
  now: () => number;
  /** Told after an item was refused: it no longer counts. */
  progress: ProgressFigures;
  /** Objects that could not be deleted are left to the sweep; this reports them. */
  onCleanupError: (error: unknown, keys: string[]) => void;
}

export class MediaDerivatives {
  constructor(private readonly deps: MediaDerivativesDeps) {}

  /**
   * The derivatives job: makes the thumbnail and preview (a video's from its poster frame) of a ready
   * item that waits for them. A file whose pixels cannot be read is refused now: its objects are deleted,
   * it stops counting, and its row keeps the reason for the gallery. Anything else that fails is thrown,
   * for the job to be tried again.
   */
  async make(mediaId: string): Promise<void> {
    const { media, storage, now } = this.deps;
    const row = await media.findById(mediaId);
    if (!row || row.status !== 'ready' || row.derivatives !== 'pending') return;
    const keys = mediaKeys(row.user_id, row.id);
    const type: SniffedType = { mime: row.content_type, kind: row.kind === 'video' ? 'video' : 'image' };
    let derivatives: Derivatives;
    try {
      derivatives = await deriveFromStored(this.deps, keys.original, row.size_bytes, type);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return; // deleted while the job waited
      if (!(error instanceof UnprocessableMedia)) throw error;
      if (await media.refuseReady(row.id, error.about(row.filename), now())) {
        await this.deleteObjects(objectKeys(keys));
        await this.deps.progress.refresh(row.user_id);
      }
      return;
    }
    await Promise.all([
      storage.put(keys.thumbnail, derivatives.thumbnail.data, derivatives.thumbnail.contentType),
      storage.put(keys.preview, derivatives.preview.data, derivatives.preview.contentType),
    ]);
    const size = { width: derivatives.width, height: derivatives.height };
    // Deleted while they were made: what was just written would have no row.
    if (!(await media.derivativesMade(row.id, size))) {
      const current = await media.findById(row.id);
      if (!current) await this.deleteObjects(objectKeys(keys));
    }
  }

  /** Every ready item still waiting for its derivatives gets its job again, read a page at a time. */
  async resume(page = 500): Promise<number> {
    let resumed = 0;
    let after = '';
    for (;;) {
      const ids = await this.deps.media.pendingDerivatives(after, page);
      for (const mediaId of ids) {
        await this.deps.jobs.enqueue('media.derivatives', { mediaId }, { key: mediaId });
      }
      resumed += ids.length;
      if (ids.length < page) return resumed;
      after = ids.at(-1)!;
    }
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    try {
      await this.deps.storage.delete(keys);
    } catch (error) {
      this.deps.onCleanupError(error, keys);
    }
  }
}

/**
 * The derivatives, the one step that needs a local file: a photo whole (sharp decodes all of it; the
 * plan's file size limit bounds it), a video only the ranges its poster needs (poster-ranges.ts), so S3
 * does not send a 2 GB video to make one frame.
 */
async function deriveFromStored(
  { storage, makeDerivatives }: Pick<MediaDerivativesDeps, 'storage' | 'makeDerivatives'>,
  key: string,
  size: number,
  type: SniffedType,
): Promise<Derivatives> {
  const derive = (file: string) => makeDerivatives(file, type);
  if (type.kind !== 'video') return storage.withLocalFile(key, derive);
  const read: ReadRange = (offset, length) => storage.readRange(key, offset, length);
  const only = await posterRanges(read, size, type.mime);
  if (!only) return storage.withLocalFile(key, derive);
  try {
    return await storage.withLocalFile(key, derive, { only });
  } catch (error) {
    // A frame past the bytes that were read decodes as damaged, and only the whole file can tell that
    // from a video that really is: it gets the same verdict as before ranged reads, never a harsher one.
    if (!(error instanceof UnprocessableMedia && error.reason === 'damaged')) throw error;
    return storage.withLocalFile(key, derive);
  }
}
