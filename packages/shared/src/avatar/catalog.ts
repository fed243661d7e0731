// The avatar's wardrobe (SPEC.md §3 Avatar, §6): every part a traveller can wear, with its
// category, subcategory and rarity, what unlocks it, and what the creator draws for it. Parts unlock from
// travel (countries, continents, verified pins, achievements, and a flag for each visited country); the
// plan decides which rarities can be worn (unlocks.ts).
import type { AchievementId } from '../achievements.js';
import { COUNTED_STATES } from '../geo.js';

export const AVATAR_CATEGORIES = [
  'body',
  'skin',
  'face',
  'hair',
  'top',
  'bottom',
  'shoes',
  'headwear',
  'accessory',
  'flag',
] as const;
export type AvatarCategory = (typeof AVATAR_CATEGORIES)[number];

/** Rarest last. */
export const AVATAR_RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type AvatarRarity = (typeof AVATAR_RARITIES)[number];

/** How parts of a category group further (the creator's tabs within a category). */
export const AVATAR_SUBCATEGORIES = [
  'bag',
  'build',
  'country',
  'crown',
  'curly',
  'document',
  'everyday',
  'expression',
  'eyewear',
  'gear',
  'hat',
  'jacket',
  'long',
  'outdoor',
  'shirt',
  'short',
  'shorts',
  'sweater',
  'tone',
  'trousers',
  'updo',
] as const;
export type AvatarSubcategory = (typeof AVATAR_SUBCATEGORIES)[number];

/** What makes a part wearable, besides the plan. */
export type AvatarUnlock =
  | { kind: 'start' }
  | { kind: 'countries'; count: number }
  | { kind: 'continents'; count: number }
  | { kind: 'verifiedPins'; count: number }
  | { kind: 'achievement'; achievement: AchievementId }
  | { kind: 'country'; country: string };

export interface AvatarItem {
  /** Stable: saved avatars name their parts by it. */
  id: string;
  name: string;
  category: AvatarCategory;
  subcategory: AvatarSubcategory;
  rarity: AvatarRarity;
  unlock: AvatarUnlock;
  /** What the creator draws: a shape of the category's model and its main colour. */
  look: { shape: string; color: string };
}

const START: AvatarUnlock = { kind: 'start' };
const countries = (count: number): AvatarUnlock => ({ kind: 'countries', count });
const continents = (count: number): AvatarUnlock => ({ kind: 'continents', count });
const verifiedPins = (count: number): AvatarUnlock => ({ kind: 'verifiedPins', count });
const achievement = (id: AchievementId): AvatarUnlock => ({ kind: 'achievement', achievement: id });

type Part = [
  id: string,
  name: string,
  subcategory: AvatarSubcategory,
  rarity: AvatarRarity,
  unlock: AvatarUnlock,
  shape: string,
  color: string,
];

