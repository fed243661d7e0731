// The travel page a traveller shares (issue 27, decision 102): its settings, and what /t/{token} shows.
// Nothing on the page names the account: places are rounded (sharedPosition), photos are the derivatives
// the media pipeline made without metadata, and each is addressed by a key derived from the page's token
// and the item, never by its id or storage key.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  SHARE_LIMITS,
  SHARE_PATH_PREFIX,
  SHARE_TOKEN_PATTERN,
  TOTAL_COUNTRIES,
  UNKNOWN_COUNTRY_CODE,
  continentCount,
  countedStates,
  leaderboardName,
  type ShareSettings,
  type ShareUpdateRequest,
} from '@waymarks/shared';
import { buffer } from 'node:stream/consumers';
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import type { SavedAvatars } from '../../common/avatars.js';
import type { StoredMedia, TravellerMedia } from '../../common/media.js';
import type { SharedPinColumns, TravellerPins } from '../../common/pins.js';
import type { TravellerShare } from '../../common/shares.js';
import type { UserAccounts } from '../../common/users.js';
import type { UserRow } from '../../db/schema.js';
import { VersionedCache } from '../../common/versioned-cache.js';
import {
  SECTION_COLUMNS,
  allSections,
  bool,
  placeOf,
  sectionsOf,
  type PhotoSize,
  type SharedObject,
  type SharedPage,
  type SharedPhoto,
} from './page-contents.js';
import { SharePictures } from './share-pictures.js';
import { renderShareImage, type ShareImageFormat } from './share-image.js';
import type { ShareChoices, ShareRepository, ShareRow } from './share.repository.js';

/**
 * What one process keeps of pages and of their photos' keys, in bytes (estimated: a page's places at
 * BYTES_A_PLACE each, its HTML at HTML_BYTES_GUESS until written and then at its length, a photo's row
 * at BYTES_A_PHOTO): the pages of dozens of travellers with 10,000 places, or of thousands with a few
 * hundred. HTML is kept for at most PAGE_KEPT_MS, so a photo whose thumbnail was still being made shows
 * soon after.
 */
const PAGES_KEPT_BYTES = 64 * 1024 * 1024;
const PHOTO_INDEXES_KEPT_BYTES = 16 * 1024 * 1024;
const BYTES_A_PLACE = 400;
const HTML_BYTES_GUESS = 400_000;
const BYTES_A_PHOTO = 1024;
const PAGE_KEPT_MS = 15_000;
const placesBytes = (page: SharedPage) => page.places.length * BYTES_A_PLACE;

/** A page as read for one version, and its HTML once written; `bytes` what it may hold, HTML included. */
interface KeptPage {
  at: number;
  page: SharedPage;
  html?: Buffer;
  bytes: number;
}

/** The photos a page may show, by their key. */
interface PhotoIndex {
  items: Map<string, StoredMedia>;
  bytes: number;
}

export interface ShareServiceDeps {
  shares: ShareRepository;
  pins: Pick<TravellerPins, 'sharedColumnsOf' | 'listVersion'>;
  media: Pick<TravellerMedia, 'readyOf'>;
  avatars: Pick<SavedAvatars, 'find'>;
  users: Pick<UserAccounts, 'findById'>;
  /** Where a media item's derivative is stored (the media module's keys). */
  derivativeKey: (item: StoredMedia, size: PhotoSize) => string;
  storage: Pick<ObjectStorage, 'read' | 'put' | 'list' | 'delete'>;
  /** Keys the photos' addresses: without it, a page's photo keys cannot be told from its token. */
  secret: string;
  now: () => number;
}

const newToken = () => randomBytes(SHARE_LIMITS.tokenBytes).toString('base64url');
const hiddenCountriesOf = (row: ShareRow): string[] => JSON.parse(row.hidden_countries) as string[];

export class ShareService implements TravellerShare {
  /** The pages last asked for, by token, each kept while its version stands. */
  private readonly pages = new VersionedCache<KeptPage, string>(PAGES_KEPT_BYTES);
  /** The photo keys of the pages last asked for, by token, each kept while the page's version stands. */
  private readonly photoIndexes = new VersionedCache<PhotoIndex, string>(PHOTO_INDEXES_KEPT_BYTES);

