// The box the map fits to show a set of places at once (the end of a quick upload): the narrowest span
// of longitudes that holds them all, which may cross the antimeridian (Tokyo and Honolulu are 'east' of
// each other over the Pacific, not across Europe).
import type { LatLng } from '@waymarks/shared';

/** West, south, east, north; east may pass 180 when the box crosses the antimeridian. */
export type MapBounds = [number, number, number, number];

/** The smallest box around `points`, or null for none. A single point is a box of no size. */
export function boundsAround(points: readonly LatLng[]): MapBounds | null {
  if (points.length === 0) return null;
  const lats = points.map((point) => point.lat);
  const lngs = [...new Set(points.map((point) => point.lng))].sort((a, b) => a - b);
  // The widest gap between neighbouring longitudes (the last one wraps round to the first) is what the box
  // leaves out: it runs from just east of that gap round to just west of it.
  let gap = lngs[0]! + 360 - lngs.at(-1)!;
  let west = lngs[0]!;
  let east = lngs.at(-1)!;
  for (let index = 1; index < lngs.length; index += 1) {
    const between = lngs[index]! - lngs[index - 1]!;
    if (between > gap) {
      gap = between;
      west = lngs[index]!;
      east = lngs[index - 1]! + 360;
    }
  }
  return [west, Math.min(...lats), east, Math.max(...lats)];
}
