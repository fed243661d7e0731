import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.js';

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-100', { start: 100, end: 100 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['BYTES= 0-0 ', { start: 0, end: 0 }],
  ])('reads %s of 1000 bytes', (header, range) => {
    expect(parseByteRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0'])(
    'answers unsatisfiable for %s of 1000 bytes',
    (header) => {
      expect(parseByteRange(header, 1000)).toBe('unsatisfiable');
    },
  );

  it('answers unsatisfiable for any range of an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-10', 0)).toBe('unsatisfiable');
  });

  it.each([
    undefined,
    '',
    'bytes=-',
    'bytes=5-1',
    'bytes=a-b',
    'bytes=0-1,5-9',
    'items=0-9',
    'bytes=1.5-2',
    'bytes 0-9',
  ])('asks for the whole file on %s', (header) => {
    expect(parseByteRange(header, 1000)).toBeUndefined();
  });
});
