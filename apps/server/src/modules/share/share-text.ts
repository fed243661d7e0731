// The share picture's text as SVG path data in Inter, the app's typeface, read from @fontsource/inter:
// librsvg would otherwise draw <text> with whatever fonts the machine has, and a server may have none.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type FontWeight = 500 | 600 | 800;

/** Inter's capital height in ems (1490 of 2048 units): from a baseline up to the top of a capital. */
export const CAP_HEIGHT = 1490 / 2048;

export interface TextStyle {
  size: number;
  weight: FontWeight;
  /** Added after each character, in ems; negative draws a display size tighter, as the app's titles are. */
  tracking?: number;
}

/**
 * The little of opentype.js used here. Its @types package is not used: it pulls the DOM's types into the
 * server's compilation, where they replace Node's fetch and Buffer ones.
 */
interface Glyph {
  advanceWidth?: number;
  getPath(x: number, y: number, fontSize: number): { toPathData(decimalPlaces: number): string };
}

interface Font {
  unitsPerEm: number;
  charToGlyph(character: string): Glyph;
  /** 0 (.notdef) for a character the font lacks. */
  charToGlyphIndex(character: string): number;
}

// opentype.js's package entry is a UMD bundle: Node's ESM loader sees no named exports in it.
const require = createRequire(import.meta.url);
const opentype = require('opentype.js') as {
  parse(buffer: ArrayBuffer, options: { lowMemory: boolean }): Font;
};

/**
 * Fontsource splits Inter by script; a character is drawn from the first subset that has it. Latin alone
 * covers the fixed text, so the others are read only for a name that needs them.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];

const fonts = new Map<string, Font>();

function font(subset: string, weight: FontWeight): Font {
  const key = `${subset}-${weight}`;
  let loaded = fonts.get(key);
  if (!loaded) {
    const bytes = readFileSync(require.resolve(`@fontsource/inter/files/inter-${key}-normal.woff`));
    // lowMemory reads a glyph's outline when it is first drawn, not the whole font's up front.
    loaded = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), {
      lowMemory: true,
    });
    fonts.set(key, loaded);
  }
  return loaded;
}

interface PlacedGlyph {
  glyph: Glyph;
  x: number;
}

/**
 * The glyphs of the text from the pen's start, and the width they take. A character no subset of Inter
 * has (an emoji, a Han or Arabic letter) is left out rather than drawn as a box.
 */
function layout(text: string, style: TextStyle): { glyphs: PlacedGlyph[]; width: number } {
  const glyphs: PlacedGlyph[] = [];
  const tracking = (style.tracking ?? 0) * style.size;
  let x = 0;
  for (const character of text.normalize('NFC')) {
    const source = drawingFont(character, style.weight);
    if (!source) continue;
    const glyph = source.charToGlyph(character);
    glyphs.push({ glyph, x });
    x += ((glyph.advanceWidth ?? 0) * style.size) / source.unitsPerEm + tracking;
  }
  // The tracking after the last character is no part of the text's width.
  return { glyphs, width: glyphs.length > 0 ? x - tracking : 0 };
}

function drawingFont(character: string, weight: FontWeight): Font | undefined {
  for (const subset of SUBSETS) {
    const candidate = font(subset, weight);
    if (candidate.charToGlyphIndex(character) > 0) return candidate;
  }
  return undefined;
}

/** How wide the text is drawn, in pixels. */
export function textWidth(text: string, style: TextStyle): number {
  return layout(text, style).width;
}

export type TextAnchor = 'start' | 'middle' | 'end';

/** The text as path data, its baseline at y and its start, middle or end at x. */
export function textPath(
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  anchor: TextAnchor = 'start',
): string {
  const { glyphs, width } = layout(text, style);
  const start = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  return glyphs
    .map(({ glyph, x: offset }) => glyph.getPath(start + offset, y, style.size).toPathData(1))
    .join('');
}

const ELLIPSIS = '…';

/**
 * The text cut to at most maxCharacters characters and maxWidth pixels, an ellipsis marking the cut; ''
 * when nothing of it can be drawn.
 */
export function fitText(text: string, style: TextStyle, maxCharacters: number, maxWidth: number): string {
  const characters = [...text.normalize('NFC').trim()];
  const fits = (candidate: string) => textWidth(candidate, style) <= maxWidth;
  let kept = characters.length > maxCharacters ? maxCharacters - 1 : characters.length;
  const cut = (length: number) =>
    length === characters.length
      ? characters.join('')
      : `${characters.slice(0, length).join('').trimEnd()}${ELLIPSIS}`;
  while (kept > 0 && !fits(cut(kept))) kept--;
  const fitted = kept > 0 ? cut(kept) : '';
  return textWidth(fitted, style) > 0 ? fitted : '';
}
