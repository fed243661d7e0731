// The traveller's avatar (SPEC.md §7 Avatar): the wardrobe (every part with whether travel has
// unlocked it and whether the plan lets it be worn, the unlocked ids, the achievements and the figures
// unlocks follow), and the saved avatar (its parts, its PNG render, and the unlocks already told). The
// catalogue and the rules live in packages/shared (avatar/).
import {
  achievementsFor,
  AVATAR_CATEGORIES,
  AVATAR_MESSAGES,
  avatarItems,
  avatarPartLockedMessage,
  avatarRarityMessage,
  continentCount,
  ErrorCode,
  getTier,
  isUnlocked,
  MEDIA_LIMITS,
  REQUIRED_AVATAR_CATEGORIES,
  TIER_AVATAR_LEVEL,
  unlockHint,
  wearableRarities,
  type AvatarAchievementsResponse,
  type AvatarCategory,
  type AvatarConfig,
  type AvatarFigures,
  type AvatarItem,
  type AvatarItemsQuery,
  type AvatarItemsResponse,
  type AvatarParts,
  type AvatarProgress,
  type AvatarUnlockedResponse,
  type CheckUnlocksResponse,
  type Tier,
  type TierId,
} from '@waymarks/shared';
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { avatarImage, newAvatarImageKey } from './avatar-image.js';
import type { AvatarRepository, AvatarRow } from './avatar.repository.js';
import type { TravelFiguresOf } from '../../common/travel-figures.js';

/** The query as validated: `unlocked` is a boolean by then. */
type ItemsFilter = Omit<AvatarItemsQuery, 'unlocked'> & { unlocked?: boolean | undefined };

interface AvatarServiceDeps {
  avatars: AvatarRepository;
  /** The traveller's travel figures, computed once for every module (common/travel-figures.ts). */
  figures: TravelFiguresOf;
  storage: Pick<ObjectStorage, 'put' | 'delete' | 'createDownloadUrl'>;
  now: () => number;
  /** A replaced render that could not be deleted stays behind until the account goes; this reports it. */
  onCleanupError: (error: unknown, keys: readonly string[]) => void;
}

export class AvatarService {
  constructor(private readonly deps: AvatarServiceDeps) {}

  async items(user: UserRow, filter: ItemsFilter): Promise<AvatarItemsResponse> {
    const figures = await this.figures(user);
    const wearable = new Set(wearableRarities(tierOf(user)));
    const items = avatarItems()
      .filter(
        (item) =>
          (filter.category === undefined || item.category === filter.category) &&
          (filter.subcategory === undefined || item.subcategory === filter.subcategory) &&
          (filter.rarity === undefined || item.rarity === filter.rarity),
      )
      .map((item) => {
        const unlocked = isUnlocked(item, figures);
        return {
          id: item.id,
          name: item.name,
          category: item.category,
          subcategory: item.subcategory,
          rarity: item.rarity,
          unlocked,
          wearable: unlocked && wearable.has(item.rarity),
          unlockHint: unlockHint(item),
          look: item.look,
        };
      })
      .filter((item) => filter.unlocked === undefined || item.unlocked === filter.unlocked);
    return { items };
  }

  async unlocked(user: UserRow): Promise<AvatarUnlockedResponse> {
    const figures = await this.figures(user);
    return { itemIds: unlockedItems(figures).map((item) => item.id) };
  }

  async achievements(user: UserRow): Promise<AvatarAchievementsResponse> {
    const figures = await this.figures(user);
    return { achievements: achievementsFor(figures.countries.length) };
  }

  async progress(user: UserRow): Promise<AvatarProgress> {
    const figures = await this.figures(user);
    return {
      countriesVisited: figures.countries.length,
      continentsVisited: figures.continents,
      verifiedPins: figures.verifiedPins,
      unlockedCount: unlockedItems(figures).length,
      totalCount: avatarItems().length,
      customizationLevel: TIER_AVATAR_LEVEL[tierOf(user)],
    };
  }

  /** The saved avatar, or an empty one before any. */
  async saved(user: UserRow): Promise<AvatarConfig> {
    return this.present(await this.deps.avatars.find(user.id));
  }

