// From the parts an avatar wears (ids of the catalogue) to what the viewers draw, and the parts a new
// avatar starts with.
import {
  AVATAR_CATEGORIES,
  REQUIRED_AVATAR_CATEGORIES,
  type AvatarCategory,
  type AvatarItemView,
  type AvatarParts,
  type SaveAvatarRequest,
} from '@waymarks/shared';
import type { AvatarLook } from './three/look';

/** What a first avatar wears: a whole outfit, so the figure is not shown in its underwear. */
const STARTING_CATEGORIES: readonly AvatarCategory[] = [
  ...REQUIRED_AVATAR_CATEGORIES,
  'hair',
  'top',
  'bottom',
  'shoes',
];

/** A part as far as drawing it goes: the wardrobe's answer and the shared catalogue both have this. */
type DrawnPart = Pick<AvatarItemView, 'id' | 'category' | 'look'>;

/** The look of `parts`; a part the wardrobe does not list is left out. */
export function lookOf(parts: AvatarParts, items: readonly DrawnPart[]): AvatarLook {
  const byId = new Map(items.map((item) => [item.id, item]));
  const look: AvatarLook = {};
  for (const category of AVATAR_CATEGORIES) {
    const item = byId.get(parts[category] ?? '');
    if (item?.category === category) look[category] = item.look;
  }
  return look;
}

/** The first wearable part of each starting category. */
export function startingParts(items: readonly AvatarItemView[]): AvatarParts {
  const parts: AvatarParts = {};
  for (const category of STARTING_CATEGORIES) {
    const first = items.find((item) => item.category === category && item.wearable);
    if (first) parts[category] = first.id;
  }
  return parts;
}

/** What the avatar wears with a build, a skin and a face each chosen. */
export type SavableParts = SaveAvatarRequest['parts'];

/** `parts` if they may be saved (a build, a skin and a face, each part one that may be worn), else null. */
export function savableParts(parts: AvatarParts, items: readonly AvatarItemView[]): SavableParts | null {
  const wearable = new Set(items.filter((item) => item.wearable).map((item) => item.id));
  const { body, skin, face } = parts;
  if (body === undefined || skin === undefined || face === undefined) return null;
  const allWearable = AVATAR_CATEGORIES.every(
    (category) => parts[category] === undefined || wearable.has(parts[category]),
  );
  return allWearable ? { ...parts, body, skin, face } : null;
}
