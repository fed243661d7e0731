// The sweep that keeps storage and the media table in step after crashes and abandoned uploads: it removes
// half-written upload files, pending uploads whose link ran out long ago (rows and objects), and stored
// objects that no row owns. Rows are always written before their objects and deleted before them, so a
// row never points at a missing object; this sweep removes the objects a crash left behind.
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import { mediaIdOfKey, mediaKeys, objectKeys, MEDIA_PREFIX } from './media-keys.js';
import type { MediaRepository } from './media.repository.js';

export interface SweepReport {
  incompleteUploads: number;
  abandonedUploads: number;
  orphanObjects: number;
}

interface MediaSweepDeps {
  media: MediaRepository;
  storage: ObjectStorage;
  now: () => number;
}

/** A pending upload is abandoned this long after its link expired (a PUT begun just before may still run). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const BATCH = 500;

export class MediaSweep {
  constructor(private readonly deps: MediaSweepDeps) {}

  /** partsOlderThanMs: 0 at start-up, when no upload of this process can still be running. */
  async run(options: { partsOlderThanMs: number }): Promise<SweepReport> {
    const { media, storage, now } = this.deps;
    const incompleteUploads = await storage.removeIncompleteUploads(options.partsOlderThanMs);

    let abandonedUploads = 0;
    for (;;) {
      const rows = await media.listAbandoned(now() - ABANDONED_AFTER_MS, BATCH);
      if (rows.length === 0) break;
      const ids = rows.map((row) => row.id);
      await media.deleteAbandoned(ids);
      // A late complete may have made one ready between the list and the delete: its files stay.
      const kept = await media.existingIds(ids);
      const gone = rows.filter((row) => !kept.has(row.id));
      await storage.delete(gone.flatMap((row) => objectKeys(mediaKeys(row.user_id, row.id))));
      abandonedUploads += gone.length;
      if (rows.length < BATCH) break;
    }

    let orphanObjects = 0;
    let batch: { key: string; mediaId: string }[] = [];
    const flush = async () => {
      const existing = await media.existingIds([...new Set(batch.map((entry) => entry.mediaId))]);
      const orphans = batch.filter((entry) => !existing.has(entry.mediaId)).map((entry) => entry.key);
      await storage.delete(orphans);
      orphanObjects += orphans.length;
      batch = [];
    };
    for await (const object of storage.list(MEDIA_PREFIX)) {
      const mediaId = mediaIdOfKey(object.key);
      // Keys of another shape are not ours to judge; they are left alone.
      if (!mediaId) continue;
      batch.push({ key: object.key, mediaId });
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length > 0) await flush();

    return { incompleteUploads, abandonedUploads, orphanObjects };
  }
}