  /** Saves the parts if travel has unlocked each and the plan may wear it; the image is kept. */
  async save(user: UserRow, parts: AvatarParts): Promise<AvatarConfig> {
    const tier = avatarPlan(user);
    assertWearable(parts, await this.figures(user), tier);
    return this.present(await this.deps.avatars.saveParts(user.id, partsText(parts), this.deps.now()));
  }

  /**
   * Stores a PNG render of the saved avatar and removes the one it replaces. What is stored is the
   * picture decoded and encoded again, never the bytes sent.
   */
  async saveImage(user: UserRow, sent: Buffer): Promise<AvatarConfig> {
    avatarPlan(user);
    const { avatars, storage, now } = this.deps;
    let row = await avatars.find(user.id);
    if (!isSaved(row)) throw notFound(AVATAR_MESSAGES.noAvatar);
    const image = await avatarImage(sent);
    if ('refused' in image) throw badRequest(ErrorCode.validation, AVATAR_MESSAGES[image.refused]);

    const key = newAvatarImageKey(user.id);
    await storage.put(key, image.png, 'image/png');
    for (;;) {
      // Gone since it was read: the account was deleted meanwhile, and nothing will point at this object.
      if (!isSaved(row)) {
        await this.deleteObject(key);
        throw notFound(AVATAR_MESSAGES.noAvatar);
      }
      const replaced = await avatars.replaceImage(user.id, row.image_key, key, now());
      if (replaced) {
        if (row.image_key) await this.deleteObject(row.image_key);
        return this.present(replaced);
      }
      // A parallel upload came first: the image this one replaces is that one, read again.
      row = await avatars.find(user.id);
    }
  }

  /**
   * The parts unlocked since the last check, each told once. With forceRecheck, parts the traveller may no
   * longer wear (a pin deleted, a cheaper plan) come off the saved avatar too.
   */
  async checkUnlocks(
    user: UserRow,
    options: { forceRecheck?: boolean | undefined },
  ): Promise<CheckUnlocksResponse> {
    const unlocked = unlockedItems(await this.figures(user));
    // Parts available from the start were never locked, so they are no news.
    const earned = unlocked.filter((item) => item.unlock.kind !== 'start').map((item) => item.id);
    const unlockedIds = new Set(unlocked.map((item) => item.id));
    const seenUnlocked = JSON.stringify(earned);
    const { avatars, now } = this.deps;
    for (;;) {
      const row = await avatars.find(user.id);
      const seen = new Set(row ? readSeen(row) : []);
      const newlyUnlocked = earned.filter((id) => !seen.has(id));
      const parts = row ? readParts(row) : {};
      const { kept, removed } = options.forceRecheck
        ? takeOffUnwearable(parts, unlockedIds, tierOf(user))
        : { kept: parts, removed: [] };
      const answer = { newlyUnlocked, unlockedCount: unlocked.length, removedParts: removed };

      const previous = row && { parts: row.parts, seenUnlocked: row.seen_unlocked };
      const next = { parts: removed.length > 0 ? partsText(kept) : (row?.parts ?? '{}'), seenUnlocked };
      const unchanged = previous
        ? previous.parts === next.parts && previous.seenUnlocked === next.seenUnlocked
        : earned.length === 0;
      if (unchanged) return answer;
      // Recorded only over what was read, so two checks at once cannot both tell the same part.
      if (await avatars.recordCheck(user.id, previous, next, now(), removed.length > 0)) return answer;
    }
  }

  private async present(row: AvatarRow | undefined): Promise<AvatarConfig> {
    const parts = row ? readParts(row) : {};
    const hasAvatar = Object.keys(parts).length > 0;
    const imageUrl = row?.image_key
      ? await this.deps.storage.createDownloadUrl(row.image_key, {
          expiresInSeconds: MEDIA_LIMITS.viewUrlSeconds,
          disposition: 'inline',
          contentType: 'image/png',
        })
      : null;
    const updatedAt = row && hasAvatar ? new Date(row.updated_at).toISOString() : null;
    return { hasAvatar, parts, imageUrl, updatedAt };
  }

  private async deleteObject(key: string): Promise<void> {
    try {
      await this.deps.storage.delete([key]);
    } catch (error) {
      this.deps.onCleanupError(error, [key]);
    }
  }

