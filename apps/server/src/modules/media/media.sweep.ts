// The sweep that keeps storage and the media table in step after crashes and abandoned uploads: it removes
// half-written upload files, pending uploads whose link ran out long ago (rows and objects), the
// reservations of S3 links that ran out long ago (with whatever the link wrote), stored objects that no row
// owns, and upload objects of items no longer pending. Rows are always written before
// their objects and deleted before them, so a row never points at a missing object; this sweep removes
// the objects a crash (or a link used after its upload ended) left behind.
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import { mediaKeys, objectKeys, parseMediaKey, MEDIA_PREFIX, type ParsedMediaKey } from './media-keys.js';
import type { MediaRepository } from './media.repository.js';

export interface SweepReport {
  incompleteUploads: number;
  abandonedUploads: number;
  expiredReservations: number;
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

    // An S3 link writes its upload key until it runs out, whether or not its upload still exists; the
    // bytes it reserved count until that object is gone, so the object goes first, then the reservation.
    let expiredReservations = 0;
    for (;;) {
      const rows = await media.listExpiredReservations(now() - ABANDONED_AFTER_MS, BATCH);
      if (rows.length === 0) break;
      await storage.delete(rows.map((row) => mediaKeys(row.user_id, row.media_id).upload));
      await media.deleteReservations(rows.map((row) => row.media_id));
      expiredReservations += rows.length;
      if (rows.length < BATCH) break;
    }

    let orphanObjects = 0;
    let batch: { key: string; parsed: ParsedMediaKey }[] = [];
    const flush = async () => {
      const ids = [...new Set(batch.map((entry) => entry.parsed.mediaId))];
      const [existing, pending] = await Promise.all([media.existingIds(ids), media.pendingIds(ids)]);
      // An upload object is wanted only while its upload is pending: one a link wrote again after its
      // completion (S3 links cannot be revoked) is as much an orphan as an object with no row.
      const orphans = batch
        .filter(({ parsed }) =>
          parsed.object === 'upload' ? !pending.has(parsed.mediaId) : !existing.has(parsed.mediaId),
        )
        .map((entry) => entry.key);
      await storage.delete(orphans);
      orphanObjects += orphans.length;
      batch = [];
    };
    for await (const object of storage.list(MEDIA_PREFIX)) {
      const parsed = parseMediaKey(object.key);
      // Keys of another shape are not ours to judge; they are left alone.
      if (!parsed) continue;
      batch.push({ key: object.key, parsed });
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length > 0) await flush();

    return { incompleteUploads, abandonedUploads, expiredReservations, orphanObjects };
  }
}
