import { describe, expect, it } from 'vitest';
import {
  CompleteUploadResponse,
  PinListResponse,
  type CompleteUploadResponse as Complete,
} from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { z } from 'zod';
import { ContractMismatch, projectionOf } from './contract-projection.js';

/** What the projection writes, held to what zod's parse writes for the same body. */
function written(schema: z.core.$ZodType, data: unknown): string {
  const json = JSON.stringify(projectionOf(schema)(data));
  expect(json).toBe(JSON.stringify(z.parse(schema, data)));
  return json;
}

function mismatchOf(schema: z.core.$ZodType, data: unknown): ContractMismatch {
  try {
    projectionOf(schema)(data);
  } catch (error) {
    if (error instanceof ContractMismatch) return error;
    throw error;
  }
  throw new Error('the projection accepted the body');
}

const pin = buildPin({ pinId: 'p1', mediaCount: 2 });

const completed: Complete = {
  mediaId: 'm1',
  verification: { status: 'verified', score: 80, hasLocationVerification: true },
  media: {
    mediaId: 'm1',
    pinId: 'p1',
    userId: 'u1',
    r2Key: 'u1/p1/m1',
    contentType: 'image/jpeg',
    filename: 'IMG_0001.jpg',
    sizeMB: 1.5,
    sizeBytes: 1_572_864,
    uploadedAt: '2024-05-01T10:00:00.000Z',
    status: 'ready',
    isVideo: false,
    isImage: true,
    width: 4000,
    height: 3000,
    exifData: {
      dateTaken: '2024-04-30T18:12:00',
      dateSource: null,
      location: { lat: 47.56, lng: 7.59, accuracy: null },
      camera: 'Apple iPhone 15',
      cameraMake: 'Apple',
      cameraModel: 'iPhone 15',
    },
    verification: { status: 'verified', score: 80, hasLocationVerification: true },
    thumbnailUrl: '/t',
    previewUrl: '/p',
    streamUrl: null,
    refusal: null,
    caption: null,
  },
  pin: pin as Complete['pin'],
};

