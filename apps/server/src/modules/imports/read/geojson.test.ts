import { describe, expect, it } from 'vitest';
import { geojson } from './geojson.js';
import { readJsonImport } from './json-import.js';
import type { Stay, TimedPoint } from './points.js';
import { chunksOf, recordingSink } from './read-testing.js';

const feature = (geometry: unknown, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry,
  properties,
});

const NOON = Date.UTC(2023, 6, 14, 12);

// A day in Lisbon as a tracker exports it (timed points), a converted GPX track (a line with coordTimes),
// and places marked on a map (points without times).
const WALK = {
  type: 'LineString',
  coordinates: [
    [-9.1427, 38.7105],
    [-9.1461, 38.7078],
  ],
};
const PARK = feature({
  type: 'Polygon',
  coordinates: [
    [
      [-9.2, 38.7],
      [-9.1, 38.7],
      [-9.1, 38.8],
      [-9.2, 38.7],
    ],
  ],
});
const LISBON = {
  type: 'FeatureCollection',
  features: [
    feature(
      { type: 'Point', coordinates: [-9.1393, 38.7223, 45.5] },
      { timestamp: NOON / 1000, battery: 81 },
    ),
    feature(WALK, { name: 'Morning walk', coordTimes: ['2023-07-14T12:05:00Z', '2023-07-14T12:10:00Z'] }),
    feature(
      { type: 'Point', coordinates: [-9.2159, 38.6916] },
      { name: 'Torre de Belém', 'marker-color': '#c00' },
    ),
    PARK,
  ],
};
const LISBON_POINTS: TimedPoint[] = [
  { lat: 38.7223, lng: -9.1393, at: NOON },
  { lat: 38.7105, lng: -9.1427, at: NOON + 5 * 60_000 },
  { lat: 38.7078, lng: -9.1461, at: NOON + 10 * 60_000 },
];
const LISBON_STAYS: Stay[] = [
  { lat: 38.6916, lng: -9.2159, start: null, end: null, source: 'placemark', name: 'Torre de Belém' },
];

