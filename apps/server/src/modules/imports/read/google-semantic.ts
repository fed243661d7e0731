// Google Takeout's Semantic Location History (one file a month, 2019_MAY.json): the visits and the
// journeys between them that Google Maps' Timeline showed, one element of "timelineObjects" each.
import type { JsonFormat } from './formats.js';
import { googleE7 } from './google-records.js';
import { parseTime, type ImportSink } from './points.js';

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** A time that may be missing (null) or unreadable (NaN, which the sink counts as skipped). */
function stayTime(value: unknown): number | null {
  return value === undefined || value === null ? null : (parseTime(value) ?? NaN);
}

/** Older files write each time as milliseconds under a key ending in "Ms", newer ones as ISO text. */
function timeAt(holder: Record<string, unknown> | undefined, key: string): unknown {
  return holder?.[key] ?? holder?.[`${key}Ms`];
}

function readVisit(visit: Record<string, unknown>, sink: ImportSink): void {
  const location = asObject(visit.location);
  const duration = asObject(visit.duration);
  // The place's own position; a visit Google placed nowhere has only the centre of the fixes it saw.
  const [lat, lng] =
    location?.latitudeE7 !== undefined && location.longitudeE7 !== undefined
      ? [location.latitudeE7, location.longitudeE7]
      : [visit.centerLatE7, visit.centerLngE7];
  const name = location?.name;
  sink.stay({
    lat: googleE7(lat, 90),
    lng: googleE7(lng, 180),
    start: stayTime(timeAt(duration, 'startTimestamp')),
    end: stayTime(timeAt(duration, 'endTimestamp')),
    source: 'visit',
    ...(typeof name === 'string' && name.trim() !== '' ? { name: name.trim() } : {}),
  });
}

function readJourney(segment: Record<string, unknown>, sink: ImportSink): void {
  const duration = asObject(segment.duration);
  const ends = [
    [asObject(segment.startLocation), timeAt(duration, 'startTimestamp')],
    [asObject(segment.endLocation), timeAt(duration, 'endTimestamp')],
  ] as const;
  for (const [location, time] of ends) {
    if (!location) continue;
    sink.point({
      lat: googleE7(location.latitudeE7, 90),
      lng: googleE7(location.longitudeE7, 180),
      at: parseTime(time) ?? NaN,
    });
  }
  // The waypoints of "waypointPath" carry no time, so they are not read: a point is a place at a moment.
  const rawPath = asObject(segment.simplifiedRawPath)?.points;
  for (const item of Array.isArray(rawPath) ? rawPath : []) {
    const point = asObject(item);
    sink.point({
      lat: googleE7(point?.latE7, 90),
      lng: googleE7(point?.lngE7, 180),
      at: parseTime(timeAt(point, 'timestamp')) ?? NaN,
    });
  }
}

export const googleSemantic: JsonFormat = {
  id: 'google-semantic',
  paths: [['timelineObjects']],
  read(_pathIndex, element, sink) {
    const object = asObject(element);
    const visit = asObject(object?.placeVisit);
    if (visit) {
      readVisit(visit, sink);
      return true;
    }
    const journey = asObject(object?.activitySegment);
    if (journey) {
      readJourney(journey, sink);
      return true;
    }
    return false;
  },
};
