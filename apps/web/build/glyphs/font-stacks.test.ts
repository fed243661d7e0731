import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { MAP_FONTS } from '../../src/features/map/glyphs.js';
import { GLYPH_BASELINE, GLYPH_FONT_SIZE } from './draw-glyph.js';
import { glyphFiles, loadSubsets } from './font-stacks.js';
import { GLYPH_BORDER, type Glyph } from './glyph-pbf.js';

interface DecodedRange {
  names: string[];
  ranges: string[];
  glyphs: Glyph[];
}

/** Reads a range file with MapLibre's field numbers (its parse_glyph_pbf.ts), independently of the writer. */
function decode(bytes: Uint8Array): DecodedRange {
  const range: DecodedRange = { names: [], ranges: [], glyphs: [] };
  new PbfReader(bytes).readFields((tag, result, pbf) => {
    if (tag !== 1) return;
    pbf.readMessage((stackTag, stack, stackPbf) => {
      if (stackTag === 1) stack.names.push(stackPbf.readString());
      else if (stackTag === 2) stack.ranges.push(stackPbf.readString());
      else if (stackTag === 3) stack.glyphs.push(stackPbf.readMessage(readGlyph, emptyGlyph()));
    }, result);
  }, range);
  return range;
}

function emptyGlyph(): Glyph {
  return { id: -1, width: -1, height: -1, left: NaN, top: NaN, advance: -1, bitmap: new Uint8Array() };
}

function readGlyph(tag: number, glyph: Glyph, pbf: PbfReader) {
  if (tag === 1) glyph.id = pbf.readVarint();
  else if (tag === 2) glyph.bitmap = pbf.readBytes();
  else if (tag === 3) glyph.width = pbf.readVarint();
  else if (tag === 4) glyph.height = pbf.readVarint();
  else if (tag === 5) glyph.left = pbf.readSVarint();
  else if (tag === 6) glyph.top = pbf.readSVarint();
  else if (tag === 7) glyph.advance = pbf.readVarint();
}

const files = glyphFiles();
const range = (stack: string, name: string) => decode(files.get(`${stack}/${name}.pbf`)!);
const glyphOf = (decoded: DecodedRange, char: string) =>
  decoded.glyphs.find((glyph) => glyph.id === char.codePointAt(0))!;
const pixel = (glyph: Glyph, x: number, y: number) => glyph.bitmap[y * (glyph.width + 2 * GLYPH_BORDER) + x]!;
const EDGE = 192;

describe('the glyph range files', () => {
  const latin = range(MAP_FONTS.regular, '0-255');

  it('exist for both stacks, for the ranges of Latin, Greek, Cyrillic and Vietnamese, and no others', () => {
    for (const stack of Object.values(MAP_FONTS)) {
      for (const name of [
        '0-255',
        '256-511',
        '768-1023',
        '1024-1279',
        '7680-7935',
        '7936-8191',
        '8192-8447',
      ]) {
        expect(files.has(`${stack}/${name}.pbf`), `${stack}/${name}`).toBe(true);
      }
    }
    // CJK: MapLibre draws what no file covers with a local font.
    expect(files.has(`${MAP_FONTS.regular}/19968-20223.pbf`)).toBe(false);
    expect([...files.keys()].every((name) => /^Inter (Regular|SemiBold)\/\d+-\d+\.pbf$/.test(name))).toBe(
      true,
    );
  });

  it('each decode as their own stack and range, glyphs sorted and inside the range', () => {
    for (const [name, bytes] of files) {
      const [stack, rangeName] = name.replace(/\.pbf$/, '').split('/');
      const decoded = decode(bytes);
      expect(decoded.names).toEqual([stack]);
      expect(decoded.ranges).toEqual([rangeName]);
      const [start, end] = rangeName!.split('-').map(Number);
      expect(decoded.glyphs.length).toBeGreaterThan(0);
      const ids = decoded.glyphs.map((glyph) => glyph.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids.every((id) => id >= start! && id <= end!)).toBe(true);
      for (const glyph of decoded.glyphs) {
        const size = glyph.width && glyph.height ? (glyph.width + 6) * (glyph.height + 6) : 0;
        expect(glyph.bitmap.length, `${name} U+${glyph.id.toString(16)}`).toBe(size);
      }
    }
  });

  it("give 'A' the size, place and advance of Inter's A at 24 px", () => {
    const [font] = loadSubsets(400);
    const outline = font!.charToGlyph('A');
    const scale = GLYPH_FONT_SIZE / font!.unitsPerEm;
    const box = outline.getBoundingBox();
    const a = glyphOf(latin, 'A');
    expect(a.id).toBe(65);
    expect(a.left).toBe(Math.floor(box.x1 * scale));
    expect(a.width).toBe(Math.ceil(box.x2 * scale) - Math.floor(box.x1 * scale));
    expect(a.height).toBe(Math.ceil(box.y2 * scale) - Math.floor(box.y1 * scale));
    expect(a.top).toBe(Math.ceil(box.y2 * scale) - GLYPH_BASELINE);
    expect(a.advance).toBe(Math.round(outline.advanceWidth! * scale));
    expect(a.bitmap.length).toBe((a.width + 6) * (a.height + 6));
    // Capitals stand on the baseline: A's ink ends there.
    expect(a.top - a.height).toBe(-GLYPH_BASELINE);
  });

  it("put the stem of 'l' inside the edge and the corners far outside it", () => {
    const l = glyphOf(latin, 'l');
    const stemX = Math.round(GLYPH_BORDER + l.width / 2 - 0.5);
    const middleY = GLYPH_BORDER + Math.floor(l.height / 2);
    expect(pixel(l, stemX, middleY)).toBeGreaterThan(EDGE);
    expect(pixel(l, 0, 0)).toBeLessThan(EDGE - 64);
    const o = glyphOf(latin, 'O');
    expect(pixel(o, 0, 0)).toBe(0);
    // The counter of O is outside the ink.
    expect(
      pixel(o, GLYPH_BORDER + Math.floor(o.width / 2), GLYPH_BORDER + Math.floor(o.height / 2)),
    ).toBeLessThan(EDGE);
  });

  it('give the space an advance and no bitmap', () => {
    const space = glyphOf(latin, ' ');
    expect(space).toMatchObject({ width: 0, height: 0, bitmap: new Uint8Array() });
    expect(space.advance).toBeGreaterThan(3);
  });

  it('draw SemiBold heavier than Regular', () => {
    const ink = (stack: string) =>
      glyphOf(range(stack, '0-255'), 'l').bitmap.filter((value) => value > EDGE).length;
    expect(ink(MAP_FONTS.semibold)).toBeGreaterThan(ink(MAP_FONTS.regular));
  });

  it('have the letters of place names in Greek, Cyrillic, Turkish, Polish and Vietnamese', () => {
    const has = (char: string) => {
      const codePoint = char.codePointAt(0)!;
      const start = codePoint - (codePoint % 256);
      const decoded = range(MAP_FONTS.regular, `${start}-${start + 255}`);
      return decoded.glyphs.some((glyph) => glyph.id === codePoint && glyph.bitmap.length > 0);
    };
    expect([...'ãçİıłşĂΑθήМсквЁỹ'].filter((char) => !has(char))).toEqual([]);
  });
});
