// The glyph range files of the map's font stacks, made from the Inter .woff files of @fontsource/inter.
// Fontsource splits each weight by script; a stack merges the subsets, a code point coming from the
// first subset that has it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as OpenType from 'opentype.js';
import { MAP_FONTS } from '../../src/features/map/glyphs.js';
import { drawGlyph } from './draw-glyph.js';
import { encodeGlyphRange, GLYPH_RANGE_SIZE, rangeName, type Glyph } from './glyph-pbf.js';

// opentype.js's package entry is a UMD bundle: Node's ESM loader sees no named exports in it.
const require = createRequire(import.meta.url);
const opentype = require('opentype.js') as typeof OpenType;

export interface FontStack {
  name: string;
  weight: 400 | 600;
}

export const MAP_FONT_STACKS: readonly FontStack[] = [
  { name: MAP_FONTS.regular, weight: 400 },
  { name: MAP_FONTS.semibold, weight: 600 },
];

/** Place names are GeoNames names in Latin script, with Greek and Cyrillic ones beside them. */
const SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'];

export function loadSubsets(weight: number): OpenType.Font[] {
  return SUBSETS.map((subset) => {
    const file = require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`);
    const bytes = readFileSync(file);
    return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  });
}

/**
 * Every glyph of the fonts, by range start. Only ranges the fonts cover get a file: for a code point in
 * any other range MapLibre's request fails, and MapLibre draws that character with a local font instead.
 */
export function drawGlyphRanges(fonts: readonly OpenType.Font[]): Map<number, Glyph[]> {
  const ranges = new Map<number, Glyph[]>();
  const drawn = new Set<number>();
  for (const font of fonts) {
    const cmap = font.tables.cmap as unknown as { glyphIndexMap: Record<string, number> };
    for (const [key, glyphIndex] of Object.entries(cmap.glyphIndexMap)) {
      const codePoint = Number(key);
      // Index 0 is .notdef, the box a font draws for what it lacks.
      if (glyphIndex === 0 || drawn.has(codePoint) || codePoint > 0xffff) continue;
      drawn.add(codePoint);
      const start = codePoint - (codePoint % GLYPH_RANGE_SIZE);
      const glyphs = ranges.get(start) ?? [];
      glyphs.push(drawGlyph(codePoint, font.glyphs.get(glyphIndex), font.unitsPerEm));
      ranges.set(start, glyphs);
    }
  }
  for (const glyphs of ranges.values()) glyphs.sort((a, b) => a.id - b.id);
  return ranges;
}

/** The files under the glyphs path, by their path below it: 'Inter Regular/0-255.pbf'. */
export function glyphFiles(stacks: readonly FontStack[] = MAP_FONT_STACKS): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const stack of stacks) {
    const ranges = drawGlyphRanges(loadSubsets(stack.weight));
    for (const start of [...ranges.keys()].sort((a, b) => a - b)) {
      files.set(
        `${stack.name}/${rangeName(start)}.pbf`,
        encodeGlyphRange(stack.name, start, ranges.get(start)!),
      );
    }
  }
  return files;
}
