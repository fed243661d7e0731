import { describe, expect, it } from 'vitest';
import { googleRecords } from './google-records.js';
import { readJsonImport } from './json-import.js';
import { CheckedSink } from './points.js';
import { chunksOf, recordingSink } from './read-testing.js';

// Shaped like a Records.json: the older records with timestampMs and a source, a newer one with an ISO
// timestamp, activity guesses and a device tag.
const RECORDS = JSON.stringify(
  {
    locations: [
      {
        timestampMs: '1556704800000',
        latitudeE7: 488566140,
        longitudeE7: 23522219,
        accuracy: 18,
        source: 'WIFI',
        deviceTag: 1034567890,
      },
      {
        latitudeE7: 515073510,
        longitudeE7: -1277580,
        accuracy: 9,
        altitude: 35,
        verticalAccuracy: 3,
        activity: [{ activity: [{ type: 'STILL', confidence: 92 }], timestamp: '2019-05-02T08:30:01.200Z' }],
        source: 'GPS',
        deviceTag: 1034567890,
        platformType: 'ANDROID',
        timestamp: '2019-05-02T08:30:00.500Z',
      },
    ],
  },
  null,
  2,
);

describe('googleRecords', () => {
  it('reads a location as a point at its ISO timestamp or its timestampMs', () => {
    const sink = recordingSink();
    expect(
      googleRecords.read(
        0,
        { latitudeE7: 488566140, longitudeE7: 23522219, timestamp: '2019-05-01T10:00:00Z' },
        sink,
      ),
    ).toBe(true);
    expect(
      googleRecords.read(
        0,
        { latitudeE7: 488566140, longitudeE7: 23522219, timestampMs: '1556704800000' },
        sink,
      ),
    ).toBe(true);
    const at = Date.UTC(2019, 4, 1, 10);
    expect(sink.points).toEqual([
      { lat: 48.856614, lng: 2.3522219, at },
      { lat: 48.856614, lng: 2.3522219, at },
    ]);
  });

  it('reads E7 values written as unsigned 32-bit integers as the negative degrees they stand for', () => {
    const sink = recordingSink();
    // Santiago de Chile, -33.4489 and -70.6693, as old exports wrote it.
    googleRecords.read(
      0,
      { latitudeE7: 2 ** 32 - 334489000, longitudeE7: 2 ** 32 - 706693000, timestampMs: '1556704800000' },
      sink,
    );
    // The edges of the range are degrees, not wrapped values.
    googleRecords.read(
      0,
      { latitudeE7: 900000000, longitudeE7: 1800000000, timestampMs: '1556704800000' },
      sink,
    );
    expect(sink.points[0]!.lat).toBeCloseTo(-33.4489, 9);
    expect(sink.points[0]!.lng).toBeCloseTo(-70.6693, 9);
    expect(sink.points[1]).toMatchObject({ lat: 90, lng: 180 });
  });

  it('hands over a location with unusable coordinates or no time, for the checked sink to count', () => {
    const kept = recordingSink();
    const sink = new CheckedSink(kept, () => Date.UTC(2026, 0, 1));
    const read = [
      { latitudeE7: 488566140, longitudeE7: 23522219 },
      { latitudeE7: 488566140, longitudeE7: 23522219, timestamp: 'yesterday' },
      { latitudeE7: null, longitudeE7: 23522219, timestamp: '2019-05-01T10:00:00Z' },
      { latitudeE7: 488566140, timestamp: '2019-05-01T10:00:00Z' },
    ].map((location) => googleRecords.read(0, location, sink));
    expect(read).toEqual([true, true, true, true]);
    expect(sink.skipped).toEqual({ coordinates: 2, time: 2 });
    expect(kept.points).toEqual([]);
  });

  it('answers false, handing nothing over, for an element with neither latitudeE7 nor longitudeE7', () => {
    const sink = recordingSink();
    const others = [
      { timestampMs: '1556704800000', accuracy: 18 },
      { placeVisit: { location: { latitudeE7: 488566140, longitudeE7: 23522219 } } },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [2.35, 48.85] }, properties: {} },
      [488566140, 23522219],
      'latitudeE7',
      null,
    ];
    for (const element of others) expect(googleRecords.read(0, element, sink)).toBe(false);
    expect(sink.points).toEqual([]);
  });

  it('reads a Records.json the same in chunks of any size, byte by byte too', async () => {
    const expected = [
      { lat: 48.856614, lng: 2.3522219, at: Date.UTC(2019, 4, 1, 10) },
      { lat: 51.507351, lng: -0.127758, at: Date.UTC(2019, 4, 2, 8, 30, 0, 500) },
    ];
    for (const size of [1, 2, 7, 100, RECORDS.length]) {
      const sink = recordingSink();
      const { format } = await readJsonImport(chunksOf(RECORDS, size), sink, [googleRecords]);
      expect(format).toBe('google-records');
      expect(sink.points, `chunks of ${size}`).toEqual(expected);
    }
  });
});
