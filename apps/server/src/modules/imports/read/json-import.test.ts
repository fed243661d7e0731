import { describe, expect, it } from 'vitest';
import { FORMATS_READ, type FormatId, type JsonFormat } from './formats.js';
import { ImportReadError } from './import-read-error.js';
import { JSON_FORMATS, readJsonImport } from './json-import.js';
import { chunksOf, recordingSink } from './read-testing.js';

async function refusal(text: string): Promise<ImportReadError> {
  try {
    await readJsonImport(chunksOf(text), recordingSink());
  } catch (error) {
    if (error instanceof ImportReadError) return error;
    throw error;
  }
  throw new Error('expected the document to be refused');
}

const RECORD = { latitudeE7: 387223000, longitudeE7: -91393000, timestamp: '2023-07-14T12:00:00Z' };
const PLACE_VISIT = {
  placeVisit: {
    location: { latitudeE7: 386916000, longitudeE7: -92159000, name: 'Torre de Belém' },
    duration: { startTimestamp: '2023-07-14T13:00:00Z', endTimestamp: '2023-07-14T14:00:00Z' },
  },
};

/** One small document of each JSON format, as its export starts. */
const SAMPLES: [FormatId, unknown][] = [
  ['google-records', { locations: [RECORD] }],
  ['google-semantic', { timelineObjects: [PLACE_VISIT] }],
  [
    'android-timeline',
    {
      semanticSegments: [
        {
          startTime: '2023-07-14T13:00:00.000+01:00',
          endTime: '2023-07-14T14:00:00.000+01:00',
          visit: { topCandidate: { placeLocation: { latLng: '38.6916°, -9.2159°' } } },
        },
      ],
      rawSignals: [
        { position: { LatLng: '38.7223°, -9.1393°', timestamp: '2023-07-14T13:00:00.000+01:00' } },
      ],
    },
  ],
  [
    'iphone-timeline',
    [
      {
        endTime: '2023-07-14T14:00:00.000+01:00',
        startTime: '2023-07-14T13:00:00.000+01:00',
        visit: { topCandidate: { placeLocation: 'geo:38.691600,-9.215900', semanticType: 'Unknown' } },
      },
    ],
  ],
  [
    'geojson',
    {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-9.1393, 38.7223] },
          properties: { time: '2023-07-14T12:00:00Z' },
        },
      ],
    },
  ],
];

describe('readJsonImport', () => {
  it('reads every format of JSON_FORMATS and answers which it was and how many bytes it read', async () => {
    expect(JSON_FORMATS.map((format) => format.id)).toEqual(SAMPLES.map(([id]) => id));
    for (const [id, document] of SAMPLES) {
      const text = JSON.stringify(document, null, 2);
      const sink = recordingSink();
      expect(await readJsonImport(chunksOf(text, 7), sink)).toEqual({
        format: id,
        bytesRead: Buffer.byteLength(text),
      });
      expect(sink.points.length + sink.stays.length, id).toBeGreaterThan(0);
    }
  });

  it('answers the format that took most elements when a document holds several, handing over all of them', async () => {
    const text = JSON.stringify({ locations: [RECORD], timelineObjects: [PLACE_VISIT, PLACE_VISIT] });
    const sink = recordingSink();
    expect((await readJsonImport(chunksOf(text), sink)).format).toBe('google-semantic');
    expect(sink.points).toHaveLength(1);
    expect(sink.stays).toHaveLength(2);
  });

  it('gives an element on a path two formats share to each in turn, until one takes it', async () => {
    const offered: string[] = [];
    const takes = (id: FormatId, key: string): JsonFormat => ({
      id,
      paths: [['other'], ['locations']],
      read(pathIndex, element) {
        offered.push(`${id} ${pathIndex}`);
        return typeof element === 'object' && element !== null && key in element;
      },
    });
    const text = JSON.stringify({ locations: [{ b: 1 }, { a: 1 }, { b: 2 }] });
    const { format } = await readJsonImport(chunksOf(text), recordingSink(), [
      takes('google-records', 'a'),
      takes('geojson', 'b'),
    ]);
    expect(format).toBe('geojson');
    // Each format is asked under the index its own paths give the array.
    expect(offered).toEqual([
      'google-records 1',
      'geojson 1',
      'google-records 1',
      'google-records 1',
      'geojson 1',
    ]);
  });

  it('refuses an object that holds no location history, naming its keys and what can be read', async () => {
    const error = await refusal(JSON.stringify({ type: 'Topology', objects: {}, arcs: [], transform: {} }));
    expect(error.code).toBe('unknown-format');
    expect(error.message).toBe(
      'The file is JSON but not a location history Waymarks can read: it holds an object with the keys ' +
        `"type", "objects", "arcs", and "transform". ${FORMATS_READ}`,
    );
  });

  it('refuses an object whose arrays hold nothing a format takes, naming its first keys, each cut short', async () => {
    const long = `h${'x'.repeat(60)}`;
    const keys = ['locations', long, 'c', 'd', 'e', 'f', 'g', 'h'];
    const document = Object.fromEntries(keys.map((key) => [key, [{ foo: 1 }]]));
    const error = await refusal(JSON.stringify(document));
    expect(error.code).toBe('unknown-format');
    expect(error.message).toContain(
      `an object with the keys "locations", "${long.slice(0, 40)}…", "c", "d", "e", "f", and 2 more.`,
    );
    expect((await refusal('{"features":[]}')).message).toContain('an object with the key "features".');
  });

  it('refuses an array of something else, an empty array and an empty object, saying which', async () => {
    const found = {
      '[1, {"type": "Feature"}, "geo:38.7,-9.1"]': 'an array of something other than location records',
      '[]': 'an empty array',
      '{}': 'an empty object',
    };
    for (const [text, what] of Object.entries(found)) {
      const error = await refusal(text);
      expect(error.code).toBe('unknown-format');
      expect(error.message, text).toMatch(new RegExp(`it holds ${what}\\. Waymarks reads`));
      expect(error.message.endsWith(FORMATS_READ)).toBe(true);
    }
  });

  it('refuses a document cut off after its first records, though they were taken', async () => {
    const text = JSON.stringify({ locations: [RECORD, RECORD] });
    const error = await refusal(text.slice(0, text.length - 20));
    expect(error.code).toBe('truncated');
  });

  it('tells onProgress the bytes read after each chunk, and only then', async () => {
    const text = JSON.stringify({ locations: [RECORD, RECORD, RECORD] });
    const progress: number[] = [];
    await readJsonImport(chunksOf(text, 50), recordingSink(), JSON_FORMATS, (bytesRead) =>
      progress.push(bytesRead),
    );
    const chunks = Math.ceil(text.length / 50);
    expect(progress).toEqual(
      Array.from({ length: chunks }, (_, index) => Math.min((index + 1) * 50, text.length)),
    );
  });
});
