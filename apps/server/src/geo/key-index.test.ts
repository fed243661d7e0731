import { describe, expect, it } from 'vitest';
import { KeyIndex, KeyIndexBuilder } from './key-index.js';
import { runAtOnce } from './gazetteer-service.js';

/** Builds an index over keys[i] naming place i (or places[i]), each place scored by scores[place]. */
function buildIndex(keys: string[], scores: number[], places?: number[]) {
  const pool = Buffer.alloc(keys.reduce((sum, key) => sum + Buffer.byteLength(key), 0));
  const builder = new KeyIndexBuilder();
  let offset = 0;
  keys.forEach((key, i) => {
    const length = pool.write(key, offset);
    builder.add(offset, length, places?.[i] ?? i);
    offset += length;
  });
  return new KeyIndex(runAtOnce(builder.build(new Uint8Array(pool))), Float64Array.from(scores));
}

const allKeys = (index: KeyIndex) => Array.from({ length: index.size }, (_, i) => index.keyAt(i));
const query = (text: string) => Buffer.from(text, 'utf8');

/** A deterministic pseudo-random sequence (tests must not be flaky). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('KeyIndexBuilder', () => {
  it('sorts keys byte-wise, shorter first, like Buffer.compare', () => {
    const next = random(7);
    const alphabet = ['a', 'b', 'z', ' ', 'é', 'ж', '東', 'aa'];
    const keys = Array.from({ length: 3000 }, () =>
      Array.from(
        { length: 1 + Math.floor(next() * 9) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join(''),
    );
    const index = buildIndex(
      keys,
      keys.map(() => 1),
    );
    const expected = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(allKeys(index)).toEqual(expected);
  });

  it('keeps one copy of a key repeated for the same place, and the key for each other place', () => {
    const index = buildIndex(['paris', 'paris', 'paris'], [1, 1], [0, 0, 1]);
    expect(allKeys(index)).toEqual(['paris', 'paris']);
    expect([...index.data.places]).toEqual([0, 1]);
  });
});

describe('KeyIndex.prefixRange', () => {
  const keys = ['par', 'paris', 'paris', 'parma', 'pau', 'york', 'pa'];
  const index = buildIndex(
    keys,
    keys.map(() => 1),
  );
  const sorted = allKeys(index);

  it('finds the keys equal to the query first, then the ones that only start with it', () => {
    const { lo, exactEnd, hi } = index.prefixRange(query('par'));
    expect(sorted.slice(lo, exactEnd)).toEqual(['par']);
    expect(sorted.slice(exactEnd, hi)).toEqual(['paris', 'paris', 'parma']);
  });

  it('answers an empty range for a prefix nothing starts with', () => {
    const { lo, hi } = index.prefixRange(query('q'));
    expect(hi - lo).toBe(0);
  });

  it('answers the whole index for an empty prefix', () => {
    const { lo, hi } = index.prefixRange(query(''));
    expect([lo, hi]).toEqual([0, keys.length]);
  });
});

describe('KeyIndex.visitBest', () => {
  it('visits a range from the highest score down, ties in key order', () => {
    const next = random(3);
    const keys = Array.from({ length: 500 }, (_, i) => `k${String(i).padStart(3, '0')}`);
    const scores = keys.map(() => Math.floor(next() * 50));
    const index = buildIndex(keys, scores);
    const visited: number[] = [];
    index.visitBest(100, 400, (place) => {
      visited.push(place);
      return true;
    });
    const expected = Array.from({ length: 300 }, (_, i) => i + 100).sort(
      (a, b) => scores[b]! - scores[a]! || a - b,
    );
    expect(visited).toEqual(expected);
  });

  it('stops when the visitor says so', () => {
    const index = buildIndex(['a', 'b', 'c'], [1, 3, 2]);
    const visited: number[] = [];
    index.visitBest(0, 3, (place) => {
      visited.push(place);
      return visited.length < 2;
    });
    expect(visited).toEqual([1, 2]);
  });
});
