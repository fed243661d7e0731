// The fonts of the map's labels. Their glyph ranges are made from Inter at build time
// (apps/web/build/glyphs) and served by Waymarks itself, so drawing a label asks no other site for anything.

/** The font stacks the glyphs exist for: a style's `text-font` names one of these. */
export const MAP_FONTS = {
  /** Inter at weight 400, for most labels. */
  regular: 'Inter Regular',
  /** Inter at weight 600, for labels that stand out. */
  semibold: 'Inter SemiBold',
} as const;

/** Where the glyph ranges are, below the app's origin; MapLibre fills in the font stack and the range. */
export const MAP_GLYPHS_PATH = '/map/glyphs/{fontstack}/{range}.pbf';

/** The style's `glyphs` URL on the app's origin (`location.origin`). */
export function glyphsUrl(origin: string): string {
  return `${origin}${MAP_GLYPHS_PATH}`;
}