describe('geojson', () => {
  it('reads a Point with a time, datetime, date or timestamp property as a point then', () => {
    const at = Date.UTC(2023, 6, 14);
    const properties = [
      { time: '2023-07-14T00:00:00Z' },
      { datetime: '2023-07-14T02:00:00+02:00' },
      { date: '2023-07-14' },
      { timestamp: at },
      { timestamp: String(at / 1000) },
    ];
    for (const timed of properties) {
      const sink = recordingSink();
      expect(geojson.read(0, feature({ type: 'Point', coordinates: [-9.1393, 38.7223] }, timed), sink)).toBe(
        true,
      );
      expect(sink.points, JSON.stringify(timed)).toEqual([{ lat: 38.7223, lng: -9.1393, at }]);
    }
  });

  it('reads a Point without a time as a placemark named by its name or title, or not named', () => {
    const sink = recordingSink();
    const point = { type: 'Point', coordinates: [-9.2159, 38.6916] };
    for (const properties of [{ name: ' Torre de Belém ' }, { title: 'Torre de Belém' }, { name: '' }]) {
      geojson.read(0, feature(point, properties), sink);
    }
    geojson.read(0, { type: 'Feature', geometry: point, properties: null }, sink);
    const placemark = { lat: 38.6916, lng: -9.2159, start: null, end: null, source: 'placemark' };
    expect(sink.stays).toEqual([
      { ...placemark, name: 'Torre de Belém' },
      { ...placemark, name: 'Torre de Belém' },
      placemark,
      placemark,
    ]);
    expect(sink.stays[2]).not.toHaveProperty('name');
    expect(sink.points).toEqual([]);
  });

  it('hands over a Point whose time or position it cannot read, for the sink to count', () => {
    const sink = recordingSink();
    geojson.read(0, feature({ type: 'Point', coordinates: [-9.1393, 38.7223] }, { time: 'at noon' }), sink);
    geojson.read(0, feature({ type: 'Point', coordinates: ['-9.1', '38.7'] }, { time: NOON }), sink);
    expect(sink.points).toEqual([
      { lat: 38.7223, lng: -9.1393, at: NaN },
      { lat: NaN, lng: NaN, at: NOON },
    ]);
  });

  it('reads the coordinates of a LineString or MultiLineString as points at the times beside them', () => {
    const sink = recordingSink();
    const coordinates = [
      [-9.1427, 38.7105, 12],
      [-9.1461, 38.7078, 14],
    ];
    geojson.read(0, feature({ type: 'LineString', coordinates }, { times: [NOON, NOON + 60_000] }), sink);
    geojson.read(
      0,
      feature(
        { type: 'MultiLineString', coordinates: [coordinates, [[-9.15, 38.7]]] },
        { coordTimes: [['2023-07-14T13:00:00Z', '2023-07-14T13:01:00Z'], ['2023-07-14T14:00:00Z']] },
      ),
      sink,
    );
    expect(sink.points).toEqual([
      { lat: 38.7105, lng: -9.1427, at: NOON },
      { lat: 38.7078, lng: -9.1461, at: NOON + 60_000 },
      { lat: 38.7105, lng: -9.1427, at: NOON + 3_600_000 },
      { lat: 38.7078, lng: -9.1461, at: NOON + 3_660_000 },
      { lat: 38.7, lng: -9.15, at: NOON + 7_200_000 },
    ]);
  });

  it('takes a line without times, a polygon or a feature without geometry, handing nothing over', () => {
    const sink = recordingSink();
    const features = [
      feature(WALK, { name: 'Planned route', time: '2023-07-14T12:00:00Z' }),
      feature({ type: 'MultiLineString', coordinates: [WALK.coordinates] }),
      PARK,
      feature(null, { time: '2023-07-14T12:00:00Z' }),
    ];
    for (const element of features) expect(geojson.read(0, element, sink)).toBe(true);
    expect(sink).toMatchObject({ points: [], stays: [] });
  });

  it('reads a MultiPoint as points at the times beside them, or as placemarks without', () => {
    const sink = recordingSink();
    const coordinates = [
      [-9.1393, 38.7223],
      [-9.2159, 38.6916],
    ];
    geojson.read(0, feature({ type: 'MultiPoint', coordinates }, { times: [NOON, NOON + 60_000] }), sink);
    geojson.read(0, feature({ type: 'MultiPoint', coordinates }, { name: 'Miradouros' }), sink);
    expect(sink.points).toEqual([
      { lat: 38.7223, lng: -9.1393, at: NOON },
      { lat: 38.6916, lng: -9.2159, at: NOON + 60_000 },
    ]);
    expect(sink.stays.map(({ lat, name }) => [lat, name])).toEqual([
      [38.7223, 'Miradouros'],
      [38.6916, 'Miradouros'],
    ]);
  });

  it('answers false, handing nothing over, for what is not a GeoJSON feature', () => {
    const sink = recordingSink();
    const others = [
      { type: 'Point', coordinates: [-9.1393, 38.7223] },
      { type: 'FeatureCollection', features: [] },
      { geometry: { type: 'Point', coordinates: [-9.1393, 38.7223] }, properties: { time: NOON } },
      { latitudeE7: 387223000, longitudeE7: -91393000, timestampMs: String(NOON) },
      'Feature',
      null,
    ];
    for (const element of others) expect(geojson.read(0, element, sink), JSON.stringify(element)).toBe(false);
    expect(sink).toMatchObject({ points: [], stays: [] });
  });

  it('reads a FeatureCollection the same in chunks of any size, byte by byte too', async () => {
    const text = JSON.stringify(LISBON, null, 2);
    for (const size of [1, 4, 33, text.length]) {
      const sink = recordingSink();
      const { format } = await readJsonImport(chunksOf(text, size), sink, [geojson]);
      expect(format).toBe('geojson');
      expect(sink.points, `chunks of ${size}`).toEqual(LISBON_POINTS);
      expect(sink.stays, `chunks of ${size}`).toEqual(LISBON_STAYS);
    }
  });
});
