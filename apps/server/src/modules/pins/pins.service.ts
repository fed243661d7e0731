// Pins: places a traveller has been. The country and city always come from the coordinates (the offline
// gazetteer), when a pin is made and when it is moved, and the tier's pin limit is enforced here. Another
// user's pin is answered exactly like a missing one, so ids of other people's pins cannot be probed.
import {
  GEOCODE_FALLBACK,
  ErrorCode,
  canCreatePin,
  getTier,
  PIN_MESSAGES,
  pinLimitMessage,
  hasFeature,
  planRequiredMessage,
  type Pin,
  type PinListResponse,
  type PinVerificationResponse,
} from '@waymarks/shared';
import type { GazetteerService } from '../../geo/gazetteer-service.js';
import { AppError, notFound } from '../../http/errors.js';
import type { UserRow } from '../../db/schema.js';
import { isId, newId } from '../../common/ids.js';
import { cityOf } from '../../common/pin-city.js';
import { toPin } from '../../common/pin.presenter.js';
import type { ProgressFigures } from '../../common/progress.js';
import { tierOf } from '../../common/user-tier.js';
import type { VersionedCache } from '../../common/versioned-cache.js';
import { pinListAnswer, type PinListAnswer } from './pins.list-json.js';
import type { PinRow, PinsRepository } from './pins.repository.js';

interface NewPin {
  lat: number;
  lng: number;
  title: string;
  description: string;
  visitDate?: string | null | undefined;
}

interface PinChanges {
  title?: string | undefined;
  description?: string | undefined;
  visitDate?: string | null | undefined;
  /** A move: both or neither (the schema refuses one alone). */
  lat?: number | undefined;
  lng?: number | undefined;
  /** The travel page's switches for this place (issue 27). */
  sharePhotos?: boolean | undefined;
  hiddenFromShare?: boolean | undefined;
}

interface PinsServiceDeps {
  pins: PinsRepository;
  gazetteer: GazetteerService;
  now: () => number;
  /** Told after a pin was made, moved or re-dated (deleting tells it through deleteWithMedia). */
  progress: ProgressFigures;
  /** Deletes an own pin with its media and their stored files; false when there is no such pin. */
  deleteWithMedia: (user: UserRow, pinId: string) => Promise<boolean>;
  /** Checks the pin's media against where the pin is now, after a move, and rewrites its verification. */
  verifyMediaAgain: (pinId: string) => Promise<void>;
  /** Lists as last written, served while the database's number for the traveller's pins stands. */
  listCache: VersionedCache<PinListAnswer>;
}

export class PinsService {
  constructor(private readonly deps: PinsServiceDeps) {}

  /**
   * Makes a pin. With a request key (the create's Idempotency-Key) already used by this traveller, it
   * answers the pin that key made and makes nothing, whatever the body says: a create sent again because
   * its answer was lost is stored once, even at the plan's limit.
   */
  async create(user: UserRow, input: NewPin, requestKey?: string): Promise<Pin> {
    const { pins, now } = this.deps;
    const earlier = requestKey ? await pins.findByRequestKey(user.id, requestKey) : undefined;
    if (earlier) return toPin(earlier);
    const tier = tierOf(user);
    // A count then an insert: two creates racing at the very limit could both pass. Acceptable for a
    // per-person limit (one person's two tabs), not worth a lock.
    const pinCount = await pins.countByUser(user.id);
    if (!canCreatePin(tier, pinCount)) {
      const { name, maxPins } = getTier(tier);
      throw new AppError(403, ErrorCode.pinLimitReached, pinLimitMessage(name, maxPins, pinCount));
    }
    // The client's country is never trusted: the coordinates decide.
    const at = now();
    const row = await pins.insert({
      id: newId(),
      user_id: user.id,
      title: input.title,
      description: input.description,
      ...(await this.placeAt(input.lat, input.lng)),
      visit_date: input.visitDate ?? null,
      request_key: requestKey ?? null,
      created_at: at,
      updated_at: at,
    });
    await this.deps.progress.refresh(user.id);
    return toPin(row);
  }

