// Planar measures over GeoJSON rings, in whatever plane the positions are given (degrees, Mercator).
import type { Position } from 'geojson';

/** Shoelace area: positive for a counter-clockwise ring. */
export function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x1, y1] = ring[i - 1] as [number, number];
    const [x2, y2] = ring[i] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** Area of a polygon wound as RFC 7946 asks (exterior counter-clockwise, holes clockwise): exterior minus holes. */
export function polygonArea(rings: Position[][]): number {
  return rings.reduce((sum, ring) => sum + signedArea(ring), 0);
}
