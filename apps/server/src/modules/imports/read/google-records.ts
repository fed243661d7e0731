// Google Takeout's Records.json: every fix the phone reported, one element of "locations" each.
import type { JsonFormat } from './formats.js';
import { fromE7, parseTime } from './points.js';

/** 2^32 × 10^-7: how far a degree value written as an unsigned 32-bit E7 integer lies from its own. */
const UNSIGNED_E7_WRAP = 2 ** 32 / 1e7;

/**
 * Degrees from an E7 value. Old Google exports write E7 values as unsigned 32-bit integers, so a value
 * past `maxDegrees` (90 for a latitude, 180 for a longitude) is a negative one that wrapped around: no
 * valid coordinate is there, so reading it back costs nothing.
 */
export function googleE7(value: unknown, maxDegrees: number): number {
  const degrees = fromE7(value);
  return degrees > maxDegrees ? degrees - UNSIGNED_E7_WRAP : degrees;
}

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

export const googleRecords: JsonFormat = {
  id: 'google-records',
  paths: [['locations']],
  read(_pathIndex, element, sink) {
    const location = asObject(element);
    if (!location || !('latitudeE7' in location || 'longitudeE7' in location)) return false;
    // A location without usable coordinates or time is still handed over: the sink counts what it skips.
    sink.point({
      lat: googleE7(location.latitudeE7, 90),
      lng: googleE7(location.longitudeE7, 180),
      at: parseTime(location.timestamp ?? location.timestampMs) ?? NaN,
    });
    return true;
  },
};
