import { describe, expect, it } from 'vitest';
import { JSON_BYTES_FROM, jsonBody } from './json-bytes.js';

const text = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

describe('jsonBody', () => {
  it('writes what JSON.stringify writes, as a string, for a small body', () => {
    for (const value of [
      { ok: true },
      { pins: [], n: 0 },
      [1, 'two', null, { three: [3] }],
      { skipped: undefined, fn: () => 1, kept: 'x', nested: { empty: {} } },
      [undefined, () => 1, Symbol('s')],
      'plain',
      42,
      null,
      new Date(Date.UTC(2024, 1, 29)),
      { at: new Date(Date.UTC(2024, 1, 29)), withToJson: { toJSON: () => 'custom' } },
    ]) {
      const body = jsonBody(value);
      expect(typeof body).toBe('string');
      expect(body).toBe(JSON.stringify(value));
    }
  });

  it('hands a large body over as one buffer holding exactly JSON.stringify’s text', () => {
    const pins = Array.from({ length: 2000 }, (_, i) => ({
      pinId: `p${i}`,
      title: i % 7 === 0 ? 'Zürich – “Altstadt” 🏔' : `Place ${i}`,
      lat: i / 100,
      visitDate: i % 2 ? null : '2024-02-29',
      dropped: undefined,
    }));
    const value = { pins, total: pins.length };
    const body = jsonBody(value);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(JSON_BYTES_FROM);
    expect(text(body)).toBe(JSON.stringify(value));
  });

  it('keeps a class instance whole, as JSON.stringify writes its own fields', () => {
    class Row {
      constructor(readonly id: string) {}
    }
    const value = { rows: Array.from({ length: 3000 }, (_, i) => new Row(`r${i}`)) };
    expect(text(jsonBody(value))).toBe(JSON.stringify(value));
  });
});
