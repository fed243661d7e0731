import { describe, expect, it } from 'vitest';
import { runAtOnce } from './gazetteer-service.js';
import { KeyIndex, KeyIndexBuilder } from './key-index.js';
import { editsAllowed, visitNearKeys } from './typos.js';

/** An index over keys[i] naming place i, every place scored 1. */
function buildIndex(keys: string[]): KeyIndex {
  const pool = Buffer.alloc(keys.reduce((sum, key) => sum + Buffer.byteLength(key), 0));
  const builder = new KeyIndexBuilder();
  let offset = 0;
  keys.forEach((key, i) => {
    const length = pool.write(key, offset);
    builder.add(offset, length, i);
    offset += length;
  });
  return new KeyIndex(runAtOnce(builder.build(new Uint8Array(pool))), new Float64Array(keys.length).fill(1));
}

/** The keys near a query, as "key edits", sorted. */
function near(index: KeyIndex, query: string, edits = 2): string[] {
  const found: string[] = [];
  visitNearKeys(index, Buffer.from(query, 'utf8'), edits, (position, distance) => {
    found.push(`${index.keyAt(position)} ${distance}`);
    return true;
  });
  return found.sort();
}

/** Restricted Damerau-Levenshtein distance, the plain way. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = d[i]!;
      row[j] = Math.min(
        d[i - 1]![j]! + 1,
        row[j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

/** A deterministic pseudo-random sequence (tests must not be flaky). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('editsAllowed', () => {
  it('forgives nothing under five letters, one typo from five, two from eight', () => {
    expect([3, 4, 5, 7, 8, 12].map(editsAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('visitNearKeys', () => {
  const index = buildIndex([
    'lisbon',
    'lisboa',
    'london',
    'barcelona',
    'new york',
    'rome',
    'paris',
    'amsterdam',
  ]);

  it('finds a name with a letter left out, added, changed, or two letters swapped, as one edit', () => {
    expect(near(index, 'lisbn')).toEqual(['lisbon 1']);
    expect(near(index, 'lisbonn')).toEqual(['lisbon 1']);
    expect(near(index, 'lisbun')).toEqual(['lisbon 1']);
    expect(near(index, 'barcleona')).toEqual(['barcelona 1']);
    expect(near(index, 'nwe york')).toEqual(['new york 1']);
  });

  it('finds two edits in a name of eight letters or more, but not in a shorter one', () => {
    expect(near(index, 'amstredan')).toEqual(['amsterdam 2']);
    expect(near(index, 'lsibn')).toEqual([]);
    expect(near(index, 'amstredan', 1)).toEqual([]);
  });

  it('forgives nothing in a name under five letters, on either side', () => {
    expect(near(index, 'rme')).toEqual([]);
    expect(near(index, 'romee')).toEqual([]); // 'rome' has four letters
  });

  it('takes the first letter as typed, and at most one mistake in the first half', () => {
    expect(near(index, 'kisbon')).toEqual([]);
    expect(near(index, 'bxrxelona')).toEqual([]); // both in 'barc'
    expect(near(index, 'barcelnoaa')).toEqual(['barcelona 2']); // both in the second half
  });

  it('finds exactly the keys within one edit that a plain comparison finds, over 2,000 random keys', () => {
    const next = random(11);
    const word = (length: number) => Array.from({ length }, () => 'abcde'[Math.floor(next() * 5)]).join('');
    const keys = Array.from({ length: 2000 }, () => word(3 + Math.floor(next() * 7)));
    const big = buildIndex(keys);
    for (let n = 0; n < 200; n += 1) {
      const query = word(5 + Math.floor(next() * 4));
      const expected = [...new Set(keys)]
        .filter((key) => key[0] === query[0] && key.length >= 5 && distance(key, query) <= 1)
        .flatMap((key) => keys.filter((other) => other === key).map(() => `${key} ${distance(key, query)}`))
        .sort();
      expect(near(big, query, 1), query).toEqual(expected);
    }
  });
});
