// Turns a glyph outline into a coverage bitmap: curves flattened to polygons, filled by the nonzero rule,
// anti-aliased with 16 sub-scanlines per row and exact horizontal coverage along each of them.

export interface Point {
  x: number;
  y: number;
}

/** A closed polygon; the last point joins the first. */
export type Contour = Point[];

/** One drawing command of an outline, in pixels with y growing downwards (opentype.js Path commands). */
export type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

const SUB_SCANLINES = 16;
/** Longest straight piece a curve is cut into, in pixels: well below what the SDF can resolve. */
const FLATTEN_STEP = 0.5;

export function flattenPath(commands: readonly PathCommand[]): Contour[] {
  const contours: Contour[] = [];
  let contour: Contour = [];
  let pen: Point = { x: 0, y: 0 };
  const close = () => {
    if (contour.length > 2) contours.push(contour);
    contour = [];
  };
  for (const command of commands) {
    switch (command.type) {
      case 'M':
        close();
        pen = { x: command.x, y: command.y };
        contour.push(pen);
        break;
      case 'L':
        pen = { x: command.x, y: command.y };
        contour.push(pen);
        break;
      case 'Q': {
        const from = pen;
        const control = { x: command.x1, y: command.y1 };
        pen = { x: command.x, y: command.y };
        const steps = stepsFor([from, control, pen]);
        for (let i = 1; i <= steps; i++) {
          const t = i / steps;
          const u = 1 - t;
          contour.push({
            x: u * u * from.x + 2 * u * t * control.x + t * t * pen.x,
            y: u * u * from.y + 2 * u * t * control.y + t * t * pen.y,
          });
        }
        break;
      }
      case 'C': {
        const from = pen;
        const c1 = { x: command.x1, y: command.y1 };
        const c2 = { x: command.x2, y: command.y2 };
        pen = { x: command.x, y: command.y };
        const steps = stepsFor([from, c1, c2, pen]);
        for (let i = 1; i <= steps; i++) {
          const t = i / steps;
          const u = 1 - t;
          contour.push({
            x: u * u * u * from.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * pen.x,
            y: u * u * u * from.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * pen.y,
          });
        }
        break;
      }
      case 'Z':
        close();
        break;
    }
  }
  close();
  return contours;
}

/** The curve is no longer than its control polygon, so this many pieces keep each under FLATTEN_STEP. */
function stepsFor(points: Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    length += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  }
  return Math.max(1, Math.ceil(length / FLATTEN_STEP));
}

/**
 * How much of each pixel of a width × height grid the contours cover, 0 to 1, row by row. Pixel (0, 0)
 * spans the contours' coordinates [0, 1) × [0, 1).
 */
export function rasterise(contours: readonly Contour[], width: number, height: number): Float32Array {
  const coverage = new Float32Array(width * height);
  // Edges as flat numbers (x0, y0, x1, y1), horizontal ones left out: no scanline crosses them.
  const edges: number[] = [];
  for (const contour of contours) {
    contour.forEach((from, i) => {
      const to = contour[(i + 1) % contour.length]!;
      if (from.y !== to.y) edges.push(from.x, from.y, to.x, to.y);
    });
  }
  const crossingX = new Float64Array(edges.length / 4);
  const crossingWinding = new Int8Array(edges.length / 4);
  // The edges each row meets, so that a scanline looks only at those.
  const rowEdges: number[][] = Array.from({ length: height }, () => []);
  for (let e = 0; e < edges.length; e += 4) {
    const top = Math.max(0, Math.floor(Math.min(edges[e + 1]!, edges[e + 3]!)));
    const bottom = Math.min(height, Math.ceil(Math.max(edges[e + 1]!, edges[e + 3]!)));
    for (let row = top; row < bottom; row++) rowEdges[row]!.push(e);
  }
  for (let row = 0; row < height; row++) {
    for (let sub = 0; sub < SUB_SCANLINES; sub++) {
      const y = row + (sub + 0.5) / SUB_SCANLINES;
      let count = 0;
      for (const e of rowEdges[row]!) {
        const y0 = edges[e + 1]!;
        const y1 = edges[e + 3]!;
        if (y < Math.min(y0, y1) || y >= Math.max(y0, y1)) continue;
        const x0 = edges[e]!;
        const x = x0 + ((y - y0) / (y1 - y0)) * (edges[e + 2]! - x0);
        const winding = y1 > y0 ? 1 : -1;
        // Insertion sort: a scanline crosses a glyph only a few times.
        let i = count++;
        while (i > 0 && crossingX[i - 1]! > x) {
          crossingX[i] = crossingX[i - 1]!;
          crossingWinding[i] = crossingWinding[i - 1]!;
          i--;
        }
        crossingX[i] = x;
        crossingWinding[i] = winding;
      }
      let winding = 0;
      for (let i = 0; i < count - 1; i++) {
        winding += crossingWinding[i]!;
        if (winding !== 0) addSpan(coverage, row * width, width, crossingX[i]!, crossingX[i + 1]!);
      }
    }
  }
  return coverage;
}

/** Adds one sub-scanline's share of the span [left, right) to the pixels of a row. */
function addSpan(coverage: Float32Array, rowStart: number, width: number, left: number, right: number) {
  const from = Math.max(0, left);
  const to = Math.min(width, right);
  for (let column = Math.floor(from); column < to; column++) {
    const overlap = Math.min(to, column + 1) - Math.max(from, column);
    coverage[rowStart + column]! += overlap / SUB_SCANLINES;
  }
}
