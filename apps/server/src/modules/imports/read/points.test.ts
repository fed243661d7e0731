import { describe, expect, it } from 'vitest';
import {
  CheckedSink,
  isUsableCoordinate,
  parseTime,
  type ImportSink,
  type Stay,
  type TimedPoint,
} from './points.js';

const NOW = Date.UTC(2026, 10, 29);

describe('parseTime', () => {
  it('reads ISO times with a zone, an offset or none (UTC), and dates alone as UTC midnight', () => {
    expect(parseTime('2019-05-01T10:00:00Z')).toBe(Date.UTC(2019, 4, 1, 10));
    expect(parseTime('2019-05-01T12:00:00.000+02:00')).toBe(Date.UTC(2019, 4, 1, 10));
    expect(parseTime('2019-05-01T10:00:00')).toBe(Date.UTC(2019, 4, 1, 10));
    expect(parseTime('2019-05-01')).toBe(Date.UTC(2019, 4, 1));
  });

  it('reads seconds and milliseconds since the epoch, as numbers or strings of digits', () => {
    const at = Date.UTC(2019, 4, 1, 10);
    expect(parseTime(at / 1000)).toBe(at);
    expect(parseTime(String(at / 1000))).toBe(at);
    expect(parseTime(at)).toBe(at);
    expect(parseTime(String(at))).toBe(at);
  });

  it('reads nothing from other text, objects or non-finite numbers', () => {
    for (const value of ['yesterday', 'May 1, 2019', '', null, {}, Number.NaN, Infinity]) {
      expect(parseTime(value)).toBeUndefined();
    }
  });
});

describe('CheckedSink', () => {
  function checked() {
    const points: TimedPoint[] = [];
    const stays: Stay[] = [];
    const next: ImportSink = { point: (point) => points.push(point), stay: (stay) => stays.push(stay) };
    return { sink: new CheckedSink(next, () => NOW), points, stays };
  }

  it('passes usable items on, and counts those out of range, at 0, 0, before 1900 or in the future', () => {
    const { sink, points } = checked();
    const at = Date.UTC(2019, 4, 1);
    sink.point({ lat: 48.85, lng: 2.35, at });
    sink.point({ lat: 91, lng: 2.35, at });
    sink.point({ lat: 0, lng: 0, at });
    sink.point({ lat: 48.85, lng: Number.NaN, at });
    sink.point({ lat: 48.85, lng: 2.35, at: Date.UTC(1899, 11, 31) });
    sink.point({ lat: 48.85, lng: 2.35, at: NOW + 2 * 86_400_000 });
    expect(points).toHaveLength(1);
    expect(sink.points).toBe(1);
    expect(sink.skipped).toEqual({ coordinates: 3, time: 2 });
  });

  it('keeps a stay without times, and puts a stay that ends before it starts the right way round', () => {
    const { sink, stays } = checked();
    sink.stay({ lat: 38.72, lng: -9.14, start: null, end: null, source: 'waypoint' });
    sink.stay({ lat: 38.72, lng: -9.14, start: 2000, end: 1000, source: 'visit' });
    expect(stays.map((stay) => [stay.start, stay.end])).toEqual([
      [null, null],
      [1000, 2000],
    ]);
    expect(sink.stays).toBe(2);
  });

  it('calls (0, 0) unusable but a point on the equator or the meridian usable', () => {
    expect(isUsableCoordinate(0, 0)).toBe(false);
    expect(isUsableCoordinate(0, 32.5)).toBe(true);
    expect(isUsableCoordinate(51.48, 0)).toBe(true);
  });
});
