// The media repository's parts that are not its class (media.repository.ts): the shapes it answers and the
// queries several of its methods share. Read only by media.repository.ts, which owns the media tables.
import { type Kysely, type Selectable, type Transaction } from 'kysely';
import { verifyMedia, verifyPin, type LatLng } from '@waymarks/shared';
import type { Usage } from '../../common/media.js';
import type { Database, MediaTable } from '../../db/schema.js';

type MediaRow = Selectable<MediaTable>;

export type ReadyFields = Pick<
  MediaRow,
  | 'content_type'
  | 'size_bytes'
  | 'width'
  | 'height'
  | 'taken_at'
  | 'date_source'
  | 'lat'
  | 'lng'
  | 'camera_make'
  | 'camera_model'
  | 'verification_status'
  | 'verification_score'
  | 'has_location_verification'
  | 'uploaded_at'
  | 'content_hash'
>;

/** Another item of the traveller's that keeps the same bytes: where it is, to say so. */
export type SameBytes = Pick<MediaRow, 'id' | 'pin_id'>;

/**
 * What markReady did: made the upload ready; found the traveller keeping its bytes already in a ready
 * item (that one), so left it pending for the caller to refuse; or found it no longer pending.
 */
export type ReadyOutcome = { made: 'ready' } | { made: 'nothing'; sameBytesAs?: SameBytes };

/** What a new upload is checked against: the user's usage and the media of its pin, both as of now. */
export interface Allowance {
  usage: Usage;
  /** Ready media plus uploads in flight on the pin. */
  mediaForPin: number;
}

/**
 * Bytes of ready media and bytes reserved by uploads in flight (each counted until its link runs out), and
 * by S3 links whose upload is gone (each counted until the sweep clears it, after the link ran out).
 */
export async function usageOf(db: Kysely<Database>, userId: string, now: number): Promise<Usage> {
  const row = await db
    .selectFrom('media')
    .select((eb) => [
      eb.fn
        .sum<number>(eb.case().when('status', '=', 'ready').then(eb.ref('size_bytes')).else(0).end())
        .as('ready_bytes'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)]))
            .then(eb.ref('declared_bytes'))
            .else(0)
            .end(),
        )
        .as('reserved_bytes'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'ready').then(1).else(0).end()).as('media_count'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // A media row counts its own bytes (above); a reservation counts only once its media row is gone.
  const gone = await db
    .selectFrom('media_upload_reservations as r')
    .select((eb) => eb.fn.sum<number>('r.bytes').as('bytes'))
    .where('r.user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('media').select('media.id').whereRef('media.id', '=', 'r.media_id'))),
    )
    .executeTakeFirstOrThrow();
  return {
    readyBytes: Number(row.ready_bytes ?? 0),
    reservedBytes: Number(row.reserved_bytes ?? 0) + Number(gone.bytes ?? 0),
    mediaCount: Number(row.media_count ?? 0),
  };
}

/** The first ready item of the traveller's with these bytes (one, unless kept before the hash was). */
export function sameBytesIn(db: Kysely<Database>, userId: string, contentHash: string) {
  return db
    .selectFrom('media')
    .select(['id', 'pin_id'])
    .where('user_id', '=', userId)
    .where('content_hash', '=', contentHash)
    .where('status', '=', 'ready')
    .orderBy('uploaded_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Ready media plus uploads still in flight: what the per-pin limit counts. */
export async function countForPin(db: Kysely<Database>, pinId: string, now: number): Promise<number> {
  const { n } = await db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('pin_id', '=', pinId)
    .where((eb) =>
      eb.or([eb('status', '=', 'ready'), eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])]),
    )
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A medium's verification columns: the evidence its file carried, against its pin's point (verifyMedia). */
export function verificationOf(
  evidence: Pick<MediaRow, 'lat' | 'lng' | 'date_source' | 'camera_make' | 'camera_model'>,
  pin: LatLng,
): Pick<MediaRow, 'verification_status' | 'verification_score' | 'has_location_verification'> {
  const { lat, lng } = evidence;
  const verification = verifyMedia(
    {
      location: lat !== null && lng !== null ? { lat, lng } : null,
      dateSource: evidence.date_source,
      cameraMake: evidence.camera_make,
      cameraModel: evidence.camera_model,
    },
    pin,
  );
  return {
    verification_status: verification.status,
    verification_score: verification.score,
    has_location_verification: verification.hasLocationVerification ? 1 : 0,
  };
}

/** Rewrites a pin's media count and verification from its ready media (the rule is verifyPin's). */
export async function refreshPin(trx: Transaction<Database>, pinId: string, now: number): Promise<void> {
  const media = await trx
    .selectFrom('media')
    .select(['verification_score', 'has_location_verification'])
    .where('pin_id', '=', pinId)
    .where('status', '=', 'ready')
    .execute();
  const { verificationStatus, verificationScore } = verifyPin(
    media.map((row) => ({
      status: row.has_location_verification ? 'verified' : 'unverified',
      score: row.verification_score,
      hasLocationVerification: row.has_location_verification === 1,
    })),
  );
  await trx
    .updateTable('pins')
    .set({
      media_count: media.length,
      verification_status: verificationStatus,
      verification_score: verificationScore,
      updated_at: now,
    })
    .where('id', '=', pinId)
    .execute();
}