describe('projectionOf strips what the contract does not name', () => {
  it('drops unknown keys at every depth of nested objects', () => {
    const leaky = {
      ...completed,
      internal: 'x',
      media: {
        ...completed.media,
        storageSecret: 's3-key',
        exifData: {
          ...completed.media.exifData,
          gps: 'raw',
          location: { lat: 47.56, lng: 7.59, accuracy: 5, alt: 300 },
        },
      },
      pin: { ...pin, user_id: 'someone' },
    };
    const json = written(CompleteUploadResponse, leaky);
    expect(JSON.parse(json)).toEqual({
      ...completed,
      media: {
        ...completed.media,
        exifData: { ...completed.media.exifData, location: { lat: 47.56, lng: 7.59, accuracy: 5 } },
      },
    });
    for (const secret of ['internal', 'storageSecret', 'gps', 'alt', 'user_id'])
      expect(json).not.toContain(secret);
  });

  it('drops unknown keys from every element of an array, keeping the clean ones as they are', () => {
    const clean = { ...pin, pinId: 'p2' };
    const body = { pins: [clean, { ...pin, password_hash: 'secret' }, clean] };
    const json = written(PinListResponse, body);
    expect(json).not.toContain('secret');
    expect(JSON.parse(json)).toEqual({ pins: [clean, pin, clean] });
  });

  it('returns a body that holds only the contract, in its order, without copying it', () => {
    const body = { pins: [{ ...pin }, { ...pin, pinId: 'p2' }] };
    expect(projectionOf(PinListResponse)(body)).toBe(body);
  });

  it('writes the contract’s key order when the body has another', () => {
    const reordered = Object.fromEntries(Object.entries(pin).reverse());
    expect(written(PinListResponse, { pins: [reordered] })).toBe(JSON.stringify({ pins: [pin] }));
  });

  it('reads fields through a prototype as zod does, writing them as own keys', () => {
    class Row {
      get pinId() {
        return 'from-getter';
      }
    }
    const { pinId: _omitted, ...fields } = pin;
    const row = Object.assign(new Row(), fields);
    expect(JSON.parse(written(PinListResponse, { pins: [row] })).pins[0].pinId).toBe('from-getter');
  });

  it('leaves out an optional field that is missing or undefined and keeps one that is set', () => {
    const schema = z.object({ a: z.string().optional(), b: z.number().optional() });
    expect(written(schema, { a: undefined, extra: 1 })).toBe('{}');
    expect(written(schema, { b: 2, a: 'x' })).toBe('{"a":"x","b":2}');
  });

  it('writes null for a nullable field and strips the object it holds otherwise', () => {
    const schema = z.object({ location: z.object({ lat: z.number() }).nullable() });
    expect(written(schema, { location: null })).toBe('{"location":null}');
    expect(written(schema, { location: { lat: 1, secret: 2 } })).toBe('{"location":{"lat":1}}');
  });

  it('fills a default for a missing field, as zod does', () => {
    expect(written(z.object({ tier: z.string().default('free') }), {})).toBe('{"tier":"free"}');
  });

  it('strips each option of a discriminated union by its own keys', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('photo'), width: z.number() }),
      z.object({ kind: z.literal('video'), seconds: z.number() }),
    ]);
    expect(
      written(z.array(schema), [
        { kind: 'photo', width: 10, seconds: 3 },
        { kind: 'video', seconds: 3, width: 10, secret: 1 },
      ]),
    ).toBe('[{"kind":"photo","width":10},{"kind":"video","seconds":3}]');
    expect(mismatchOf(schema, { kind: 'audio' }).expected).toContain('"photo" | "video"');
  });

  it('strips a plain union by the first option whose shape fits', () => {
    const schema = z.union([z.object({ ok: z.literal(true) }), z.object({ error: z.string() })]);
    expect(written(schema, { error: 'no', debug: 'stack' })).toBe('{"error":"no"}');
    expect(written(schema, { ok: true, debug: 'stack' })).toBe('{"ok":true}');
  });

  it('strips a recursive schema at every level', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const NodeSchema: z.ZodType<Node> = z.object({
      name: z.string(),
      children: z.lazy(() => z.array(NodeSchema)),
    });
    expect(written(NodeSchema, { name: 'a', x: 1, children: [{ name: 'b', y: 2, children: [] }] })).toBe(
      '{"name":"a","children":[{"name":"b","children":[]}]}',
    );
  });

  it('strips a schema that refers to itself through a getter in its shape', () => {
    const Category = z.object({
      name: z.string(),
      get subcategories() {
        return z.array(Category);
      },
    });
    expect(
      written(Category, { name: 'a', x: 1, subcategories: [{ name: 'b', subcategories: [], y: 2 }] }),
    ).toBe('{"name":"a","subcategories":[{"name":"b","subcategories":[]}]}');
  });

  it('cuts a strict object like a stripping one', () => {
    expect(JSON.stringify(projectionOf(z.strictObject({ a: z.number() }))({ a: 1, b: 2 }))).toBe('{"a":1}');
  });

  it('lets a loose object keep its other keys, by its own rule', () => {
    expect(written(z.looseObject({ a: z.number() }), { a: 1, b: 2 })).toBe('{"a":1,"b":2}');
  });

  it('keeps a Date for a z.date() field, written as JSON writes dates', () => {
    const at = new Date(Date.UTC(2024, 1, 29, 12));
    expect(written(z.object({ at: z.date() }), { at, extra: 1 })).toBe('{"at":"2024-02-29T12:00:00.000Z"}');
  });

  it('encodes a codec given its decoded value, inside a stripped object', () => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    const body = { at: new Date(Date.UTC(2024, 1, 29, 12)), extra: 1 };
    expect(JSON.stringify(projectionOf(schema)(body))).toBe(JSON.stringify(z.encode(schema, body)));
  });
});

describe('projectionOf refuses a body of the wrong shape', () => {
  it('names the path and the types when a kept value has another type', () => {
    const mismatch = mismatchOf(PinListResponse, { pins: [pin, { ...pin, lat: '47.5' }] });
    expect(mismatch.message).toBe('pins.1.lat: expected number, got string');
  });

  it('refuses a missing required field, an object where text belongs and a value outside an enum', () => {
    expect(mismatchOf(PinListResponse, { pins: [{ ...pin, title: undefined }] }).path).toEqual([
      'pins',
      0,
      'title',
    ]);
    expect(mismatchOf(PinListResponse, { pins: [{ ...pin, title: { secret: 1 } }] }).expected).toBe('string');
    expect(mismatchOf(PinListResponse, { pins: [{ ...pin, verificationStatus: 'hidden' }] }).path).toEqual([
      'pins',
      0,
      'verificationStatus',
    ]);
  });

  it('refuses numbers JSON cannot write', () => {
    for (const lat of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(mismatchOf(PinListResponse, { pins: [{ ...pin, lat }] }).expected).toBe('number');
    }
  });
});
