import { describe, expect, it } from 'vitest';
import { Pin, PinListResponse } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { JSON_BYTES_FROM, OWN_JSON } from '../../http/json-bytes.js';
import { createSerializerCompiler } from '../../http/serializer.js';
import { pinListAnswer } from './pins.list-json.js';
import { PIN_LIST_FIELDS } from './pins.repository.js';

const pins = (count: number) =>
  Array.from({ length: count }, (_, i) => buildPin({ pinId: `pin-${i}`, title: `Place ${i}` }));
/** The list's items as the database writes them: each pin's JSON, comma-separated. */
const itemsJson = (list: Pin[]) => list.map((pin) => JSON.stringify(pin)).join(',');
const text = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

describe('the pins list answer', () => {
  it('reads every field of the Pin contract, in the schema’s order, and nothing else', () => {
    expect(PIN_LIST_FIELDS.map(([key]) => key)).toEqual(Object.keys(Pin.shape));
  });

  it('wraps the database’s items in the list object, an empty list included', () => {
    const three = pins(3);
    expect(text(pinListAnswer(itemsJson(three))[OWN_JSON]())).toBe(JSON.stringify({ pins: three }));
    expect(text(pinListAnswer('')[OWN_JSON]())).toBe('{"pins":[]}');
  });

  it('hands a long list over as one buffer', () => {
    const many = pins(600);
    const body = pinListAnswer(itemsJson(many))[OWN_JSON]();
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.length).toBeGreaterThan(JSON_BYTES_FROM);
    expect(body.toString('utf8')).toBe(JSON.stringify({ pins: many }));
  });

  it('gives a reader of `pins` the parsed items', () => {
    const two = pins(2);
    expect(pinListAnswer(itemsJson(two)).pins).toEqual(two);
    expect(pinListAnswer('').pins).toEqual([]);
  });

  it('passes the checked serializer, and fails it when the database wrote a field the contract lacks', () => {
    const serialize = createSerializerCompiler({ checkWithZod: true })({
      schema: PinListResponse,
      method: 'GET',
      url: '/api/pins',
    });
    const two = pins(2);
    expect(text(serialize(pinListAnswer(itemsJson(two))))).toBe(JSON.stringify({ pins: two }));
    const extra = two.map((pin) => JSON.stringify({ ...pin, userId: 'someone' })).join(',');
    expect(() => serialize(pinListAnswer(extra))).toThrow(/its own writer wrote/);
  });
});
