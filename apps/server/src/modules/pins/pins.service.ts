// Pins: places a traveller has been. The country always comes from the coordinates (the offline
// gazetteer), and the tier's pin limit is enforced here. Another user's pin is answered exactly like a
// missing one, so ids of other people's pins cannot be probed.
import {
  GEOCODE_FALLBACK,
  ErrorCode,
  canCreatePin,
  getTier,
  isTierId,
  pinLimitMessage,
  type Pin,
  type PinVerificationResponse,
  type PinVerificationStatus,
} from '@waymarks/shared';
import type { GazetteerService } from '../../geo/loader.js';
import { AppError, notFound } from '../../http/errors.js';
import type { UserRow } from '../../db/schema.js';
import { newId } from '../auth/tokens.js';
import type { PinFields, PinRow, PinsRepository } from './pins.repository.js';

export const PIN_NOT_FOUND_MESSAGE = 'Pin not found';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Pin ids are UUIDs; anything else cannot name a pin, so it is answered 404 without a query. */
export function isPinId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export interface NewPin {
  lat: number;
  lng: number;
  title: string;
  description: string;
  visitDate?: string | null | undefined;
}

export interface PinChanges {
  title?: string | undefined;
  description?: string | undefined;
  visitDate?: string | null | undefined;
}

export interface PinsServiceDeps {
  pins: PinsRepository;
  gazetteer: GazetteerService;
  now: () => number;
  /** Deletes an own pin with its media and their stored files; false when there is no such pin. */
  deleteWithMedia: (user: UserRow, pinId: string) => Promise<boolean>;
}

export function toPin(row: PinFields): Pin {
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

export class PinsService {
  constructor(private readonly deps: PinsServiceDeps) {}

  async create(user: UserRow, input: NewPin): Promise<Pin> {
    const { pins, gazetteer, now } = this.deps;
    const tier = isTierId(user.tier) ? user.tier : 'free';
    // A count then an insert: two creates racing at the very limit could both pass. Acceptable for a
    // per-person limit (one person's two tabs), not worth a lock.
    if (!canCreatePin(tier, await pins.countByUser(user.id))) {
      const { name, maxPins } = getTier(tier);
      throw new AppError(403, ErrorCode.pinLimitReached, pinLimitMessage(name, maxPins));
    }
    // The client's country is never trusted: the coordinates decide ('XX' / 'Unknown' at sea).
    const place = (await gazetteer.get()).reverse(input.lat, input.lng);
    const countryCode = /^[A-Z]{2}$/.test(place.countryCode)
      ? place.countryCode
      : GEOCODE_FALLBACK.countryCode;
    const countryName =
      countryCode === GEOCODE_FALLBACK.countryCode ? GEOCODE_FALLBACK.countryName : place.countryName;
    const at = now();
    const row = await pins.insert({
      id: newId(),
      user_id: user.id,
      title: input.title,
      description: input.description,
      lat: input.lat,
      lng: input.lng,
      country_code: countryCode,
      country_name: countryName,
      visit_date: input.visitDate ?? null,
      created_at: at,
      updated_at: at,
    });
    return toPin(row);
  }

  async list(user: UserRow, timeline: boolean): Promise<Pin[]> {
    const rows = timeline
      ? await this.deps.pins.timelineByUser(user.id)
      : await this.deps.pins.listByUser(user.id);
    return rows.map(toPin);
  }

  async get(user: UserRow, pinId: string): Promise<Pin> {
    return toPin(await this.owned(user, pinId));
  }

  async update(user: UserRow, pinId: string, changes: PinChanges): Promise<Pin> {
    if (!isPinId(pinId)) throw notFound(PIN_NOT_FOUND_MESSAGE);
    const row = await this.deps.pins.updateOwned(user.id, pinId, {
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.visitDate !== undefined ? { visit_date: changes.visitDate } : {}),
      updated_at: this.deps.now(),
    });
    if (!row) throw notFound(PIN_NOT_FOUND_MESSAGE);
    return toPin(row);
  }

  async delete(user: UserRow, pinId: string): Promise<void> {
    if (!(await this.deps.deleteWithMedia(user, pinId))) throw notFound(PIN_NOT_FOUND_MESSAGE);
  }

  async verification(user: UserRow, pinId: string): Promise<PinVerificationResponse> {
    const pin = await this.get(user, pinId);
    return {
      pinId: pin.pinId,
      verificationStatus: pin.verificationStatus,
      verificationScore: pin.verificationScore,
    };
  }

  private async owned(user: UserRow, pinId: string): Promise<PinRow> {
    const row = isPinId(pinId) ? await this.deps.pins.findOwned(user.id, pinId) : undefined;
    if (!row) throw notFound(PIN_NOT_FOUND_MESSAGE);
    return row;
  }
}