  private readonly pictures: SharePictures;

  constructor(private readonly deps: ShareServiceDeps) {
    this.pictures = new SharePictures(deps.storage);
  }

  /**
   * The page's share picture, drawn once per version of the page for every instance (share-pictures.ts).
   * Finding the version costs three small reads, so a picture already made is answered without reading the
   * pins.
   */
  async image(
    token: string,
    format: ShareImageFormat,
  ): Promise<{ png: Buffer; etag: string; rendered: boolean } | undefined> {
    const found = await this.pageRows(token);
    if (!found) return undefined;
    const { version, avatar } = await this.versionOf(found);
    const { png, drawn } = await this.pictures.get(found.user.id, version, format, async () => {
      // The picture shows no photos, so a copy of the page of any age at this version will do.
      const page = (await this.keptPage(token, version, Infinity))?.page;
      if (!page) throw new Error('the travel page went away while its picture was made');
      const avatarPng = avatar?.image_key
        ? await buffer(await this.deps.storage.read(avatar.image_key))
        : null;
      return renderShareImage({
        format,
        visitedCountries: page.countries,
        pins: page.sections.showMap ? page.places : [],
        stats: page.stats,
        displayName: page.displayName,
        avatarPng,
      });
    });
    return { png, etag: `"${version}-${format}"`, rendered: drawn };
  }

  /**
   * The page's HTML, written by `render` once per version of the page and kept, for at most
   * PAGE_KEPT_MS (a photo whose thumbnail was still being made then shows once it is ready), so a page of
   * 10,000 pins costs three small reads while nothing changes.
   */
  async pageHtml(
    token: string,
    render: (page: SharedPage) => string,
  ): Promise<{ html: Buffer; indexable: boolean; etag: string } | undefined> {
    const found = await this.pageRows(token);
    if (!found) return undefined;
    const { version } = await this.versionOf(found);
    const kept = await this.keptPage(token, version, PAGE_KEPT_MS);
    if (!kept) return undefined;
    if (!kept.html) {
      kept.html = Buffer.from(render(kept.page));
      // Counted at its real length from now on, in place of the guess.
      this.pages.set(token, version, { ...kept, bytes: placesBytes(kept.page) + kept.html.length });
    }
    return { html: kept.html, indexable: kept.page.indexable, etag: `"${version}"` };
  }

  /**
   * What the page at this version shows, read once and kept (with its HTML once written): the HTML and
   * both pictures of one version read the pins once. `maxAgeMs` bounds how old a kept copy may be.
   */
  private async keptPage(token: string, version: string, maxAgeMs: number): Promise<KeptPage | undefined> {
    const now = this.deps.now();
    const kept = this.pages.get(token, version);
    if (kept && now - kept.at < maxAgeMs) return kept;
    const page = await this.page(token);
    if (!page) return undefined;
    const entry: KeptPage = { at: now, page, bytes: placesBytes(page) + HTML_BYTES_GUESS };
    this.pages.set(token, version, entry);
    return entry;
  }

  /**
   * The version of what a page shows: the share row's number, the pins' list number (migration 0010,
   * moved by every change of a pin and of its media), the avatar and the name. A hash, so that an ETag
   * made of it tells nothing of what changed or when.
   */
  private async versionOf({ share, user }: { share: ShareRow; user: UserRow }) {
    const [pinsVersion, avatar] = await Promise.all([
      this.deps.pins.listVersion(user.id),
      bool(share.show_avatar) ? this.deps.avatars.find(user.id) : Promise.resolve(undefined),
    ]);
    const version = createHash('sha256')
      .update(
        `${share.version}.${pinsVersion}.${avatar?.image_key}.${avatar?.updated_at}.${leaderboardName(user)}`,
      )
      .digest('base64url')
      .slice(0, 16);
    return { version, avatar };
  }

  async settings(user: UserRow): Promise<ShareSettings> {
    return this.settingsOf(user.id, await this.deps.shares.findByUser(user.id));
  }

  async exportOf(userId: string): Promise<ShareSettings | null> {
    const row = await this.deps.shares.findByUser(userId);
    return row ? this.settingsOf(userId, row) : null;
  }

