// What an avatar wears, as the creator and the viewers read it: for each category, the shape to draw and
// its main colour (a catalogue part's `look`). Shared by the 3D model and the flat preview, so neither
// imports three.js through here.
import { AVATAR_CATEGORIES, type AvatarCategory } from '@waymarks/shared';

export interface PartLook {
  shape: string;
  color: string;
}

export type AvatarLook = Partial<Record<AvatarCategory, PartLook>>;

/** The shapes each category can draw, the first being the one an unknown shape falls back to. */
export const PART_SHAPES = {
  body: ['regular', 'slim', 'broad'],
  skin: ['skin'],
  face: ['smile', 'calm', 'grin', 'wink'],
  hair: ['short', 'long', 'bun', 'curly', 'braids'],
  top: ['tshirt', 'hoodie', 'shirt', 'jacket', 'parka', 'coat'],
  bottom: ['trousers', 'shorts', 'cargo'],
  shoes: ['sneakers', 'sandals', 'boots'],
  headwear: ['cap', 'beanie', 'brimmed', 'fedora', 'pilot', 'laurel'],
  accessory: ['backpack', 'sunglasses', 'camera', 'compass', 'drone', 'passport'],
  flag: ['flag'],
} as const satisfies Record<AvatarCategory, readonly string[]>;

export type PartShape<C extends AvatarCategory> = (typeof PART_SHAPES)[C][number];

/**
 * A figure always has a build, a skin and a face: a saved avatar that names none of them (or a first
 * visit to the creator) still shows a person. Every other category missing is simply not worn.
 */
export const LOOK_FALLBACKS = {
  body: { shape: 'regular', color: '#000000' },
  skin: { shape: 'skin', color: '#e8b896' },
  face: { shape: 'smile', color: '#3b2a20' },
} as const satisfies Partial<Record<AvatarCategory, PartLook>>;

/** A part as drawn: a shape its category knows and a colour three.js and SVG both read. */
export type WornPart<C extends AvatarCategory = AvatarCategory> = { shape: PartShape<C>; color: string };

export type WornLook = { [C in AvatarCategory]?: WornPart<C> } & {
  body: WornPart<'body'>;
  skin: WornPart<'skin'>;
  face: WornPart<'face'>;
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const FALLBACKS: Partial<Record<AvatarCategory, PartLook>> = LOOK_FALLBACKS;
/** The colour of a part whose colour cannot be read. */
const NEUTRAL = '#9ca3af';

function wornPart<C extends AvatarCategory>(category: C, part: PartLook): WornPart<C> {
  const shapes: readonly string[] = PART_SHAPES[category];
  // A shape from a newer catalogue than this build still dresses the figure, in the category's first shape.
  const shape = (shapes.includes(part.shape) ? part.shape : shapes[0]) as PartShape<C>;
  // A flag's colour is its country code; everything else must be a hex colour to be drawn.
  const valid = category === 'flag' || HEX_COLOR.test(part.color);
  const color = valid ? part.color : (FALLBACKS[category]?.color ?? NEUTRAL);
  return { shape, color };
}

/** The look with the fallbacks filled in and every shape one the drawings know. */
export function wornLook(look: AvatarLook): WornLook {
  const worn: Partial<Record<AvatarCategory, WornPart>> = {};
  for (const category of AVATAR_CATEGORIES) {
    const part = look[category] ?? FALLBACKS[category];
    if (part) worn[category] = wornPart(category, part);
  }
  return worn as WornLook;
}

/** A stable text for a look, to tell whether a new one changes anything. */
export function lookKey(look: AvatarLook): string {
  return AVATAR_CATEGORIES.map((category) => {
    const part = look[category];
    return part ? `${category}=${part.shape}/${part.color}` : '';
  }).join(';');
}
