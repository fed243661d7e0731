// SQL for media rows. A pin's media_count and verification are derived from its ready media and rewritten
// in the same transaction as any change to them, so the pin never disagrees with its media.
import { PostgresAdapter, sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { LatLng } from '@waymarks/shared';
import type { MediaTally, TravellerMedia, Usage } from '../../common/media.js';
import type { Db } from '../../db/database.js';
import type { Database, MediaTable } from '../../db/schema.js';
import { mediaKeys, objectKeys } from './media-keys.js';
import {
  countForPin,
  refreshPin,
  sameBytesIn,
  usageOf,
  verificationOf,
  type Allowance,
  type ReadyFields,
  type ReadyOutcome,
  type SameBytes,
} from './media.repository.parts.js';

export type MediaRow = Selectable<MediaTable>;
export type { Usage };

export type { Allowance, ReadyFields, ReadyOutcome, SameBytes };

export class MediaRepository implements TravellerMedia {
  constructor(private readonly db: Db) {}

  /**
   * Inserts a pending upload if `admit` (which throws to refuse) allows it on the user's current numbers.
   * Reading the numbers and inserting are one step, so uploads reserved in parallel cannot all pass on the
   * same numbers and together overshoot the plan. PostgreSQL runs transactions side by side: the user's
   * row is locked first (NO KEY UPDATE, which waits for another reservation of the same user but lets rows
   * that refer to the user be written meanwhile). SQLite runs one transaction at a time on its only
   * connection, and a second process on the same file cannot commit a write on a stale read in WAL mode.
   */
  async reservePending(
    row: Insertable<MediaTable>,
    admit: (allowance: Allowance) => void,
    options: { linkRevocable: boolean },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.lockTraveller(trx, row.user_id);
      admit({
        usage: await usageOf(trx, row.user_id, row.created_at),
        mediaForPin: await countForPin(trx, row.pin_id, row.created_at),
      });
      await trx.insertInto('media').values(row).execute();
      // A link that cannot be revoked keeps its size reserved beyond its upload: the row is written with
      // the upload's, so no way of ending the upload (alone, with its pin or account, refused) escapes it.
      if (!options.linkRevocable) {
        await trx
          .insertInto('media_upload_reservations')
          .values({
            media_id: row.id,
            user_id: row.user_id,
            bytes: row.declared_bytes,
            link_expires_at: row.expires_at,
          })
          .execute();
      }
    });
  }

  /** The row when it exists and belongs to the user, in any status. */
  findOwned(userId: string, mediaId: string): Promise<MediaRow | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', mediaId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Any user's row, for the jobs that work on it. */
  findById(mediaId: string): Promise<MediaRow | undefined> {
    return this.db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirst();
  }

  /**
   * What a pin's gallery shows: its ready media and the refused ones the traveller has not removed yet, in
   * the order they were taken, like the trip (docs/decisions/085): by the date read from the file, oldest
   * first, compared as the wall-clock time it shows (its first 19 characters, 'YYYY-MM-DDTHH:MM:SS', without
   * any offset); then the items without a date, as they were uploaded. Ties go by upload, then by id.
   */
  listGallery(pinId: string): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('pin_id', '=', pinId)
      .where('status', 'in', ['ready', 'refused'])
      .orderBy((eb) => eb('taken_at', 'is', null))
      .orderBy(sql`substr(${sql.ref('taken_at')}, 1, 19)`)
      .orderBy('uploaded_at')
      .orderBy('id')
      .execute();
  }

  /** Sets or clears the caption of the user's ready item; the row after, or undefined when there is none. */
  setCaption(userId: string, mediaId: string, caption: string | null): Promise<MediaRow | undefined> {
    return this.db
      .updateTable('media')
      .set({ caption })
      .where('id', '=', mediaId)
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .returningAll()
      .executeTakeFirst();
  }

  listReadyForPin(pinId: string): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('pin_id', '=', pinId)
      .where('status', '=', 'ready')
      .orderBy('uploaded_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  usage(userId: string, now: number): Promise<Usage> {
    return usageOf(this.db, userId, now);
  }

  /** The user's ready media, by pin, then as they were uploaded. */
  readyOf(userId: string): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .orderBy('pin_id')
      .orderBy('uploaded_at')
      .orderBy('id')
      .execute();
  }

  /** The users' ready media counted per user for their figures; users without any are absent. */
  async tallies(userIds: readonly string[], within: Db = this.db): Promise<Map<string, MediaTally>> {
    if (userIds.length === 0) return new Map();
    const rows = await within
      .selectFrom('media')
      .select((eb) => [
        'user_id',
        eb.fn.countAll().as('media'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('date_source', 'is not', null), eb('date_source', '<>', 'file')]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('camera_dated'),
        eb.fn.sum<number>('has_location_verification').as('gps_verified'),
      ])
      .where('user_id', 'in', userIds)
      .where('status', '=', 'ready')
      .groupBy('user_id')
      .execute();
    // Counts and sums come back as bigint strings or numbers depending on the driver.
    return new Map(
      rows.map((row) => [
        row.user_id,
        {
          media: Number(row.media),
          cameraDated: Number(row.camera_dated ?? 0),
          gpsVerified: Number(row.gps_verified ?? 0),
        },
      ]),
    );
  }

  /** Every storage key the user's media items may have, in any status: what deleting them all removes. */
  async objectKeysOf(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('media').select('id').where('user_id', '=', userId).execute();
    return rows.flatMap((row) => objectKeys(mediaKeys(userId, row.id)));
  }

  /**
   * Pending → ready with what the server read, and the pin rewritten, in one transaction; its derivatives
   * are still to be made. Not when the traveller keeps the same bytes in a ready item already (that item
   * is answered), nor when the row is no longer pending (completed by a concurrent call, or removed by the
   * sweep). Two completions of one traveller's same bytes cannot both pass: PostgreSQL locks the
   * traveller's row first (then the pin, the order account deletion keeps too), so the second waits and
   * finds the first; SQLite runs one transaction at a time.
   */
  async markReady(mediaId: string, pinId: string, fields: ReadyFields): Promise<ReadyOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const upload = await trx
        .selectFrom('media')
        .select('user_id')
        .where('id', '=', mediaId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!upload) return { made: 'nothing' };
      await this.lockTraveller(trx, upload.user_id);
      const point = await this.lockPin(trx, pinId);
      if (fields.content_hash !== null) {
        const sameBytesAs = await sameBytesIn(trx, upload.user_id, fields.content_hash);
        if (sameBytesAs) return { made: 'nothing', sameBytesAs };
      }
      // Verified again against the pin's point as locked: the pin may have moved while the file was
      // checked (decision 086).
      const verification = point ? verificationOf(fields, point) : {};
      const result = await trx
        .updateTable('media')
        .set({ ...fields, ...verification, status: 'ready', derivatives: 'pending' })
        .where('id', '=', mediaId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return { made: 'nothing' };
      await refreshPin(trx, pinId, fields.uploaded_at ?? 0);
      return { made: 'ready' };
    });
  }

  /**
   * The traveller's ready (or processing) item with these bytes, if any. Pending uploads have no hash yet,
   * and refused or deleted items keep nothing, so neither counts.
   */
  findSameBytes(userId: string, contentHash: string): Promise<SameBytes | undefined> {
    return sameBytesIn(this.db, userId, contentHash);
  }

  /**
   * Ready media whose thumbnail and preview are still to be made (a job for each was lost, or waits), by
   * id, a page at a time: the ids after `afterId`.
   */
  async pendingDerivatives(afterId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('media')
      .select('id')
      .where('status', '=', 'ready')
      .where('derivatives', '=', 'pending')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Records the derivatives as made. False when the row is gone or no longer waits for them. */
  async derivativesMade(mediaId: string, size: { width: number | null; height: number | null }) {
    const result = await this.db
      .updateTable('media')
      .set({ derivatives: 'ready', width: size.width, height: size.height })
      .where('id', '=', mediaId)
      .where('status', '=', 'ready')
      .where('derivatives', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Ready → refused, with the reason, and the pin rewritten without it, in one transaction: its pixels
   * could not be read, so it stops counting. False when the row is gone or was not ready.
   */
  async refuseReady(mediaId: string, reason: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('media').select('pin_id').where('id', '=', mediaId).executeTakeFirst();
      if (!row) return false;
      await this.lockPin(trx, row.pin_id);
      const result = await trx
        .updateTable('media')
        .set({ status: 'refused', refusal: reason })
        .where('id', '=', mediaId)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await refreshPin(trx, row.pin_id, now);
      return true;
    });
  }

  /** Deletes the row (any status) and rewrites its pin; the caller deletes the stored objects after. */
  async deleteOwned(userId: string, mediaId: string, now: number): Promise<MediaRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('media')
        .selectAll()
        .where('id', '=', mediaId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      await this.lockPin(trx, row.pin_id);
      await trx.deleteFrom('media').where('id', '=', mediaId).execute();
      if (row.status === 'ready') await refreshPin(trx, row.pin_id, now);
      return row;
    });
  }

  /**
   * PostgreSQL: the traveller's row locked for the rest of the transaction (NO KEY UPDATE, which waits for
   * another such lock of the same traveller but lets rows that refer to the user be written meanwhile).
   * SQLite runs one transaction at a time.
   */
  private async lockTraveller(trx: Transaction<Database>, userId: string): Promise<void> {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  }

  /**
   * The pin's point, its row locked for the rest of the transaction (undefined when the pin is gone).
   * PostgreSQL runs transactions side by side at READ COMMITTED: two uploads to one pin completing at
   * once would each count the ready media without the other's and write the same, short, media_count.
   * Locking the pin first makes the second wait and count after the first commits, and a move (an
   * update of the row) wait or be waited for. Every writer takes the pin before any media row, so the
   * order cannot deadlock. SQLite runs one transaction at a time.
   */
  private async lockPin(trx: Transaction<Database>, pinId: string): Promise<LatLng | undefined> {
    const query = trx.selectFrom('pins').select(['lat', 'lng']).where('id', '=', pinId);
    return this.db.getExecutor().adapter instanceof PostgresAdapter
      ? query.forNoKeyUpdate().executeTakeFirst()
      : query.executeTakeFirst();
  }

  /**
   * After its pin moved: the pin's ready media verified again against its point as it is now, and the pin
   * rewritten from them, in one transaction. A photo proves the place it was taken, not where the pin was
   * (decision 086).
   */
  async verifyPinAgain(pinId: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const point = await this.lockPin(trx, pinId);
      if (!point) return;
      const rows = await trx
        .selectFrom('media')
        .select([
          'id',
          'lat',
          'lng',
          'date_source',
          'camera_make',
          'camera_model',
          'verification_status',
          'verification_score',
          'has_location_verification',
        ])
        .where('pin_id', '=', pinId)
        .where('status', '=', 'ready')
        .execute();
      for (const row of rows) {
        const verification = verificationOf(row, point);
        const same =
          verification.verification_status === row.verification_status &&
          verification.verification_score === row.verification_score &&
          verification.has_location_verification === row.has_location_verification;
        if (!same) await trx.updateTable('media').set(verification).where('id', '=', row.id).execute();
      }
      await refreshPin(trx, pinId, now);
    });
  }

  /** Removes a refused upload's row; it never counted, so the pin is untouched. */
  async deletePending(mediaId: string): Promise<void> {
    await this.db.deleteFrom('media').where('id', '=', mediaId).where('status', '=', 'pending').execute();
  }

  /** Every media row of a pin, any status: their objects go when the pin goes. */
  listForPin(pinId: string): Promise<Pick<MediaRow, 'id' | 'user_id' | 'storage_key'>[]> {
    return this.db
      .selectFrom('media')
      .select(['id', 'user_id', 'storage_key'])
      .where('pin_id', '=', pinId)
      .execute();
  }

  /** Pending rows whose upload link ran out before `before`: abandoned uploads. */
  listAbandoned(before: number, limit: number): Promise<Pick<MediaRow, 'id' | 'user_id' | 'storage_key'>[]> {
    return this.db
      .selectFrom('media')
      .select(['id', 'user_id', 'storage_key'])
      .where('status', '=', 'pending')
      .where('expires_at', '<', before)
      .limit(limit)
      .execute();
  }

  async deleteAbandoned(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('media').where('id', 'in', ids).where('status', '=', 'pending').execute();
  }

  /**
   * Whether a link may still store bytes for this upload: its row exists, is still pending, its link has
   * not run out, and its account still exists. Anything else is an upload nobody will complete or count.
   */
  async acceptsUpload(userId: string, mediaId: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('media')
      .innerJoin('users', 'users.id', 'media.user_id')
      .select('media.id')
      .where('media.id', '=', mediaId)
      .where('media.user_id', '=', userId)
      .where('media.status', '=', 'pending')
      .where('media.expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Reservations of links that expired before `before`: what the links wrote can be removed, then they. */
  listExpiredReservations(before: number, limit: number): Promise<{ media_id: string; user_id: string }[]> {
    return this.db
      .selectFrom('media_upload_reservations')
      .select(['media_id', 'user_id'])
      .where('link_expires_at', '<', before)
      .limit(limit)
      .execute();
  }

  async deleteReservations(mediaIds: readonly string[]): Promise<void> {
    if (mediaIds.length === 0) return;
    await this.db.deleteFrom('media_upload_reservations').where('media_id', 'in', mediaIds).execute();
  }

  /** Which of these ids are uploads still pending: the only rows an upload object may belong to. */
  async pendingIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('media')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of these ids have a row, in any status. */
  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('media').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }
}
