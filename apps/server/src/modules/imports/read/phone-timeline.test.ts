import { describe, expect, it } from 'vitest';
import { readJsonImport } from './json-import.js';
import { androidTimeline, iphoneTimeline, phoneCoordinate } from './phone-timeline.js';
import type { Stay, TimedPoint } from './points.js';
import { chunksOf, recordingSink } from './read-testing.js';

/** 9 March 2024 in Paris (UTC+1), as UTC milliseconds. */
const paris = (hour: number, minute: number) => Date.UTC(2024, 2, 9, hour - 1, minute);

// A morning in Paris as an Android phone exports it: a path, a visit to the Eiffel Tower, a drive to the
// Louvre, a trip memory, the raw signals and the places the phone learnt.
const PATH_SEGMENT = {
  startTime: '2024-03-09T08:00:00.000+01:00',
  endTime: '2024-03-09T10:00:00.000+01:00',
  timelinePath: [
    { point: '48.8566140°, 2.3522219°', time: '2024-03-09T08:04:00.000+01:00' },
    { point: '48.8584000°, 2.2945000°', time: '2024-03-09T08:31:00.000+01:00' },
  ],
};
const VISIT_SEGMENT = {
  startTime: '2024-03-09T10:00:00.000+01:00',
  endTime: '2024-03-09T11:30:00.000+01:00',
  startTimeTimezoneUtcOffsetMinutes: 60,
  endTimeTimezoneUtcOffsetMinutes: 60,
  visit: {
    hierarchyLevel: 0,
    probability: 0.87,
    topCandidate: {
      placeId: 'ChIJLU7jZClu5kcR4PcOOO6p3I0',
      semanticType: 'UNKNOWN',
      probability: 0.62,
      placeLocation: { latLng: '48.8583701°, 2.2944813°' },
    },
  },
};
const DRIVE_SEGMENT = {
  startTime: '2024-03-09T11:30:00.000+01:00',
  endTime: '2024-03-09T11:52:00.000+01:00',
  activity: {
    start: { latLng: '48.8583701°, 2.2944813°' },
    end: { latLng: '48.8606111°, 2.3376440°' },
    distanceMeters: 3412.5,
    probability: 0.95,
    topCandidate: { type: 'IN_PASSENGER_VEHICLE', probability: 0.81 },
  },
};
const ANDROID = {
  semanticSegments: [
    PATH_SEGMENT,
    VISIT_SEGMENT,
    DRIVE_SEGMENT,
    {
      startTime: '2024-03-08T00:00:00.000+01:00',
      endTime: '2024-03-10T00:00:00.000+01:00',
      timelineMemory: {
        trip: { distanceFromOriginKms: 460, destinations: [{ identifier: { placeId: 'ChIJ-x' } }] },
      },
    },
  ],
  rawSignals: [
    {
      position: {
        LatLng: '48.8566140°, 2.3522219°',
        accuracyMeters: 13,
        altitudeMeters: 61.2,
        source: 'WIFI',
        timestamp: '2024-03-09T08:00:05.000+01:00',
        speedMetersPerSecond: 0,
      },
    },
    {
      wifiScan: {
        deliveryTime: '2024-03-09T08:00:06.000+01:00',
        devicesRecords: [{ mac: 1234, rawRssi: -61 }],
      },
    },
    {
      activityRecord: {
        probableActivities: [{ type: 'STILL', confidence: 0.98 }],
        timestamp: '2024-03-09T08:00:07.000+01:00',
      },
    },
  ],
  userLocationProfile: {
    frequentPlaces: [
      { placeId: 'ChIJ-home', placeLocation: '48.8420000°, 2.3200000°', label: 'HOME' },
      { placeId: 'ChIJ-work', placeLocation: '48.8917000°, 2.2380000°', label: 'WORK' },
    ],
    persona: { travelModeAffinities: [{ mode: 'WALKING', affinity: 0.6 }] },
  },
};

const ANDROID_POINTS: TimedPoint[] = [
  { lat: 48.856614, lng: 2.3522219, at: paris(8, 4) },
  { lat: 48.8584, lng: 2.2945, at: paris(8, 31) },
  { lat: 48.8583701, lng: 2.2944813, at: paris(11, 30) },
  { lat: 48.8606111, lng: 2.337644, at: paris(11, 52) },
  { lat: 48.856614, lng: 2.3522219, at: paris(8, 0) + 5000 },
];
const ANDROID_STAYS: Stay[] = [
  { lat: 48.8583701, lng: 2.2944813, start: paris(10, 0), end: paris(11, 30), source: 'visit' },
  { lat: 48.842, lng: 2.32, start: null, end: null, source: 'frequent-place' },
  { lat: 48.8917, lng: 2.238, start: null, end: null, source: 'frequent-place' },
];

