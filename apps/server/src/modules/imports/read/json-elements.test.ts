import { describe, expect, it } from 'vitest';
import { ImportReadError } from './import-read-error.js';
import { JsonElements, type JsonPath } from './json-elements.js';

/** Feeds `text` in chunks of `size` bytes (every size from 1 up finds boundary mistakes) and answers what came out. */
function elementsOf(text: string | Buffer, paths: JsonPath[], size = 1 << 20, maxElementBytes?: number) {
  const found: [number, unknown][] = [];
  const reader = new JsonElements(paths, (index, element) => found.push([index, element]), {
    ...(maxElementBytes ? { maxElementBytes } : {}),
  });
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  for (let at = 0; at < bytes.length; at += size) reader.write(bytes.subarray(at, at + size));
  reader.end();
  return { found, reader };
}

function refusal(run: () => unknown): ImportReadError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportReadError) return error;
    throw error;
  }
  throw new Error('expected the document to be refused');
}

const RECORDS = JSON.stringify(
  {
    note: 'a "locations" string is not the array',
    locations: [
      { latitudeE7: 488566000, longitudeE7: 23522000, timestamp: '2019-05-01T10:00:00Z', tags: ['a]', '{b'] },
      {
        latitudeE7: 515074000,
        longitudeE7: -1278000,
        timestampMs: '1556704800000',
        nested: { locations: [1] },
      },
    ],
    trailer: { locations: [{ not: 'this one' }] },
  },
  null,
  2,
);

describe('JsonElements', () => {
  it('hands over each element of the array at the path, whatever the chunk boundaries', () => {
    const expected = JSON.parse(RECORDS).locations;
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) {
      const { found } = elementsOf(RECORDS, [['locations']], size);
      expect(found, `chunks of ${size}`).toEqual(expected.map((element: unknown) => [0, element]));
    }
  });

  it('reads the root array, and elements that are strings, numbers, true, false and null', () => {
    const text = '[ {"a":1}, "x,]y", -1.5e3, true, false, null , [1,[2]] ]';
    for (const size of [1, 5, 100]) {
      expect(elementsOf(text, [[]], size).found.map(([, value]) => value)).toEqual([
        { a: 1 },
        'x,]y',
        -1500,
        true,
        false,
        null,
        [1, [2]],
      ]);
    }
  });

  it('follows several paths, nested ones too, and says which path each element came from', () => {
    const text = JSON.stringify({
      rawSignals: [{ position: 1 }],
      semanticSegments: [{ visit: 2 }, { visit: 3 }],
      userLocationProfile: { frequentPlaces: [{ place: 4 }] },
    });
    const { found, reader } = elementsOf(
      text,
      [['semanticSegments'], ['rawSignals'], ['userLocationProfile', 'frequentPlaces']],
      3,
    );
    expect(found).toEqual([
      [1, { position: 1 }],
      [0, { visit: 2 }],
      [0, { visit: 3 }],
      [2, { place: 4 }],
    ]);
    expect(reader.rootKind).toBe('object');
    expect(reader.topLevelKeys).toEqual(['rawSignals', 'semanticSegments', 'userLocationProfile']);
  });

  it('reads keys with escaped quotes and a byte-order mark before the document', () => {
    const text = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"we\\"ird":1,"locations":[{"k\\"":"v\\\\"}]}'),
    ]);
    for (const size of [1, 2, 4, 100]) {
      expect(elementsOf(text, [['locations']], size).found).toEqual([[0, { 'k"': 'v\\' }]]);
    }
  });

  it('keeps none of what lies outside the paths, however long', () => {
    const long = 'x'.repeat(300_000);
    const text = `{"${long}":"${long}","locations":[{"a":"${'é'.repeat(1000)}"}]}`;
    expect(elementsOf(text, [['locations']], 4096).found).toEqual([[0, { a: 'é'.repeat(1000) }]]);
  });

  it('refuses a document cut off in the middle, in an element or between them', () => {
    for (const cut of [RECORDS.length - 1, RECORDS.indexOf('515074000'), RECORDS.indexOf('"trailer"')]) {
      const error = refusal(() => elementsOf(RECORDS.slice(0, cut), [['locations']]));
      expect(error.code).toBe('truncated');
      expect(error.message).toMatch(/stops before its end/);
    }
  });

  it('refuses what is not JSON: text, an empty file, a broken record, more after the end', () => {
    expect(refusal(() => elementsOf('hello', [['locations']])).code).toBe('not-json');
    expect(refusal(() => elementsOf('   ', [['locations']])).code).toBe('not-json');
    expect(refusal(() => elementsOf('{"locations":[{"a":tru}]}', [['locations']])).code).toBe('not-json');
    expect(refusal(() => elementsOf('{"locations":[]} {}', [['locations']])).code).toBe('not-json');
    expect(refusal(() => elementsOf('{"locations":[]}}', [['locations']])).code).toBe('not-json');
  });

  it('refuses an element over the size limit before holding more of it', () => {
    const text = `{"locations":[{"a":"${'x'.repeat(5000)}"}]}`;
    const error = refusal(() => elementsOf(text, [['locations']], 100, 1000));
    expect(error.code).toBe('record-too-large');
  });

  it('counts the bytes it has read', () => {
    expect(elementsOf(RECORDS, [['locations']], 10).reader.bytesRead).toBe(Buffer.byteLength(RECORDS));
  });
});
