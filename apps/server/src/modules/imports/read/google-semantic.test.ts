import { describe, expect, it } from 'vitest';
import { googleSemantic } from './google-semantic.js';
import { readJsonImport } from './json-import.js';
import { chunksOf, recordingSink } from './read-testing.js';

/** A visit to the Louvre as a 2022 export writes it: ISO times, the place's name and address. */
const LOUVRE_VISIT = {
  placeVisit: {
    location: {
      latitudeE7: 488606111,
      longitudeE7: 23376440,
      placeId: 'ChIJD3uTd9hx5kcR1IQvGfr8dbk',
      address: 'Rue de Rivoli, 75001 Paris, France',
      name: 'Musée du Louvre',
      sourceInfo: { deviceTag: 1034567890 },
      locationConfidence: 92.4,
      calibratedProbability: 80.1,
    },
    duration: { startTimestamp: '2022-05-01T09:12:30.125Z', endTimestamp: '2022-05-01T12:40:02Z' },
    placeConfidence: 'HIGH_CONFIDENCE',
    centerLatE7: 488605000,
    centerLngE7: 23375000,
    visitConfidence: 95,
    otherCandidateLocations: [{ latitudeE7: 488610000, longitudeE7: 23390000, placeId: 'ChIJ-other' }],
    editConfirmationStatus: 'NOT_CONFIRMED',
  },
};

/** A walk from the Louvre to the Tuileries, with a raw path and waypoints as an export writes them. */
const WALK = {
  activitySegment: {
    startLocation: { latitudeE7: 488606111, longitudeE7: 23376440, sourceInfo: { deviceTag: 1034567890 } },
    endLocation: { latitudeE7: 488634000, longitudeE7: 23275000, sourceInfo: { deviceTag: 1034567890 } },
    duration: { startTimestamp: '2022-05-01T12:40:02Z', endTimestamp: '2022-05-01T12:58:00Z' },
    distance: 820,
    activityType: 'WALKING',
    confidence: 'HIGH',
    activities: [{ activityType: 'WALKING', probability: 91.2 }],
    waypointPath: {
      waypoints: [
        { latE7: 488610000, lngE7: 23350000 },
        { latE7: 488625000, lngE7: 23300000 },
      ],
      source: 'INFERRED',
      distanceMeters: 790.5,
      travelMode: 'WALK',
    },
    simplifiedRawPath: {
      points: [
        { latE7: 488615000, lngE7: 23340000, accuracyMeters: 10, timestamp: '2022-05-01T12:45:00Z' },
        { latE7: 488628000, lngE7: 23295000, accuracyMeters: 12, timestampMs: '1651409400000' },
      ],
    },
  },
};

