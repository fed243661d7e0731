// The avatar's wardrobe contract (issue 14; SPEC.md §7 Avatar): GET /api/avatar/items with its filters,
// /avatar/unlocked, /avatar/achievements and /avatar/progress, for the signed-in traveller.
import { z } from 'zod';
import { ACHIEVEMENT_IDS } from '../achievements.js';
import { AVATAR_LEVELS } from '../features.js';
import { AVATAR_CATEGORIES, AVATAR_RARITIES, AVATAR_SUBCATEGORIES } from '../avatar/catalog.js';

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
