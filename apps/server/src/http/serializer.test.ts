import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { PinListResponse, type Pin } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { z } from 'zod';
import { OWN_JSON } from './json-bytes.js';
import { CHECK_RESPONSES_WITH_ZOD, createSerializerCompiler } from './serializer.js';

const pin: Pin = buildPin({ mediaCount: 2 });

type Schema = Parameters<ReturnType<typeof createSerializerCompiler>>[0]['schema'];

const compilers = {
  'checked with zod': createSerializerCompiler({ checkWithZod: true }),
  'projected only': createSerializerCompiler({ checkWithZod: false }),
};
const compile = (schema: Schema, checkWithZod = true) =>
  compilers[checkWithZod ? 'checked with zod' : 'projected only']({
    schema,
    method: 'GET',
    url: '/api/test',
    httpStatus: '200',
  });

function thrownBy(serialize: () => unknown): unknown {
  try {
    serialize();
  } catch (error) {
    return error;
  }
  throw new Error('the body was written');
}

function expectSerializationError(thrown: unknown) {
  expect(thrown).toBeInstanceOf(Error);
  expect(isResponseSerializationError(thrown as never)).toBe(true);
  expect(thrown).toMatchObject({ method: 'GET', url: '/api/test', statusCode: 500 });
}

describe.each([true, false])('serializer, checked with zod: %s', (checkWithZod) => {
  it('writes what zod’s encode writes, dropping keys the schema does not name', () => {
    const data = { pins: [{ ...pin, user_id: 'someone', password_hash: 'secret' }] };
    const json = compile(PinListResponse, checkWithZod)(data);
    expect(json).toBe(JSON.stringify(z.encode(PinListResponse, data)));
    expect(json).not.toContain('secret');
    expect(JSON.parse(json)).toEqual({ pins: [pin] });
  });

  it('refuses a body of the wrong shape with a response serialisation error', () => {
    const serialize = compile(PinListResponse, checkWithZod);
    for (const pins of [
      [{ ...pin, title: undefined }],
      [{ ...pin, lat: '47' }],
      [{ ...pin, title: { a: 1 } }],
    ]) {
      expectSerializationError(thrownBy(() => serialize({ pins })));
    }
  });
});

describe('serializer', () => {
  it('checks with zod in test runs, so a broken contract fails the tests', () => {
    expect(CHECK_RESPONSES_WITH_ZOD).toBe(true);
  });

  it('refuses a value that breaks a refinement when checking with zod, and only cuts it otherwise', () => {
    for (const pins of [[{ ...pin, lat: 91 }], [{ ...pin, countryCode: 'XXX' }]]) {
      expectSerializationError(thrownBy(() => compile(PinListResponse)({ pins })));
      expect(JSON.parse(compile(PinListResponse, false)({ pins }))).toEqual({ pins });
    }
  });

  it.each([true, false])('encodes a codec the way fastify-type-provider-zod did (checked: %s)', (checked) => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    expect(compile(schema, checked)({ at: new Date(Date.UTC(2024, 1, 29, 12)) })).toBe(
      '{"at":"2024-02-29T12:00:00.000Z"}',
    );
  });

  it('sends what a body’s own writer writes, and in checked runs holds its values and keys to zod’s', () => {
    const listOf = (json: string) => ({ pins: [pin], [OWN_JSON]: () => json });
    const exact = JSON.stringify({ pins: [pin] });
    expect(compile(PinListResponse, false)(listOf(exact))).toBe(exact);
    expect(compile(PinListResponse)(listOf(exact))).toBe(exact);
    // The same numbers written with other digits, as SQLite writes them: the same JSON value, accepted.
    const digits = exact.replace(`"lat":${pin.lat}`, `"lat":${pin.lat}0e0`);
    expect(digits).not.toBe(exact);
    expect(compile(PinListResponse)(listOf(digits))).toBe(digits);
    // Written with the keys in another order, a value changed, or not JSON at all: sent as it is when not
    // checked, refused when checked.
    const { name, ...rest } = pin;
    const reordered = JSON.stringify({ pins: [{ name, ...rest }] });
    const changed = JSON.stringify({ pins: [{ ...pin, mediaCount: pin.mediaCount + 1 }] });
    for (const body of [reordered, changed, exact.slice(0, -1)]) {
      expect(compile(PinListResponse, false)(listOf(body))).toBe(body);
      expect(thrownBy(() => compile(PinListResponse)(listOf(body)))).toMatchObject({
        message: expect.stringContaining('its own writer wrote'),
      });
    }
  });

  it('takes a schema wrapped in { properties }', () => {
    expect(compile({ properties: z.object({ ok: z.literal(true) }) })({ ok: true, extra: 1 })).toBe(
      '{"ok":true}',
    );
  });
});