describe('googleSemantic', () => {
  it('reads a place visit as a stay with the place’s name, from its start to its end', () => {
    const sink = recordingSink();
    expect(googleSemantic.read(0, LOUVRE_VISIT, sink)).toBe(true);
    expect(sink.stays).toEqual([
      {
        lat: 48.8606111,
        lng: 2.337644,
        start: Date.UTC(2022, 4, 1, 9, 12, 30, 125),
        end: Date.UTC(2022, 4, 1, 12, 40, 2),
        source: 'visit',
        name: 'Musée du Louvre',
      },
    ]);
    expect(sink.points).toEqual([]);
  });

  it('reads a visit’s times as milliseconds or seconds, in strings or numbers', () => {
    const start = Date.UTC(2019, 4, 1, 10);
    const end = Date.UTC(2019, 4, 1, 11);
    const durations = [
      { startTimestampMs: String(start), endTimestampMs: String(end) },
      { startTimestampMs: start, endTimestampMs: end },
      { startTimestamp: start / 1000, endTimestamp: String(end / 1000) },
      { startTimestamp: '2019-05-01T12:00:00+02:00', endTimestamp: '2019-05-01T11:00:00.000Z' },
    ];
    for (const duration of durations) {
      const sink = recordingSink();
      googleSemantic.read(0, { placeVisit: { ...LOUVRE_VISIT.placeVisit, duration } }, sink);
      expect(sink.stays[0], JSON.stringify(duration)).toMatchObject({ start, end });
    }
  });

  it('places a visit at the centre of its fixes when its location has no coordinates, and keeps no empty name', () => {
    const sink = recordingSink();
    googleSemantic.read(
      0,
      {
        placeVisit: {
          location: { placeId: 'ChIJ-unnamed', name: ' ' },
          duration: { startTimestampMs: '1556704800000', endTimestampMs: '1556708400000' },
          centerLatE7: 2 ** 32 - 334489000,
          centerLngE7: 2 ** 32 - 706693000,
        },
      },
      sink,
    );
    const [stay] = sink.stays;
    expect(stay).not.toHaveProperty('name');
    expect(stay!.lat).toBeCloseTo(-33.4489, 9);
    expect(stay!.lng).toBeCloseTo(-70.6693, 9);
  });

  it('keeps a visit without times as a stay without times', () => {
    const sink = recordingSink();
    const { duration: _, ...timeless } = LOUVRE_VISIT.placeVisit;
    googleSemantic.read(0, { placeVisit: timeless }, sink);
    expect(sink.stays[0]).toMatchObject({ start: null, end: null, source: 'visit' });
  });

  it('reads a journey as its two ends and the timed points of its raw path, never its untimed waypoints', () => {
    const sink = recordingSink();
    expect(googleSemantic.read(0, WALK, sink)).toBe(true);
    expect(sink.points).toEqual([
      { lat: 48.8606111, lng: 2.337644, at: Date.UTC(2022, 4, 1, 12, 40, 2) },
      { lat: 48.8634, lng: 2.3275, at: Date.UTC(2022, 4, 1, 12, 58) },
      { lat: 48.8615, lng: 2.334, at: Date.UTC(2022, 4, 1, 12, 45) },
      { lat: 48.8628, lng: 2.3295, at: Date.UTC(2022, 4, 1, 12, 50) },
    ]);
    expect(sink.stays).toEqual([]);
  });

  it('reads a journey without a raw path, an end location or a waypoint path as what it has', () => {
    const sink = recordingSink();
    const {
      simplifiedRawPath: _path,
      waypointPath: _waypoints,
      endLocation: _end,
      ...bare
    } = WALK.activitySegment;
    googleSemantic.read(
      0,
      { activitySegment: { ...bare, duration: { startTimestampMs: '1651409002000' } } },
      sink,
    );
    expect(sink.points).toEqual([{ lat: 48.8606111, lng: 2.337644, at: Date.UTC(2022, 4, 1, 12, 43, 22) }]);
  });

  it('answers false, handing nothing over, for an element that is neither a visit nor a journey', () => {
    const sink = recordingSink();
    const others = [
      { latitudeE7: 488566140, longitudeE7: 23522219, timestampMs: '1556704800000' },
      { startTime: '2024-01-01T10:00:00Z', visit: { topCandidate: { placeLocation: 'geo:48.85,2.35' } } },
      { placeVisit: 'Louvre' },
      {},
      null,
    ];
    for (const element of others) expect(googleSemantic.read(0, element, sink)).toBe(false);
    expect(sink).toMatchObject({ points: [], stays: [] });
  });

  it('reads a monthly file the same in chunks of any size, byte by byte too', async () => {
    const text = JSON.stringify({ timelineObjects: [LOUVRE_VISIT, WALK] }, null, 2);
    const whole = recordingSink();
    await readJsonImport(chunksOf(text, text.length), whole, [googleSemantic]);
    expect(whole.stays).toHaveLength(1);
    expect(whole.points).toHaveLength(4);
    for (const size of [1, 3, 64]) {
      const sink = recordingSink();
      const { format } = await readJsonImport(chunksOf(text, size), sink, [googleSemantic]);
      expect(format).toBe('google-semantic');
      expect(sink, `chunks of ${size}`).toMatchObject({ points: whole.points, stays: whole.stays });
    }
  });
});
