import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { PinListResponse, type Pin } from '@waymarks/shared';
import { z } from 'zod';
import { serializerCompiler } from './serializer.js';

const pin: Pin = {
  pinId: '3f1c2a9e-0b7d-4c55-9a51-7c2f0e4d8b11',
  title: 'Basel',
  description: '',
  lat: 47.5596,
  lng: 7.5886,
  mediaCount: 2,
  countryCode: 'CH',
  countryName: 'Switzerland',
  country: 'Switzerland',
  visitDate: null,
  verificationStatus: 'unverified',
  verificationScore: 0,
  name: 'Basel',
};

const compile = (schema: Parameters<typeof serializerCompiler>[0]['schema']) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

describe('serializerCompiler', () => {
  it('writes what zod’s encode writes, dropping keys the schema does not name', () => {
    const data = { pins: [{ ...pin, user_id: 'someone', password_hash: 'secret' }] };
    const json = compile(PinListResponse)(data);
    expect(json).toBe(JSON.stringify(z.encode(PinListResponse, data)));
    expect(json).not.toContain('secret');
    expect(JSON.parse(json)).toEqual({ pins: [pin] });
  });

  it('refuses a body that breaks the schema with a response serialisation error', () => {
    const serialize = compile(PinListResponse);
    for (const pins of [
      [{ ...pin, lat: 91 }],
      [{ ...pin, countryCode: 'XXX' }],
      [{ ...pin, title: undefined }],
    ]) {
      let thrown: unknown;
      try {
        serialize({ pins });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect(isResponseSerializationError(thrown as never)).toBe(true);
      expect(thrown).toMatchObject({ method: 'GET', url: '/api/test', statusCode: 500 });
    }
  });

  it('encodes a codec the way fastify-type-provider-zod did', () => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    expect(compile(schema)({ at: new Date(Date.UTC(2024, 1, 29, 12)) })).toBe(
      '{"at":"2024-02-29T12:00:00.000Z"}',
    );
  });

  it('takes a schema wrapped in { properties }', () => {
    expect(compile({ properties: z.object({ ok: z.literal(true) }) })({ ok: true, extra: 1 })).toBe(
      '{"ok":true}',
    );
  });
});
