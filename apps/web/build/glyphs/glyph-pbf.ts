// The glyph range file MapLibre fetches from a style's `glyphs` URL: a protocol buffer of the Mapbox glyphs
// format (field numbers as MapLibre's reader, src/style/parse_glyph_pbf.ts, takes them).
import { PbfWriter } from 'pbf';

export interface Glyph {
  /** The code point. */
  id: number;
  /** The ink's size in pixels at 24 px; the bitmap is GLYPH_BORDER larger on every side. */
  width: number;
  height: number;
  /** From the pen position to the ink's left edge. */
  left: number;
  /** From MapLibre's line origin to the ink's top edge, upwards (see GLYPH_BASELINE). */
  top: number;
  advance: number;
  /** (width + 2 * GLYPH_BORDER) × (height + 2 * GLYPH_BORDER) SDF bytes, row by row; empty for blank glyphs. */
  bitmap: Uint8Array;
}

/** The SDF margin around each glyph's ink, which MapLibre assumes (GLYPH_PBF_BORDER). */
export const GLYPH_BORDER = 3;

/** A range file covers this many code points, starting at a multiple of it. */
export const GLYPH_RANGE_SIZE = 256;

/** '0-255', '256-511', …: the {range} of the glyphs URL and the file's name. */
export function rangeName(start: number): string {
  return `${start}-${start + GLYPH_RANGE_SIZE - 1}`;
}

export function encodeGlyphRange(fontStack: string, start: number, glyphs: readonly Glyph[]): Uint8Array {
  const pbf = new PbfWriter();
  pbf.writeMessage(1, writeFontStack, { fontStack, range: rangeName(start), glyphs });
  return pbf.finish();
}

function writeFontStack(
  stack: { fontStack: string; range: string; glyphs: readonly Glyph[] },
  pbf: PbfWriter,
): void {
  pbf.writeStringField(1, stack.fontStack);
  pbf.writeStringField(2, stack.range);
  for (const glyph of stack.glyphs) pbf.writeMessage(3, writeGlyph, glyph);
}

function writeGlyph(glyph: Glyph, pbf: PbfWriter): void {
  pbf.writeVarintField(1, glyph.id);
  if (glyph.bitmap.length > 0) pbf.writeBytesField(2, glyph.bitmap);
  pbf.writeVarintField(3, glyph.width);
  pbf.writeVarintField(4, glyph.height);
  pbf.writeSVarintField(5, glyph.left);
  pbf.writeSVarintField(6, glyph.top);
  pbf.writeVarintField(7, glyph.advance);
}
