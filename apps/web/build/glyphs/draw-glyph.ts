// One glyph of a font as MapLibre wants it: its SDF bitmap at 24 px and its metrics in whole pixels.
import type { Glyph as FontGlyph } from 'opentype.js';
import { GLYPH_BORDER, type Glyph } from './glyph-pbf.js';
import { flattenPath, rasterise, type PathCommand } from './rasterise.js';
import { signedDistanceField } from './sdf.js';

/** The font size MapLibre's glyph metrics and bitmaps are in. */
export const GLYPH_FONT_SIZE = 24;

/**
 * How far below MapLibre's line origin the baseline sits, in pixels. MapLibre places the glyphs it draws
 * itself 27.5 below it (its topAdjustment); this puts ours on the same line, and centres Inter's capitals
 * on the label's anchor.
 */
export const GLYPH_BASELINE = 27;

export function drawGlyph(codePoint: number, glyph: FontGlyph, unitsPerEm: number): Glyph {
  const advance = Math.round(((glyph.advanceWidth ?? 0) * GLYPH_FONT_SIZE) / unitsPerEm);
  // Pen at the origin, y growing downwards: the baseline is y = 0.
  const commands = glyph.getPath(0, 0, GLYPH_FONT_SIZE).commands as PathCommand[];
  const contours = flattenPath(commands);
  const points = contours.flat();
  if (points.length === 0) {
    return {
      id: codePoint,
      width: 0,
      height: 0,
      left: 0,
      top: -GLYPH_BASELINE,
      advance,
      bitmap: new Uint8Array(),
    };
  }
  // Whole pixels around the ink; the fraction stays in the bitmap, so the ink keeps its exact position.
  const left = Math.floor(Math.min(...points.map((p) => p.x)));
  const top = Math.floor(Math.min(...points.map((p) => p.y)));
  const width = Math.ceil(Math.max(...points.map((p) => p.x))) - left;
  const height = Math.ceil(Math.max(...points.map((p) => p.y))) - top;
  const bitmapWidth = width + 2 * GLYPH_BORDER;
  const bitmapHeight = height + 2 * GLYPH_BORDER;
  const shifted = contours.map((contour) =>
    contour.map((p) => ({ x: p.x - left + GLYPH_BORDER, y: p.y - top + GLYPH_BORDER })),
  );
  const coverage = rasterise(shifted, bitmapWidth, bitmapHeight);
  return {
    id: codePoint,
    width,
    height,
    left,
    top: -top - GLYPH_BASELINE,
    advance,
    bitmap: signedDistanceField(coverage, bitmapWidth, bitmapHeight),
  };
}
