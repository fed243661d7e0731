// A pin row as the API shows it. Pins and media both answer with pins, so the presenter is shared
// rather than one module reaching into the other.
import type { Pin, PinVerificationStatus } from '@waymarks/shared';
import type { Selectable } from 'kysely';
import type { PinsTable } from '../db/schema.js';

type PinColumns = Pick<
  Selectable<PinsTable>,
  | 'id'
  | 'title'
  | 'description'
  | 'lat'
  | 'lng'
  | 'media_count'
  | 'country_code'
  | 'country_name'
  | 'visit_date'
  | 'verification_status'
  | 'verification_score'
>;

export function toPin(row: PinColumns): Pin {
  return {
    pinId: row.id,
    title: row.title,
    description: row.description,
    lat: row.lat,
    lng: row.lng,
    mediaCount: row.media_count,
    countryCode: row.country_code,
    countryName: row.country_name,
    country: row.country_name,
    visitDate: row.visit_date,
    verificationStatus: row.verification_status as PinVerificationStatus,
    verificationScore: row.verification_score,
    name: row.title,
  };
}
