// For the basemap tests: small planar measures over GeoJSON rings (longitude as x, latitude as y).
import type { MultiPolygon, Polygon, Position } from 'geojson';

export { polygonArea, signedArea } from '@waymarks/shared';

export function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Even-odd rule over every ring of the geometry. */
export function contains(geometry: Polygon | MultiPolygon, [x, y]: [number, number]): boolean {
  let inside = false;
  for (const ring of polygonsOf(geometry).flat()) {
    for (let i = 1; i < ring.length; i++) {
      const [x1, y1] = ring[i - 1] as [number, number];
      const [x2, y2] = ring[i] as [number, number];
      if (y1 > y !== y2 > y && x < x1 + ((y - y1) / (y2 - y1)) * (x2 - x1)) inside = !inside;
    }
  }
  return inside;
}

/** The largest step in longitude between consecutive points of any ring or line. */
export function largestLongitudeStep(lines: Position[][]): number {
  let largest = 0;
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      largest = Math.max(largest, Math.abs((line[i]?.[0] as number) - (line[i - 1]?.[0] as number)));
    }
  }
  return largest;
}
