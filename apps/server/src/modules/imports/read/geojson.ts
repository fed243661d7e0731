// GeoJSON: the points and lines among a FeatureCollection's "features", as trackers, converters such as
// togeojson, and mapping apps write them. A position is [longitude, latitude] with an optional altitude.
import type { JsonFormat } from './formats.js';
import { parseTime, type ImportSink } from './points.js';

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The properties a feature's one time may be under, the likeliest first. */
const TIME_KEYS = ['time', 'timestamp', 'date', 'datetime'];
/** The properties that give each coordinate its time, in an array beside the coordinates (togeojson's). */
const TIMES_KEYS = ['coordTimes', 'times'];

function firstOf(properties: Record<string, unknown>, keys: string[]): unknown {
  for (const key of keys) {
    if (properties[key] !== undefined && properties[key] !== null) return properties[key];
  }
  return undefined;
}

/** NaN for anything but a position, so that the sink counts the item as skipped. */
function position(value: unknown): { lat: number; lng: number } {
  const [lng, lat] = Array.isArray(value) ? value : [];
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : { lat: NaN, lng: NaN };
}

/** A point with a time is where the traveller was then; one without is a place they marked. */
function readPoint(coordinate: unknown, time: unknown, name: string | undefined, sink: ImportSink): void {
  if (time === undefined || time === null) {
    sink.stay({
      ...position(coordinate),
      start: null,
      end: null,
      source: 'placemark',
      ...(name ? { name } : {}),
    });
  } else {
    sink.point({ ...position(coordinate), at: parseTime(time) ?? NaN });
  }
}

/** A line's coordinates are points only with a time each: a line drawn on a map says nothing of a journey. */
function readLine(coordinates: unknown, times: unknown, sink: ImportSink): void {
  if (!Array.isArray(coordinates) || !Array.isArray(times)) return;
  coordinates.forEach((coordinate, index) => {
    sink.point({ ...position(coordinate), at: parseTime(times[index]) ?? NaN });
  });
}

export const geojson: JsonFormat = {
  id: 'geojson',
  paths: [['features']],
  read(_pathIndex, element, sink) {
    const feature = asObject(element);
    if (feature?.type !== 'Feature') return false;
    // A feature of another geometry (a polygon, an area) is this format's, but no place or moment.
    const geometry = asObject(feature.geometry);
    const coordinates = geometry?.coordinates;
    const properties = asObject(feature.properties) ?? {};
    const time = firstOf(properties, TIME_KEYS);
    const times = firstOf(properties, TIMES_KEYS);
    const title = firstOf(properties, ['name', 'title']);
    const name = typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined;
    switch (geometry?.type) {
      case 'Point':
        readPoint(coordinates, time, name, sink);
        break;
      case 'MultiPoint':
        if (Array.isArray(coordinates)) {
          coordinates.forEach((coordinate, index) =>
            readPoint(coordinate, Array.isArray(times) ? times[index] : time, name, sink),
          );
        }
        break;
      case 'LineString':
        readLine(coordinates, times, sink);
        break;
      case 'MultiLineString':
        if (Array.isArray(coordinates)) {
          coordinates.forEach((line, index) =>
            readLine(line, Array.isArray(times) ? times[index] : undefined, sink),
          );
        }
        break;
    }
    return true;
  },
};
