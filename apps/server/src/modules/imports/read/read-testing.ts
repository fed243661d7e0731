// What the reading layer's tests share: a sink that keeps what it is handed, and a document handed over
// in chunks of a chosen size, as a stream would (chunk boundaries are where streaming readers go wrong).
import type { ImportSink, Stay, TimedPoint } from './points.js';

export interface RecordingSink extends ImportSink {
  points: TimedPoint[];
  stays: Stay[];
}

export function recordingSink(): RecordingSink {
  const points: TimedPoint[] = [];
  const stays: Stay[] = [];
  return { points, stays, point: (point) => void points.push(point), stay: (stay) => void stays.push(stay) };
}

export async function* chunksOf(document: string | Buffer, size = 1 << 16): AsyncIterable<Buffer> {
  const bytes = typeof document === 'string' ? Buffer.from(document) : document;
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
