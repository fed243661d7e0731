import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.js';

const answer = (name: string, bytes: number) => ({ name, bytes });

describe('the versioned cache', () => {
  it('serves an answer only at the number it was written at, and forgets it once that has moved on', () => {
    const cache = new VersionedCache<{ name: string; bytes: number }>(1000);
    cache.set('ada', 3, answer('three', 100));
    expect(cache.get('ada', 3)?.name).toBe('three');
    expect(cache.get('ada', 4)).toBeUndefined();
    // Stale once, gone for good: going back to the old number finds nothing either.
    expect(cache.get('ada', 3)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('ben', 3)).toBeUndefined();
  });

  it('holds no more than its bound, dropping the least recently used first', () => {
    const cache = new VersionedCache<{ name: string; bytes: number }>(1000);
    cache.set('a', 1, answer('a', 250));
    cache.set('b', 1, answer('b', 250));
    cache.set('c', 1, answer('c', 250));
    cache.set('d', 1, answer('d', 250));
    expect(cache.get('a', 1)?.name).toBe('a'); // a is now the most recent
    cache.set('e', 1, answer('e', 250));
    expect(cache.size).toBeLessThanOrEqual(1000);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)?.name).toBe('a');
    expect(cache.get('e', 1)?.name).toBe('e');
  });

  it('replaces a key’s answer rather than counting it twice, and keeps no single answer over a quarter', () => {
    const cache = new VersionedCache<{ name: string; bytes: number }>(1000);
    cache.set('a', 1, answer('old', 200));
    cache.set('a', 2, answer('new', 200));
    expect(cache.size).toBe(200);
    expect(cache.get('a', 2)?.name).toBe('new');
    cache.set('huge', 1, answer('huge', 251));
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.size).toBe(200);
  });
});
