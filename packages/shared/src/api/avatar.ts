// The avatar contract (SPEC.md §7 Avatar) for the signed-in traveller: the wardrobe (GET
// /api/avatar/items with its filters, /avatar/unlocked, /avatar/achievements, /avatar/progress) and the saved
// avatar (GET /avatar/user, PUT /avatar, PUT /avatar/image, POST /avatar/check-unlocks).
import { z } from 'zod';
import { ACHIEVEMENT_IDS } from '../achievements.js';
import { AVATAR_LEVELS } from '../features.js';
import {
  AVATAR_CATEGORIES,
  AVATAR_RARITIES,
  AVATAR_SUBCATEGORIES,
  type AvatarCategory,
  type AvatarRarity,
} from '../avatar/catalog.js';

const count = z.number().int().min(0);

export const AvatarItemsQuery = z.object({
  category: z.enum(AVATAR_CATEGORIES).optional(),
  subcategory: z.enum(AVATAR_SUBCATEGORIES).optional().describe('As the items name it, e.g. hat or jacket'),
  rarity: z.enum(AVATAR_RARITIES).optional(),
  unlocked: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'))
    .describe('true: only what the traveller has unlocked; false: only what is still locked'),
});
export type AvatarItemsQuery = z.input<typeof AvatarItemsQuery>;

export const AvatarItemView = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.enum(AVATAR_CATEGORIES),
    subcategory: z.enum(AVATAR_SUBCATEGORIES),
    rarity: z.enum(AVATAR_RARITIES),
    unlocked: z.boolean().describe('Travel has unlocked it'),
    wearable: z.boolean().describe('Unlocked, and of a rarity the plan may wear'),
    unlockHint: z.string().describe('What unlocks it, e.g. "Visit 5 countries"'),
    look: z.object({ shape: z.string(), color: z.string() }).describe('What the creator draws'),
  })
  .describe('AvatarItem');
export type AvatarItemView = z.infer<typeof AvatarItemView>;

export const AvatarItemsResponse = z.object({ items: z.array(AvatarItemView) }).describe('AvatarItems');
export type AvatarItemsResponse = z.infer<typeof AvatarItemsResponse>;

export const AvatarUnlockedResponse = z
  .object({ itemIds: z.array(z.string()).describe('Every unlocked part, in catalogue order') })
  .describe('AvatarUnlocked');
export type AvatarUnlockedResponse = z.infer<typeof AvatarUnlockedResponse>;

export const AvatarAchievementsResponse = z
  .object({
    achievements: z.array(
      z.object({ id: z.enum(ACHIEVEMENT_IDS), name: z.string(), countries: count, earned: z.boolean() }),
    ),
  })
  .describe('AvatarAchievements');
export type AvatarAchievementsResponse = z.infer<typeof AvatarAchievementsResponse>;

export const AvatarProgress = z
  .object({
    countriesVisited: count.describe('Toward the 195'),
    continentsVisited: count,
    verifiedPins: count,
    unlockedCount: count,
    totalCount: count,
    customizationLevel: z.enum(AVATAR_LEVELS).nullable().describe('null on free: no avatar'),
  })
  .describe('AvatarProgress');
export type AvatarProgress = z.infer<typeof AvatarProgress>;

/** Catalogue ids are short; a longer value names no part and is refused before it is looked up. */
export const AVATAR_PART_ID_MAX = 64;

/** The PNG render the creator uploads: small enough to keep in memory, large enough for any screen. */
export const AVATAR_IMAGE_LIMITS = { maxBytes: 512 * 1024, maxSide: 1024 } as const;

/** The categories a saved avatar must fill: a figure has a build, a skin and a face. */
export const REQUIRED_AVATAR_CATEGORIES = [
  'body',
  'skin',
  'face',
] as const satisfies readonly AvatarCategory[];

export const AVATAR_MESSAGES = {
  paidPlanRequired: 'Upgrade to any paid plan to create avatars',
  noAvatar: 'No avatar saved',
  imageNotPng: 'The avatar image must be a PNG',
  imageSize: `The avatar image must be 1 to ${AVATAR_IMAGE_LIMITS.maxSide} pixels wide and high`,
  imageAnimated: 'The avatar image must be a still picture, not an animation',
  imageTypeRequired: 'Send the avatar image as image/png',
} as const;

/** Why a part cannot be worn: travel has not unlocked it yet. */
export const avatarPartLockedMessage = (partName: string, unlockHint: string): string =>
  `${partName} is still locked. ${unlockHint} to unlock it.`;

/** Why a part cannot be worn: the plan's customisation level stops short of its rarity. */
export const avatarRarityMessage = (partName: string, rarity: AvatarRarity, planName: string): string =>
  `Your ${planName} plan cannot wear ${rarity} parts such as ${partName}. Upgrade to wear it.`;

const partId = z
  .string()
  .min(1)
  .max(AVATAR_PART_ID_MAX)
  .describe('A part of the catalogue, e.g. hair-braids');

const partSlots = Object.fromEntries(AVATAR_CATEGORIES.map((category) => [category, partId.optional()])) as {
  [Category in AvatarCategory]: z.ZodOptional<typeof partId>;
};

/** What the avatar wears: at most one part per category, by id. */
export const AvatarParts = z.strictObject(partSlots).describe('AvatarParts');
export type AvatarParts = z.infer<typeof AvatarParts>;

const requiredSlots = Object.fromEntries(REQUIRED_AVATAR_CATEGORIES.map((category) => [category, true])) as {
  [Category in (typeof REQUIRED_AVATAR_CATEGORIES)[number]]: true;
};

export const SaveAvatarRequest = z.strictObject({
  parts: AvatarParts.required(requiredSlots).describe('body, skin and face are required; the rest optional'),
});
export type SaveAvatarRequest = z.input<typeof SaveAvatarRequest>;

export const AvatarConfig = z
  .object({
    hasAvatar: z.boolean().describe('A figure has been saved'),
    parts: AvatarParts,
    imageUrl: z.string().nullable().describe('A short-lived link to the saved PNG render; null before one'),
    updatedAt: z.string().nullable().describe('When the avatar was last saved; null before'),
  })
  .describe('AvatarConfig');
export type AvatarConfig = z.infer<typeof AvatarConfig>;

export const CheckUnlocksRequest = z.strictObject({
  forceRecheck: z
    .boolean()
    .optional()
    .describe('Also take off the saved avatar what can no longer be worn (a pin deleted, a cheaper plan)'),
});
export type CheckUnlocksRequest = z.input<typeof CheckUnlocksRequest>;

export const CheckUnlocksResponse = z
  .object({
    newlyUnlocked: z.array(z.string()).describe('Parts unlocked since the last check, in catalogue order'),
    unlockedCount: count,
    removedParts: z.array(z.string()).describe('Parts taken off the saved avatar (forceRecheck only)'),
  })
  .describe('CheckUnlocks');
export type CheckUnlocksResponse = z.infer<typeof CheckUnlocksResponse>;
