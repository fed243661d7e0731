// What a traveller may wear: a part is unlocked by travel (catalog.ts), and worn only within
// the plan's customisation level (SPEC.md §6: basic, full, premium, legendary; free makes no avatar).
import { ACHIEVEMENTS } from '../achievements.js';
import { TIER_AVATAR_LEVEL, type AvatarLevel } from '../features.js';
import type { TierId } from '../tiers.js';
import { AVATAR_RARITIES, countryName, type AvatarItem, type AvatarRarity } from './catalog.js';

/** The figures unlocks are read from. */
export interface AvatarFigures {
  /** Codes of the visited states that count toward the 195. */
  countries: readonly string[];
  continents: number;
  verifiedPins: number;
}

/** The rarest part each customisation level may wear. */
const RAREST: Readonly<Record<AvatarLevel, AvatarRarity>> = {
  basic: 'uncommon',
  full: 'rare',
  premium: 'epic',
  legendary: 'legendary',
};

/** The rarities a plan may wear; none on free. */
export function wearableRarities(tier: TierId): readonly AvatarRarity[] {
  const level = TIER_AVATAR_LEVEL[tier];
  if (!level) return [];
  return AVATAR_RARITIES.slice(0, AVATAR_RARITIES.indexOf(RAREST[level]) + 1);
}

export function isUnlocked(item: AvatarItem, figures: AvatarFigures): boolean {
  const { unlock } = item;
  switch (unlock.kind) {
    case 'start':
      return true;
    case 'countries':
      return figures.countries.length >= unlock.count;
    case 'continents':
      return figures.continents >= unlock.count;
    case 'verifiedPins':
      return figures.verifiedPins >= unlock.count;
    case 'achievement': {
      const needed = ACHIEVEMENTS.find((a) => a.id === unlock.achievement)?.countries ?? Infinity;
      return figures.countries.length >= needed;
    }
    case 'country':
      return figures.countries.includes(unlock.country);
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What unlocks the part, as a locked part says it. */
export function unlockHint(item: AvatarItem): string {
  const { unlock } = item;
  switch (unlock.kind) {
    case 'start':
      return 'Available from the start';
    case 'countries':
      return `Visit ${plural(unlock.count, 'country', 'countries')}`;
    case 'continents':
      return `Visit ${plural(unlock.count, 'continent', 'continents')}`;
    case 'verifiedPins':
      return `Verify ${plural(unlock.count, 'pin', 'pins')} with photo GPS`;
    case 'achievement': {
      const earned = ACHIEVEMENTS.find((a) => a.id === unlock.achievement);
      return earned ? `Earn the ${earned.name} achievement` : 'Earn an achievement';
    }
    case 'country':
      return `Visit ${countryName(unlock.country)}`;
  }
}