  private async figures(user: UserRow): Promise<AvatarFigures> {
    const figures = await this.deps.figures.figures(user.id);
    const countries = [...figures.countries];
    return { countries, continents: continentCount(countries), verifiedPins: figures.verifiedPinCount };
  }
}

const unlockedItems = (figures: AvatarFigures) => avatarItems().filter((item) => isUnlocked(item, figures));

let itemsById: ReadonlyMap<string, AvatarItem> | undefined;
const itemById = (id: string): AvatarItem | undefined =>
  (itemsById ??= new Map(avatarItems().map((item) => [item.id, item]))).get(id);

const isRequired = (category: AvatarCategory) =>
  (REQUIRED_AVATAR_CATEGORIES as readonly AvatarCategory[]).includes(category);

/** The plan, if it makes avatars at all. */
function avatarPlan(user: UserRow): Tier {
  const tier = getTier(tierOf(user));
  if (TIER_AVATAR_LEVEL[tier.id] === null) {
    throw new AppError(403, ErrorCode.featureRequired, AVATAR_MESSAGES.paidPlanRequired);
  }
  return tier;
}

/** Refuses the first part that is no part of its category, is still locked, or is too rare for the plan. */
function assertWearable(parts: AvatarParts, figures: AvatarFigures, tier: Tier): void {
  const rarities = new Set(wearableRarities(tier.id));
  for (const category of AVATAR_CATEGORIES) {
    const id = parts[category];
    if (id === undefined) continue;
    const item = itemById(id);
    if (!item) throw badRequest(ErrorCode.validation, `There is no avatar part ${JSON.stringify(id)}`);
    if (item.category !== category) {
      throw badRequest(
        ErrorCode.validation,
        `${item.name} is a ${item.category} part, not a ${category} part`,
      );
    }
    if (!isUnlocked(item, figures)) {
      throw badRequest(ErrorCode.validation, avatarPartLockedMessage(item.name, unlockHint(item)));
    }
    if (!rarities.has(item.rarity)) {
      throw badRequest(ErrorCode.featureRequired, avatarRarityMessage(item.name, item.rarity, tier.name));
    }
  }
}

/**
 * The parts with those the traveller may no longer wear taken off, and the ids taken off. A figure keeps a
 * build, a skin and a face: for those the first part of the category they may wear stands in.
 */
function takeOffUnwearable(
  parts: AvatarParts,
  unlocked: ReadonlySet<string>,
  tier: TierId,
): { kept: AvatarParts; removed: string[] } {
  const rarities = new Set(wearableRarities(tier));
  // The free plan wears nothing: the avatar stays as it was for a paid plan to find again, as pins over a
  // smaller plan's limit are kept.
  if (rarities.size === 0) return { kept: parts, removed: [] };
  const wearable = (item: AvatarItem | undefined, category: AvatarCategory) =>
    item !== undefined && item.category === category && unlocked.has(item.id) && rarities.has(item.rarity);
  const kept: AvatarParts = {};
  const removed: string[] = [];
  for (const category of AVATAR_CATEGORIES) {
    const id = parts[category];
    if (id === undefined) continue;
    let worn: string | undefined = id;
    if (!wearable(itemById(id), category)) {
      // Every paid plan wears the common parts available from the start, so a stand-in is always found.
      worn = isRequired(category)
        ? (avatarItems().find((item) => wearable(item, category))?.id ?? id)
        : undefined;
    }
    if (worn !== id) removed.push(id);
    if (worn !== undefined) kept[category] = worn;
  }
  return { kept, removed };
}

/** Stored in catalogue order, so that the same parts are always the same text. */
const partsText = (parts: AvatarParts): string =>
  JSON.stringify(
    Object.fromEntries(
      AVATAR_CATEGORIES.flatMap((category) => (parts[category] ? [[category, parts[category]]] : [])),
    ),
  );

// The JSON columns are written by this module only.
const readParts = (row: AvatarRow): AvatarParts => JSON.parse(row.parts) as AvatarParts;
const readSeen = (row: AvatarRow): string[] => JSON.parse(row.seen_unlocked) as string[];

const isSaved = (row: AvatarRow | undefined): row is AvatarRow =>
  row !== undefined && Object.keys(readParts(row)).length > 0;