// The same morning as an iPhone exports it: one root array, "geo:" coordinates, strings for numbers, and
// path points timed in minutes from their segment's start.
const IPHONE = [
  {
    endTime: '2024-03-09T10:00:00.000+01:00',
    startTime: '2024-03-09T08:00:00.000+01:00',
    timelinePath: [
      { point: 'geo:48.856614,2.352222', durationMinutesOffsetFromStartTime: '4' },
      { point: 'geo:48.858400,2.294500', durationMinutesOffsetFromStartTime: '31' },
    ],
  },
  {
    endTime: '2024-03-09T11:30:00.000+01:00',
    startTime: '2024-03-09T10:00:00.000+01:00',
    visit: {
      hierarchyLevel: '0',
      topCandidate: {
        probability: '0.620000',
        semanticType: 'Unknown',
        placeID: 'ChIJLU7jZClu5kcR4PcOOO6p3I0',
        placeLocation: 'geo:48.858370,2.294481',
      },
      probability: '0.870000',
      isTimelessVisit: 'false',
    },
  },
  {
    endTime: '2024-03-09T11:52:00.000+01:00',
    startTime: '2024-03-09T11:30:00.000+01:00',
    activity: {
      probability: '0.950000',
      end: 'geo:48.860611,2.337644',
      topCandidate: { type: 'in passenger vehicle', probability: '0.810000' },
      distanceMeters: '3412.500000',
      start: 'geo:48.858370,2.294481',
    },
  },
];

describe('phoneCoordinate', () => {
  it('reads "°" and "geo:" coordinates, negative ones, with or without spaces and degree signs', () => {
    const read = {
      '48.8566140°, 2.3522219°': [48.856614, 2.3522219],
      '-33.8688197°, -70.6692655°': [-33.8688197, -70.6692655],
      '48.8566,2.3522': [48.8566, 2.3522],
      ' 48.8566 ° ,  -2.3522 ': [48.8566, -2.3522],
      '+48.8566°,+2.3522°': [48.8566, 2.3522],
      'geo:-33.868820,151.209296': [-33.86882, 151.209296],
      'GEO:48.85, 2.35': [48.85, 2.35],
      'geo:48.85,2.35,35': [48.85, 2.35],
      'geo:48.85,2.35;u=20': [48.85, 2.35],
    };
    for (const [text, [lat, lng]] of Object.entries(read))
      expect(phoneCoordinate(text), text).toEqual({ lat, lng });
    expect(phoneCoordinate({ latLng: '48.8583701°, 2.2944813°' })).toEqual({
      lat: 48.8583701,
      lng: 2.2944813,
    });
  });

  it('answers NaN for what is not a coordinate, so that the sink counts the item as skipped', () => {
    for (const value of [
      '',
      'geo:',
      '48.85°',
      'Paris',
      '48.85°, 2.35°, north',
      'geo:48,85,2,35',
      48.85,
      null,
      {},
    ]) {
      expect(phoneCoordinate(value), JSON.stringify(value)).toEqual({ lat: NaN, lng: NaN });
    }
  });
});

