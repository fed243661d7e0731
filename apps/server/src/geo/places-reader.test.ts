import { describe, expect, it } from 'vitest';
import { packAdmin1Code, parseNumber } from './places-reader.js';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const pack = (code: string) => packAdmin1Code(bytes(code), 0, code.length);
const number = (text: string) => parseNumber(bytes(text), 0, text.length);

describe('parseNumber (columns of cities500.txt)', () => {
  it.each([
    ['48.13743', 48.13743],
    ['-106.4608', -106.4608],
    ['0', 0],
    ['1260391', 1260391],
    ['-0.5', -0.5],
  ])('reads %s', (text, value) => {
    expect(number(text)).toBeCloseTo(value, 10);
  });

  it.each(['', '-', 'abc', '1.2.3', '12a'])('answers NaN for %j', (text) => {
    expect(number(text)).toBeNaN();
  });
});

describe('packAdmin1Code', () => {
  it('gives different codes different numbers, leading zeros included', () => {
    const codes = ['02', '2', '002', 'ENG', 'ZH', 'Z', 'ZH0', '11205389', '00', 'A1', '1A'];
    const packed = codes.map(pack);
    expect(new Set(packed).size).toBe(codes.length);
    for (const value of packed) expect(value).toBeGreaterThanOrEqual(0);
  });

  it('gives the same code the same number', () => {
    expect(pack('ENG')).toBe(pack('ENG'));
    expect(pack('11205389')).toBe(pack('11205389'));
  });

  it('answers -1 for a code too long to pack', () => {
    expect(pack('ABCDEFGH')).toBe(-1);
  });
});