  /**
   * Turns the page on or off and sets its parts. Turned on, a page without a token gets a new one; turned
   * off, its token is dropped, so the address is gone for good and turning it on again makes another.
   */
  async update(user: UserRow, request: ShareUpdateRequest): Promise<ShareSettings> {
    const current = await this.deps.shares.findByUser(user.id);
    const choices: ShareChoices = {
      token: request.enabled ? (current?.token ?? newToken()) : null,
    };
    for (const [field, column] of Object.entries(SECTION_COLUMNS)) {
      const value = request[field as keyof typeof SECTION_COLUMNS];
      if (value !== undefined) choices[column] = value ? 1 : 0;
    }
    if (request.indexable !== undefined) choices.indexable = request.indexable ? 1 : 0;
    if (request.hiddenCountries !== undefined) {
      choices.hidden_countries = JSON.stringify([...new Set(request.hiddenCountries)].sort());
    }
    const row = await this.deps.shares.save(user.id, choices, this.deps.now());
    // A page turned off keeps no picture of itself.
    if (!row.token) await this.pictures.dropAll(user.id).catch(() => undefined);
    return this.settingsOf(user.id, row);
  }

  /** A new address for a page that is on; the old one answers 404 from this moment, on every instance. */
  async regenerate(user: UserRow): Promise<{ url: string } | undefined> {
    for (;;) {
      const current = await this.deps.shares.findByUser(user.id);
      if (!current?.token) return undefined;
      const row = await this.deps.shares.replaceToken(user.id, current.token, newToken(), this.deps.now());
      if (row?.token) return { url: pageUrl(row.token) };
      // Another regeneration (or a turn off) came between the read and the write: read again.
    }
  }

  /** The page at the token, or undefined for every token that is not a page now, alike. */
  async page(token: string): Promise<SharedPage | undefined> {
    const found = await this.pageRows(token);
    if (!found) return undefined;
    const { share, user } = found;
    const [pins, media, avatar] = await Promise.all([
      this.deps.pins.sharedColumnsOf(user.id),
      bool(share.show_photos) ? this.deps.media.readyOf(user.id) : Promise.resolve([]),
      bool(share.show_avatar) ? this.deps.avatars.find(user.id) : Promise.resolve(undefined),
    ]);
    const hidden = new Set(hiddenCountriesOf(share));
    const shown = pins.filter((pin) => !bool(pin.share_hidden) && !hidden.has(pin.country_code));
    const photosByPin = this.photosByPin(token, shown, media);
    const places = shown.map((pin) => placeOf(pin, photosByPin.get(pin.id) ?? []));
    const countries = countedStates(shown.map((pin) => pin.country_code));
    const cities = new Set(
      shown.filter((pin) => pin.city).map((pin) => `${pin.country_code}\u0000${pin.city}`),
    );
    return {
      token,
      displayName: leaderboardName(user),
      indexable: bool(share.indexable),
      sections: sectionsOf(share),
      places,
      countries: [...new Set(shown.map((pin) => pin.country_code))]
        .filter((code) => code !== UNKNOWN_COUNTRY_CODE)
        .sort(),
      stats: {
        countries: countries.size,
        countriesTotal: TOTAL_COUNTRIES,
        cities: cities.size,
        continents: continentCount(countries),
        places: shown.length,
      },
      hasAvatar: Boolean(avatar?.image_key),
    };
  }

  /**
   * A shared photo's derivative (`preview` for the full view, `thumbnail` for the grid), while its place
   * is on the page and shares its photos. A page of 2,000 photos asks for 2,000 of them: the keys are
   * indexed once per version of the page (the share row's number and the pins' list number, which every
   * change of a pin or of its media moves), so each asks for three small reads, not every pin and item.
   */
  async photo(token: string, key: string, size: PhotoSize): Promise<SharedObject | undefined> {
    const found = await this.pageRows(token);
    if (!found || !bool(found.share.show_photos)) return undefined;
    const { share, user } = found;
    const version = `${share.version}.${await this.deps.pins.listVersion(user.id)}`;
    let index = this.photoIndexes.get(token, version);
    if (!index) {
      const items = await this.sharedPhotos(token, share, user.id);
      index = { items, bytes: items.size * BYTES_A_PHOTO };
      this.photoIndexes.set(token, version, index);
    }
    const item = index.items.get(key);
    if (!item) return undefined;
    return { key: this.deps.derivativeKey(item, size), contentType: 'image/webp', etag: `"${key}-${size}"` };
  }