describe('androidTimeline', () => {
  it('reads a visit as a stay from its segment’s start to its end', () => {
    const sink = recordingSink();
    expect(androidTimeline.read(0, VISIT_SEGMENT, sink)).toBe(true);
    expect(sink.stays).toEqual([ANDROID_STAYS[0]]);
    expect(sink.points).toEqual([]);
  });

  it('reads a journey as its two ends at the segment’s times, and a path as its points at their own', () => {
    const sink = recordingSink();
    androidTimeline.read(0, PATH_SEGMENT, sink);
    androidTimeline.read(0, DRIVE_SEGMENT, sink);
    expect(sink.points).toEqual(ANDROID_POINTS.slice(0, 4));
  });

  it('reads a segment without its optional parts as what it has', () => {
    const sink = recordingSink();
    const { semanticType: _, ...untyped } = VISIT_SEGMENT.visit.topCandidate;
    const reads = [
      { ...VISIT_SEGMENT, visit: { topCandidate: untyped } },
      { ...DRIVE_SEGMENT, activity: { start: DRIVE_SEGMENT.activity.start } },
      { ...PATH_SEGMENT, timelinePath: [] },
      { startTime: PATH_SEGMENT.startTime, endTime: PATH_SEGMENT.endTime, timelineMemory: {} },
    ].map((segment) => androidTimeline.read(0, segment, sink));
    expect(reads).toEqual([true, true, true, true]);
    expect(sink.stays).toEqual([ANDROID_STAYS[0]]);
    expect(sink.points).toEqual([ANDROID_POINTS[2]]);
  });

  it('hands over a visit it cannot place or a path point it cannot time, for the sink to count', () => {
    const sink = recordingSink();
    androidTimeline.read(0, { ...VISIT_SEGMENT, visit: { topCandidate: { placeLocation: {} } } }, sink);
    androidTimeline.read(0, { ...PATH_SEGMENT, timelinePath: [{ point: '48.8566140°, 2.3522219°' }] }, sink);
    expect(sink.stays[0]).toMatchObject({ lat: NaN, lng: NaN });
    expect(sink.points[0]!.at).toBeNaN();
  });

  it('reads a position signal as a point, and takes Wi-Fi scans and activity records with nothing to hand over', () => {
    const sink = recordingSink();
    expect(ANDROID.rawSignals.map((signal) => androidTimeline.read(1, signal, sink))).toEqual([
      true,
      true,
      true,
    ]);
    expect(sink.points).toEqual([ANDROID_POINTS[4]]);
  });

  it('reads each frequent place as a stay without times', () => {
    const sink = recordingSink();
    for (const place of ANDROID.userLocationProfile.frequentPlaces) androidTimeline.read(2, place, sink);
    expect(sink.stays).toEqual(ANDROID_STAYS.slice(1));
  });

  it('answers false, handing nothing over, for elements that are not the phone’s', () => {
    const sink = recordingSink();
    const records = { latitudeE7: 488566140, longitudeE7: 23522219, timestampMs: '1556704800000' };
    expect(androidTimeline.read(0, records, sink)).toBe(false);
    expect(
      androidTimeline.read(0, { startTime: '2024-03-09T08:00:00Z', endTime: '2024-03-09T09:00:00Z' }, sink),
    ).toBe(false);
    expect(androidTimeline.read(1, { bleScan: {} }, sink)).toBe(false);
    expect(androidTimeline.read(1, 'position', sink)).toBe(false);
    expect(androidTimeline.read(2, { placeId: 'ChIJ-home', label: 'HOME' }, sink)).toBe(false);
    expect(sink).toMatchObject({ points: [], stays: [] });
  });

  it('reads a Timeline.json the same in chunks of any size, byte by byte too', async () => {
    const text = JSON.stringify(ANDROID, null, 2);
    for (const size of [1, 2, 5, 100, text.length]) {
      const sink = recordingSink();
      const { format } = await readJsonImport(chunksOf(text, size), sink, [androidTimeline]);
      expect(format).toBe('android-timeline');
      // The document's order: its segments, then its raw signals, then its frequent places.
      expect(sink.points, `chunks of ${size}`).toEqual(ANDROID_POINTS);
      expect(sink.stays, `chunks of ${size}`).toEqual(ANDROID_STAYS);
    }
  });
});

describe('iphoneTimeline', () => {
  const IPHONE_POINTS: TimedPoint[] = [
    { lat: 48.856614, lng: 2.352222, at: paris(8, 4) },
    { lat: 48.8584, lng: 2.2945, at: paris(8, 31) },
    { lat: 48.85837, lng: 2.294481, at: paris(11, 30) },
    { lat: 48.860611, lng: 2.337644, at: paris(11, 52) },
  ];
  const IPHONE_VISIT: Stay = {
    lat: 48.85837,
    lng: 2.294481,
    start: paris(10, 0),
    end: paris(11, 30),
    source: 'visit',
  };

  it('reads a visit, a journey’s two ends, and path points timed by their minutes from the segment’s start', () => {
    const sink = recordingSink();
    expect(IPHONE.map((segment) => iphoneTimeline.read(0, segment, sink))).toEqual([true, true, true]);
    expect(sink.points).toEqual(IPHONE_POINTS);
    expect(sink.stays).toEqual([IPHONE_VISIT]);
  });

  it('reads a path point’s offset as a number too, and hands over one without an offset for the sink to count', () => {
    const sink = recordingSink();
    const [pathSegment] = IPHONE;
    iphoneTimeline.read(
      0,
      {
        ...pathSegment,
        timelinePath: [
          { point: 'geo:48.856614,2.352222', durationMinutesOffsetFromStartTime: 90 },
          { point: 'geo:48.856614,2.352222' },
        ],
      },
      sink,
    );
    expect(sink.points[0]!.at).toBe(paris(9, 30));
    expect(sink.points[1]!.at).toBeNaN();
  });

  it('answers false, handing nothing over, for root array elements that are not segments', () => {
    const sink = recordingSink();
    const feature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
      properties: {},
    };
    for (const element of [feature, { startTime: '2024-03-09T08:00:00Z' }, 'geo:48.85,2.35', 4, null, []]) {
      expect(iphoneTimeline.read(0, element, sink), JSON.stringify(element)).toBe(false);
    }
    expect(sink).toMatchObject({ points: [], stays: [] });
  });

  it('reads an iPhone export the same in chunks of any size, byte by byte too', async () => {
    const text = JSON.stringify(IPHONE);
    for (const size of [1, 3, 50, text.length]) {
      const sink = recordingSink();
      const { format } = await readJsonImport(chunksOf(text, size), sink, [iphoneTimeline]);
      expect(format).toBe('iphone-timeline');
      expect(sink.points, `chunks of ${size}`).toEqual(IPHONE_POINTS);
      expect(sink.stays, `chunks of ${size}`).toEqual([IPHONE_VISIT]);
    }
  });
});