/** Everything but the flags, by category. */
const PARTS: Readonly<Record<Exclude<AvatarCategory, 'flag'>, readonly Part[]>> = {
  body: [
    ['body-slim', 'Slim', 'build', 'common', START, 'slim', '#000000'],
    ['body-regular', 'Regular', 'build', 'common', START, 'regular', '#000000'],
    ['body-broad', 'Broad', 'build', 'common', START, 'broad', '#000000'],
  ],
  skin: [
    ['skin-porcelain', 'Porcelain', 'tone', 'common', START, 'skin', '#f6d7c3'],
    ['skin-sand', 'Sand', 'tone', 'common', START, 'skin', '#e8b896'],
    ['skin-honey', 'Honey', 'tone', 'common', START, 'skin', '#c98e62'],
    ['skin-olive', 'Olive', 'tone', 'common', START, 'skin', '#a8714a'],
    ['skin-umber', 'Umber', 'tone', 'common', START, 'skin', '#7a4a2c'],
    ['skin-ebony', 'Ebony', 'tone', 'common', START, 'skin', '#4a2c1b'],
  ],
  face: [
    ['face-smile', 'Smile', 'expression', 'common', START, 'smile', '#3b2a20'],
    ['face-calm', 'Calm', 'expression', 'common', START, 'calm', '#3b2a20'],
    ['face-grin', 'Grin', 'expression', 'common', START, 'grin', '#3b2a20'],
    ['face-wink', 'Wink', 'expression', 'uncommon', countries(3), 'wink', '#3b2a20'],
  ],
  hair: [
    ['hair-short-brown', 'Short, brown', 'short', 'common', START, 'short', '#5a3a22'],
    ['hair-short-black', 'Short, black', 'short', 'common', START, 'short', '#1f1a17'],
    ['hair-long-blond', 'Long, blond', 'long', 'common', START, 'long', '#d8b26a'],
    ['hair-bun-auburn', 'Bun, auburn', 'updo', 'common', START, 'bun', '#8a3b1c'],
    ['hair-curly-black', 'Curly, black', 'curly', 'common', START, 'curly', '#1f1a17'],
    ['hair-braids', 'Braids', 'long', 'uncommon', countries(5), 'braids', '#3d2616'],
    ['hair-silver-crop', 'Silver crop', 'short', 'rare', continents(3), 'short', '#c9ccd1'],
  ],
  top: [
    ['top-tshirt', 'T-shirt', 'shirt', 'common', START, 'tshirt', '#2f7d6d'],
    ['top-hoodie', 'Hoodie', 'sweater', 'common', START, 'hoodie', '#4b5563'],
    ['top-flannel', 'Flannel shirt', 'shirt', 'common', countries(2), 'shirt', '#b4412f'],
    ['top-rain-jacket', 'Rain jacket', 'jacket', 'uncommon', countries(5), 'jacket', '#e0a526'],
    ['top-parka', 'Parka', 'jacket', 'rare', continents(2), 'parka', '#1e3a5f'],
    ['top-safari-shirt', 'Safari shirt', 'shirt', 'epic', continents(4), 'shirt', '#b59b6a'],
    ['top-explorer-coat', 'Explorer coat', 'jacket', 'legendary', countries(25), 'coat', '#6b2d1f'],
  ],
  bottom: [
    ['bottom-jeans', 'Jeans', 'trousers', 'common', START, 'trousers', '#2d4a7a'],
    ['bottom-shorts', 'Shorts', 'shorts', 'common', START, 'shorts', '#c2b280'],
    ['bottom-hiking-pants', 'Hiking trousers', 'trousers', 'uncommon', countries(3), 'trousers', '#556b2f'],
    ['bottom-cargo', 'Cargo trousers', 'trousers', 'rare', verifiedPins(10), 'cargo', '#6b705c'],
  ],
  shoes: [
    ['shoes-sneakers', 'Sneakers', 'everyday', 'common', START, 'sneakers', '#f2f2f2'],
    ['shoes-sandals', 'Sandals', 'everyday', 'common', countries(2), 'sandals', '#8b5a2b'],
    ['shoes-hiking-boots', 'Hiking boots', 'outdoor', 'uncommon', countries(5), 'boots', '#5b3a29'],
    ['shoes-mountain-boots', 'Mountain boots', 'outdoor', 'epic', continents(5), 'boots', '#b22222'],
  ],
  headwear: [
    ['headwear-cap', 'Cap', 'hat', 'common', START, 'cap', '#2f7d6d'],
    ['headwear-beanie', 'Beanie', 'hat', 'common', countries(2), 'beanie', '#7c3aed'],
    ['headwear-sun-hat', 'Sun hat', 'hat', 'uncommon', achievement('explorer'), 'brimmed', '#e9d8a6'],
    ['headwear-explorer-hat', 'Explorer hat', 'hat', 'rare', achievement('wanderer'), 'fedora', '#8b6b47'],
    ['headwear-pilot-cap', 'Pilot cap', 'hat', 'epic', achievement('traveler'), 'pilot', '#3f2a1d'],
    ['headwear-laurel', 'Laurel of the world', 'crown', 'legendary', countries(50), 'laurel', '#d4af37'],
  ],
  accessory: [
    ['accessory-backpack', 'Backpack', 'bag', 'common', START, 'backpack', '#c2410c'],
    [
      'accessory-sunglasses',
      'Sunglasses',
      'eyewear',
      'common',
      achievement('explorer'),
      'sunglasses',
      '#111827',
    ],
    ['accessory-camera', 'Camera', 'gear', 'uncommon', verifiedPins(1), 'camera', '#374151'],
    ['accessory-compass', 'Compass', 'gear', 'rare', continents(2), 'compass', '#b8860b'],
    ['accessory-drone', 'Drone', 'gear', 'epic', verifiedPins(50), 'drone', '#9ca3af'],
    [
      'accessory-golden-passport',
      'Golden passport',
      'document',
      'legendary',
      countries(100),
      'passport',
      '#d4af37',
    ],
  ],
};

let regionNames: Intl.DisplayNames | undefined;

/** The English name of a country code, as the flags are named. */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regionNames.of(code) ?? code;
}

function flagItem(code: string): AvatarItem {
  return {
    id: `flag-${code.toLowerCase()}`,
    name: `Flag of ${countryName(code)}`,
    category: 'flag',
    subcategory: 'country',
    rarity: 'common',
    unlock: { kind: 'country', country: code },
    look: { shape: 'flag', color: code },
  };
}

let items: readonly AvatarItem[] | undefined;

/**
 * Every part, in category order, then the flags of the 195 states by code. Made on first use, so that
 * a page importing this package for something else carries no work for it.
 */
export function avatarItems(): readonly AvatarItem[] {
  items ??= [
    ...Object.entries(PARTS).flatMap(([category, parts]) =>
      parts.map(([id, name, subcategory, rarity, unlock, shape, color]): AvatarItem => ({
        id,
        name,
        category: category as AvatarCategory,
        subcategory,
        rarity,
        unlock,
        look: { shape, color },
      })),
    ),
    ...[...COUNTED_STATES].sort().map(flagItem),
  ];
  return items;
}