  /** Every photo the page may show, by its key: the ready items of the places on it that share them. */
  private async sharedPhotos(
    token: string,
    share: ShareRow,
    userId: string,
  ): Promise<Map<string, StoredMedia>> {
    const [pins, media] = await Promise.all([
      this.deps.pins.sharedColumnsOf(userId),
      this.deps.media.readyOf(userId),
    ]);
    const hidden = new Set(hiddenCountriesOf(share));
    const sharing = new Set(
      pins
        .filter((pin) => bool(pin.share_photos) && !bool(pin.share_hidden) && !hidden.has(pin.country_code))
        .map((pin) => pin.id),
    );
    const items = new Map<string, StoredMedia>();
    for (const item of media) {
      if (sharing.has(item.pin_id) && item.derivatives === 'ready')
        items.set(this.photoKey(token, item.id), item);
    }
    return items;
  }

  /** The avatar's render, if the page shows it. */
  async avatar(token: string): Promise<SharedObject | undefined> {
    const found = await this.pageRows(token);
    if (!found || !bool(found.share.show_avatar)) return undefined;
    const avatar = await this.deps.avatars.find(found.user.id);
    if (!avatar?.image_key) return undefined;
    return {
      key: avatar.image_key,
      contentType: 'image/png',
      etag: `"${createHmac('sha256', this.deps.secret).update(avatar.image_key).digest('base64url').slice(0, 16)}"`,
    };
  }

  private async pageRows(token: string): Promise<{ share: ShareRow; user: UserRow } | undefined> {
    if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
    const share = await this.deps.shares.findByToken(token);
    if (!share) return undefined;
    const user = await this.deps.users.findById(share.user_id);
    return user ? { share, user } : undefined;
  }

  /** The photos of the places that share them: ready derivatives only, a place's first few, a total cap. */
  private photosByPin(
    token: string,
    shown: readonly SharedPinColumns[],
    media: readonly StoredMedia[],
  ): Map<string, SharedPhoto[]> {
    const sharing = new Set(shown.filter((pin) => bool(pin.share_photos)).map((pin) => pin.id));
    const byPin = new Map<string, SharedPhoto[]>();
    let total = 0;
    for (const item of media) {
      if (total >= SHARE_LIMITS.photosTotal) break;
      if (!sharing.has(item.pin_id) || item.derivatives !== 'ready') continue;
      const photos = byPin.get(item.pin_id) ?? [];
      if (photos.length >= SHARE_LIMITS.photosPerPlace) continue;
      photos.push({
        key: this.photoKey(token, item.id),
        width: item.width,
        height: item.height,
        video: item.kind === 'video',
      });
      byPin.set(item.pin_id, photos);
      total += 1;
    }
    return byPin;
  }

  private photoKey(token: string, mediaId: string): string {
    return createHmac('sha256', this.deps.secret)
      .update(`${token}:${mediaId}`)
      .digest('base64url')
      .slice(0, 22);
  }

  private async settingsOf(userId: string, row: ShareRow | undefined): Promise<ShareSettings> {
    const pins = await this.deps.pins.sharedColumnsOf(userId);
    const sections = row ? sectionsOf(row) : allSections(true);
    return {
      enabled: Boolean(row?.token),
      url: row?.token ? pageUrl(row.token) : null,
      ...sections,
      indexable: row ? bool(row.indexable) : false,
      hiddenCountries: row ? hiddenCountriesOf(row) : [],
      photoPins: pins.filter((pin) => bool(pin.share_photos)).map((pin) => pin.id),
      hiddenPins: pins.filter((pin) => bool(pin.share_hidden)).map((pin) => pin.id),
      updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    };
  }
}

export const pageUrl = (token: string): string => `${SHARE_PATH_PREFIX}${token}`;