  /** The timeline (dated pins, oldest visit first) needs the timelineView feature, as on the dashboard. */
  async list(user: UserRow, timeline: boolean): Promise<PinListResponse> {
    if (timeline && !hasFeature(tierOf(user), 'timelineView')) {
      throw new AppError(403, ErrorCode.featureRequired, planRequiredMessage('timelineView'));
    }
    const { pins, listCache } = this.deps;
    const key = `${user.id}${timeline ? ' timeline' : ''}`;
    // The number first: a change that lands between the two reads is then in the list that is kept, and
    // the next request, seeing a new number, writes the list again.
    const version = await pins.listVersion(user.id);
    const kept = listCache.get(key, version);
    if (kept) return kept;
    const answer = pinListAnswer(await pins.listJson(user.id, timeline));
    listCache.set(key, version, answer);
    return answer;
  }

  async get(user: UserRow, pinId: string): Promise<Pin> {
    return toPin(await this.owned(user, pinId));
  }

  /**
   * Renames, re-describes, re-dates or moves an own pin. A moved pin is placed again as a new one is
   * (country, city), its media are verified again against the new point (decision 086), and the
   * traveller's figures follow; the list's number changes by itself (migration 0010).
   */
  async update(user: UserRow, pinId: string, changes: PinChanges): Promise<Pin> {
    if (!isId(pinId)) throw notFound(PIN_MESSAGES.notFound);
    const { lat, lng } = changes;
    const moved = lat !== undefined && lng !== undefined;
    let row = await this.deps.pins.updateOwned(user.id, pinId, {
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.visitDate !== undefined ? { visit_date: changes.visitDate } : {}),
      ...(moved ? await this.placeAt(lat, lng) : {}),
      ...(changes.sharePhotos !== undefined ? { share_photos: changes.sharePhotos ? 1 : 0 } : {}),
      ...(changes.hiddenFromShare !== undefined ? { share_hidden: changes.hiddenFromShare ? 1 : 0 } : {}),
      updated_at: this.deps.now(),
    });
    if (!row) throw notFound(PIN_MESSAGES.notFound);
    if (moved) {
      await this.deps.verifyMediaAgain(pinId);
      row = (await this.deps.pins.findOwned(user.id, pinId)) ?? row;
    }
    if (moved || changes.visitDate !== undefined) await this.deps.progress.refresh(user.id);
    return toPin(row);
  }

  async delete(user: UserRow, pinId: string): Promise<void> {
    if (!(await this.deps.deleteWithMedia(user, pinId))) throw notFound(PIN_MESSAGES.notFound);
  }

  async verification(user: UserRow, pinId: string): Promise<PinVerificationResponse> {
    const pin = await this.get(user, pinId);
    return {
      pinId: pin.pinId,
      verificationStatus: pin.verificationStatus,
      verificationScore: pin.verificationScore,
    };
  }

  /**
   * Where a point is, as a pin stores it: the gazetteer's country ('XX' / 'Unknown' at sea) and the place
   * it counts as among the cities visited.
   */
  private async placeAt(
    lat: number,
    lng: number,
  ): Promise<Pick<PinRow, 'lat' | 'lng' | 'country_code' | 'country_name' | 'city'>> {
    const place = (await this.deps.gazetteer.get()).reverse(lat, lng);
    const countryCode = /^[A-Z]{2}$/.test(place.countryCode)
      ? place.countryCode
      : GEOCODE_FALLBACK.countryCode;
    const countryName =
      countryCode === GEOCODE_FALLBACK.countryCode ? GEOCODE_FALLBACK.countryName : place.countryName;
    return { lat, lng, country_code: countryCode, country_name: countryName, city: cityOf(place) };
  }

  private async owned(user: UserRow, pinId: string): Promise<PinRow> {
    const row = isId(pinId) ? await this.deps.pins.findOwned(user.id, pinId) : undefined;
    if (!row) throw notFound(PIN_MESSAGES.notFound);
    return row;
  }
}
