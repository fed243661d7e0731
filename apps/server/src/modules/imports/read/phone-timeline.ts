// The Timeline a phone exports itself, now that Google keeps Timeline on the device: Android's Timeline.json
// (an object of "semanticSegments", "rawSignals" and a "userLocationProfile") and the iPhone's (a root array
// of segments alike, but with "geo:" coordinates and path times as minutes from the segment's start).
import type { JsonFormat } from './formats.js';
import { parseTime, type ImportSink } from './points.js';

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)`;
/** Latitude and longitude, each with an optional degree sign; a geo: URI may add an altitude and parameters. */
const COORDINATE = new RegExp(
  String.raw`^\s*(?:geo:)?\s*(${NUMBER})\s*°?\s*,\s*(${NUMBER})\s*°?\s*(?:,\s*${NUMBER}\s*)?(?:;.*)?$`,
  'i',
);

/**
 * A coordinate as the phones write it: "48.8566°, 2.3522°" (Android, bare or as an object's "latLng") or
 * "geo:48.8566,2.3522" (iPhone). NaN for anything else, so that the sink counts the item as skipped.
 */
export function phoneCoordinate(value: unknown): { lat: number; lng: number } {
  const text = typeof value === 'string' ? value : asObject(value)?.latLng;
  const match = typeof text === 'string' ? COORDINATE.exec(text) : null;
  return match ? { lat: Number(match[1]), lng: Number(match[2]) } : { lat: NaN, lng: NaN };
}

/** A stay's time that may be missing (null) or unreadable (NaN, which the sink counts as skipped). */
function stayTime(value: unknown): number | null {
  return value === undefined || value === null ? null : (parseTime(value) ?? NaN);
}

function offsetMinutes(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
}

/** What a segment holds besides its times; one with none of these is not a Timeline segment. */
const SEGMENT_PARTS = ['visit', 'activity', 'timelinePath', 'timelineMemory'];

/** Reads a segment, the same on both phones: a visit, a journey's two ends, or the path between. */
function readSegment(element: unknown, sink: ImportSink): boolean {
  const segment = asObject(element);
  if (!segment || !SEGMENT_PARTS.some((part) => part in segment)) return false;
  const start = parseTime(segment.startTime) ?? NaN;
  const visit = asObject(segment.visit);
  if (visit) {
    sink.stay({
      ...phoneCoordinate(asObject(visit.topCandidate)?.placeLocation),
      start: stayTime(segment.startTime),
      end: stayTime(segment.endTime),
      source: 'visit',
    });
  }
  const activity = asObject(segment.activity);
  if (activity?.start !== undefined) sink.point({ ...phoneCoordinate(activity.start), at: start });
  if (activity?.end !== undefined) {
    sink.point({ ...phoneCoordinate(activity.end), at: parseTime(segment.endTime) ?? NaN });
  }
  const path = Array.isArray(segment.timelinePath) ? segment.timelinePath : [];
  for (const item of path) {
    const point = asObject(item);
    // Android gives each point its time; the iPhone gives the minutes since the segment's start.
    const at =
      parseTime(point?.time) ?? start + offsetMinutes(point?.durationMinutesOffsetFromStartTime) * 60_000;
    sink.point({ ...phoneCoordinate(point?.point), at });
  }
  return true;
}

function readRawSignal(element: unknown, sink: ImportSink): boolean {
  const signal = asObject(element);
  const position = asObject(signal?.position);
  if (position) {
    sink.point({
      ...phoneCoordinate(position.LatLng ?? position.latLng),
      at: parseTime(position.timestamp) ?? NaN,
    });
    return true;
  }
  // Wi-Fi scans and activity records are this format's too, but they hold no position.
  return signal !== undefined && ('wifiScan' in signal || 'activityRecord' in signal);
}

function readFrequentPlace(element: unknown, sink: ImportSink): boolean {
  const place = asObject(element);
  if (!place || !('placeLocation' in place)) return false;
  // A place the phone saw the traveller return to, with no time of its own.
  sink.stay({ ...phoneCoordinate(place.placeLocation), start: null, end: null, source: 'frequent-place' });
  return true;
}

const SEGMENTS = 0;
const RAW_SIGNALS = 1;

export const androidTimeline: JsonFormat = {
  id: 'android-timeline',
  paths: [['semanticSegments'], ['rawSignals'], ['userLocationProfile', 'frequentPlaces']],
  read(pathIndex, element, sink) {
    if (pathIndex === SEGMENTS) return readSegment(element, sink);
    if (pathIndex === RAW_SIGNALS) return readRawSignal(element, sink);
    return readFrequentPlace(element, sink);
  },
};

export const iphoneTimeline: JsonFormat = {
  id: 'iphone-timeline',
  paths: [[]],
  read: (_pathIndex, element, sink) => readSegment(element, sink),
};
