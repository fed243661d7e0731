import { describe, expect, it } from 'vitest';
import { Pin, PinListResponse } from '@waymarks/shared';
import { toPin } from '../../common/pin.presenter.js';
import { ContractMismatch, projectionOf } from '../../http/contract-projection.js';
import { JSON_BYTES_FROM, OWN_JSON, jsonBody } from '../../http/json-bytes.js';
import { createSerializerCompiler } from '../../http/serializer.js';
import { pinListAnswer, pinOf } from './pins.list-json.js';
import type { PinListRow, PinListRowJson } from './pins.repository.js';

/** A pins row with the columns a list reads, as the pins table holds it. */
interface StoredPin {
  id: string;
  title: string;
  description: string;
  lat: number;
  lng: number;
  media_count: number;
  country_code: string;
  country_name: string;
  visit_date: string | null;
  verification_status: string;
  verification_score: number;
}

function storedPin(i: number, overrides: Partial<Record<keyof StoredPin, unknown>> = {}): StoredPin {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Place ${i}`,
    description: i % 2 ? `Photos from place ${i}` : '',
    lat: 47.5596 + i / 1000,
    lng: 7.5886 - i / 1000,
    media_count: i % 5,
    country_code: 'CH',
    country_name: 'Switzerland',
    visit_date: i % 3 ? '2023-06-14' : null,
    verification_status: i % 4 ? 'unverified' : 'verified',
    verification_score: i % 4 ? 0 : 80,
    ...overrides,
  } as StoredPin;
}

/** The row as the database writes it for a list: the JSON array of its columns (pins.repository.ts). */
const rowJson = (pin: StoredPin) =>
  JSON.stringify([
    pin.id,
    pin.title,
    pin.description,
    pin.lat,
    pin.lng,
    pin.media_count,
    pin.country_code,
    pin.country_name,
    pin.visit_date,
    pin.verification_status,
    pin.verification_score,
  ]) as PinListRowJson;

/** What the generic path sent for these pins: the presenter, the contract's projection, then jsonBody. */
const projected = (pins: StoredPin[]) =>
  jsonBody(projectionOf(PinListResponse)({ pins: pins.map((pin) => toPin(pin)) }));

const written = (pins: StoredPin[]) => pinListAnswer(pins.map(rowJson))[OWN_JSON]();
const text = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

/** Every control character, JSON's own escapes, the separators JavaScript treats as line ends, and more. */
const HARD_STRINGS = [
  'Say "hello" to the \\harbour\\',
  Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join(''),
  'tab\there, new line\nthere, return\r, form feed\f, backspace\b',
  'delete \u007f, no-break space \u00a0, soft hyphen \u00ad',
  'line separator \u2028 and paragraph separator \u2029',
  'Zürich – “Altstadt” 🏔 🗺️ 👍🏽 👩‍👩‍👧',
  'lone surrogates \ud800 and \udfff, reversed pair \udc00\ud800',
  '</script><script>alert(1)</script>',
  '',
];

/** Doubles that need all 17 digits, tiny and negative ones, negative zero and whole numbers. */
const HARD_NUMBERS = [0.1 + 0.2, 47 + 1 / 3, -(179 + 2 / 3), 1e-7, -0, 5, -90, 180];

describe('the pin list writer', () => {
  it('writes byte for byte what the contract projection wrote, for strings that need escaping', () => {
    const pins = HARD_STRINGS.map((hard, i) =>
      storedPin(i, { title: hard, description: hard, country_name: hard, visit_date: hard }),
    );
    const body = written(pins);
    expect(typeof body).toBe('string');
    expect(body).toBe(projected(pins));
  });

  it('writes numbers as the projection did, 17-digit doubles and negative zero included', () => {
    const pins = HARD_NUMBERS.map((n, i) =>
      storedPin(i, { lat: n, lng: -n, media_count: Math.abs(Math.trunc(n)), verification_score: 0 }),
    );
    expect(written(pins)).toBe(projected(pins));
  });

  it('hands a long list over as one buffer holding exactly what the projection wrote', () => {
    const pins = Array.from({ length: 2000 }, (_, i) =>
      storedPin(i, { title: HARD_STRINGS[i % HARD_STRINGS.length], lat: HARD_NUMBERS[i % 8] }),
    );
    const body = written(pins);
    const expected = projected(pins);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(JSON_BYTES_FROM);
    expect(Buffer.isBuffer(expected) && expected.equals(body as Buffer)).toBe(true);
  });

  it('writes an empty list as the projection did, and one of exactly one piece or a few', () => {
    for (const count of [0, 1, 63, 64, 65, 129]) {
      const pins = Array.from({ length: count }, (_, i) => storedPin(i));
      expect(text(written(pins))).toBe(text(projected(pins)));
    }
  });

  it('builds each pin with the contract’s keys in the schema’s order', () => {
    const row = JSON.parse(rowJson(storedPin(1))) as PinListRow;
    expect(Object.keys(pinOf(row, 0))).toEqual(Object.keys(Pin.shape));
  });

  it('gives a reader of `pins` the pins the presenter builds', () => {
    const pins = HARD_STRINGS.map((hard, i) => storedPin(i, { title: hard }));
    expect(pinListAnswer(pins.map(rowJson)).pins).toEqual(pins.map((pin) => toPin(pin)));
  });

  it('refuses a value of the wrong type with the projection’s own error and path', () => {
    for (const [column, value] of [
      ['lat', '47.5'],
      ['title', null],
      ['media_count', null], // how a database's NaN arrives in JSON
      ['visit_date', 20230614],
      ['verification_status', 'trusted'],
    ] as const) {
      const pins = [storedPin(0), storedPin(1, { [column]: value })];
      const expected = thrownBy(() => projected(pins));
      const actual = thrownBy(() => written(pins));
      expect(expected).toBeInstanceOf(ContractMismatch);
      expect(actual).toBeInstanceOf(ContractMismatch);
      expect((actual as ContractMismatch).message).toBe((expected as ContractMismatch).message);
      expect((actual as ContractMismatch).path).toEqual((expected as ContractMismatch).path);
    }
  });

  it.each([true, false])(
    'is what the serializer sends for the list, and a wrong type fails as a serialisation error (checked with zod: %s)',
    (checkWithZod) => {
      const serialize = createSerializerCompiler({ checkWithZod })({
        schema: PinListResponse,
        method: 'GET',
        url: '/api/pins',
        httpStatus: '200',
      });
      const pins = HARD_STRINGS.map((hard, i) => storedPin(i, { title: hard }));
      expect(serialize(pinListAnswer(pins.map(rowJson)))).toBe(projected(pins));
      const broken = pinListAnswer([rowJson(storedPin(0, { lng: 'east' }))]);
      expect(thrownBy(() => serialize(broken))).toMatchObject({ statusCode: 500, url: '/api/pins' });
    },
  );
});

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}
