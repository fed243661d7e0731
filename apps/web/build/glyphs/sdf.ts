// Signed distance fields from coverage bitmaps, as MapLibre expects them in glyph ranges: the glyph's
// edge at byte 191.25 (cutoff 0.25), 8 pixels of distance on either side spread over the byte range.
// Distances come from the Felzenszwalb–Huttenlocher squared Euclidean distance transform, run once from
// the outside of the shape and once from the inside.

/** Pixels of distance the bytes encode (MapLibre draws its own glyphs with 16 at twice the size). */
export const SDF_RADIUS = 8;
/** The share of the byte range that lies outside the edge. */
export const SDF_CUTOFF = 0.25;

const INF = 1e20;

/**
 * The squared distance from every cell of a width × height grid to the nearest seed, in place: a cell's
 * value is its squared distance from a seed at that cell (0 for a seed, INF for none).
 */
export function distanceTransform(grid: Float64Array, width: number, height: number): void {
  const length = Math.max(width, height);
  const f = new Float64Array(length);
  const v = new Uint16Array(length);
  const z = new Float64Array(length + 1);
  for (let x = 0; x < width; x++) transform1d(grid, x, width, height, f, v, z);
  for (let y = 0; y < height; y++) transform1d(grid, y * width, 1, width, f, v, z);
}

/** One line of the grid: the lower envelope of the parabolas rooted at each cell. */
function transform1d(
  grid: Float64Array,
  offset: number,
  stride: number,
  length: number,
  f: Float64Array,
  v: Uint16Array,
  z: Float64Array,
) {
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  f[0] = grid[offset]!;
  for (let q = 1, k = 0; q < length; q++) {
    f[q] = grid[offset + q * stride]!;
    let s: number;
    // Drop the parabolas the new one hides; it is lowest from s on.
    do {
      const r = v[k]!;
      s = (f[q]! - f[r]! + q * q - r * r) / (q - r) / 2;
    } while (s <= z[k]! && --k > -1);
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  for (let q = 0, k = 0; q < length; q++) {
    while (z[k + 1]! < q) k++;
    const r = v[k]!;
    grid[offset + q * stride] = f[r]! + (q - r) * (q - r);
  }
}

/**
 * The SDF bytes of a coverage bitmap. A partly covered pixel seeds both transforms with its distance
 * from the edge, estimated as half a pixel minus its coverage, so the edge keeps its sub-pixel position.
 */
export function signedDistanceField(coverage: Float32Array, width: number, height: number): Uint8Array {
  const outer = new Float64Array(width * height);
  const inner = new Float64Array(width * height);
  for (let i = 0; i < coverage.length; i++) {
    const alpha = Math.min(1, coverage[i]!);
    if (alpha <= 0) {
      outer[i] = INF;
    } else if (alpha >= 1) {
      inner[i] = INF;
    } else {
      const d = 0.5 - alpha;
      outer[i] = d > 0 ? d * d : 0;
      inner[i] = d < 0 ? d * d : 0;
    }
  }
  distanceTransform(outer, width, height);
  distanceTransform(inner, width, height);
  const bytes = new Uint8Array(width * height);
  const base = 255 * (1 - SDF_CUTOFF);
  const scale = 255 / SDF_RADIUS;
  for (let i = 0; i < bytes.length; i++) {
    const distance = Math.sqrt(outer[i]!) - Math.sqrt(inner[i]!);
    bytes[i] = Math.round(Math.min(255, Math.max(0, base - scale * distance)));
  }
  return bytes;
}
