// Turns polygons drawn on the sphere (world-atlas, d3 conventions) into flat polygons MapLibre can fill
// without a band across the map: rings that cross ±180° are cut there, and rings that circle a pole
// (Antarctica) are closed over the pole.
import type { Position } from 'geojson';
import { signedArea } from './geometry.js';

type Ring = Position[];
/** A polygon's rings: the exterior first, then its holes. */
export type PolygonRings = Ring[];

const ANTIMERIDIAN = 180;
/** Web Mercator stops here; MapLibre squeezes anything beyond onto the map's top or bottom edge. */
const MERCATOR_MAX_LAT = 85.0511287798066;

/** A step between two points of more than half the world runs the short way, across ±180°. */
function crossesAntimeridian(from: Position, to: Position): boolean {
  return Math.abs(lng(to) - lng(from)) > ANTIMERIDIAN;
}

function lng(point: Position): number {
  return point[0] as number;
}

function lat(point: Position): number {
  return point[1] as number;
}

function ringCrossesAntimeridian(ring: Ring): boolean {
  return ring.some((point, i) => i > 0 && crossesAntimeridian(ring[i - 1] as Position, point));
}

/** The ring with continuous longitudes: every step across ±180° continues past it instead. */
function unwrap(ring: Ring): Ring {
  const out: Ring = [];
  let offset = 0;
  for (const [i, point] of ring.entries()) {
    if (i > 0 && crossesAntimeridian(ring[i - 1] as Position, point)) {
      offset += lng(point) > lng(ring[i - 1] as Position) ? -360 : 360;
    }
    out.push([lng(point) + offset, lat(point)]);
  }
  return out;
}

/** How many times the ring goes round the world eastwards (negative: westwards); 0 for most rings. */
function turns(unwrapped: Ring): number {
  return Math.round((lng(unwrapped.at(-1) as Position) - lng(unwrapped[0] as Position)) / 360);
}

/** The point where the segment crosses the meridian `x` (in unwrapped longitudes). */
function atLongitude(from: Position, to: Position, x: number): Position {
  const t = (x - lng(from)) / (lng(to) - lng(from));
  return [x, lat(from) + t * (lat(to) - lat(from))];
}

/**
 * A ring that goes once round a pole, as an open line from one side of the map to the other:
 * it starts where the ring crosses ±180° and runs, unwrapped, to the same crossing one turn later.
 */
function polarLine(ring: Ring): { line: Ring; direction: number } {
  const open = ring.slice(0, -1);
  const start = open.findIndex((point, i) => crossesAntimeridian(open.at(i - 1) as Position, point));
  const line = unwrap([...open.slice(start), ...open.slice(0, start)]);
  const direction = Math.sign(lng(line.at(-1) as Position) - lng(line[0] as Position));
  const first = line[0] as Position;
  const last = line.at(-1) as Position;
  const next: Position = [lng(first) + 360 * direction, lat(first)];
  const lo = Math.min(lng(last), lng(next));
  const meridian = ANTIMERIDIAN + 360 * Math.floor((Math.max(lng(last), lng(next)) - ANTIMERIDIAN) / 360);
  if (meridian < lo) throw new Error('polar ring does not cross the antimeridian');
  const end = atLongitude(last, next, meridian);
  return { line: [[lng(end) - 360 * direction, lat(end)], ...line, end], direction };
}

/**
 * The flat exterior for a polygon bounded by rings that circle a pole. world-atlas keeps d3's rule
 * that the polygon lies to the right of every ring: a ring running east has its polygon to the south,
 * one running west has it to the north. One such ring is closed over that pole; two (Antarctica's
 * coast and the tiny circle d3 keeps around the South Pole) bound a band between them.
 */
function polarExterior(rings: Ring[]): Ring {
  const lines = rings.map(polarLine);
  const eastward = lines.filter((l) => l.direction > 0);
  const westward = lines.filter((l) => l.direction < 0);
  if (eastward.length > 1 || westward.length > 1) throw new Error('unsupported polar polygon');
  const south = eastward[0]?.line;
  const north = westward[0]?.line;
  if (south && north) return [...south, ...north, south[0] as Position];
  const line = (south ?? north) as Ring;
  const pole = south ? -90 : 90;
  const first = line[0] as Position;
  const last = line.at(-1) as Position;
  // The midpoint keeps every step under half the world, so no edge can be taken for a crossing.
  const middle = (lng(last) + lng(first)) / 2;
  return [...line, [lng(last), pole], [middle, pole], [lng(first), pole], first];
}

/** Sutherland–Hodgman against one meridian: keeps the part of the ring west (or east) of `x`. */
function clipAt(ring: Ring, x: number, keepWest: boolean): Ring {
  const inside = (point: Position) => (keepWest ? lng(point) <= x : lng(point) >= x);
  const open = ring.slice(0, -1);
  const out: Ring = [];
  for (const [i, point] of open.entries()) {
    const previous = open.at(i - 1) as Position;
    if (inside(point)) {
      if (!inside(previous)) out.push(atLongitude(previous, point, x));
      out.push(point);
    } else if (inside(previous)) {
      out.push(atLongitude(previous, point, x));
    }
  }
  return out.length > 0 ? [...out, out[0] as Position] : [];
}

/** Drops repeated points; a ring with nothing left to fill becomes null. */
function tidy(ring: Ring): Ring | null {
  const out = ring.filter((point, i) => {
    const previous = ring[i - 1];
    return !previous || lng(previous) !== lng(point) || lat(previous) !== lat(point);
  });
  return out.length >= 4 && signedArea(out) !== 0 ? out : null;
}

/**
 * RFC 7946 winding: exterior counter-clockwise, holes clockwise. MapLibre tells a multipolygon's
 * holes from its exteriors by winding, so every ring must follow one rule once the pieces are mixed.
 */
function wind(ring: Ring, exterior: boolean): Ring {
  return signedArea(ring) > 0 === exterior ? ring : [...ring].reverse();
}

/** Moves a hole by whole turns so that it lies beside the exterior it belongs to. */
function alignWith(hole: Ring, exterior: Ring): Ring {
  const xs = exterior.map(lng);
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  const x = lng(hole[0] as Position);
  const shift = [0, 360, -360].find((s) => x + s >= min && x + s <= max) ?? 0;
  return shift === 0 ? hole : hole.map((point) => [lng(point) + shift, lat(point)]);
}

/**
 * A spherical polygon as flat polygons with every longitude in [-180, 180] and no step across ±180°.
 * A polygon that does not cross the antimeridian comes back whole (rewound to RFC 7946); one that does
 * comes back cut into one piece per side; a polygon round a pole comes back closed over it.
 */
export function splitAtAntimeridian(polygon: PolygonRings): PolygonRings[] {
  if (!polygon.some(ringCrossesAntimeridian)) {
    return [polygon.map((ring, i) => wind(ring, i === 0))];
  }
  const unwrapped = polygon.map((ring) => (ringCrossesAntimeridian(ring) ? unwrap(ring) : ring));
  const polar = polygon.filter((_, i) => turns(unwrapped[i] as Ring) !== 0);
  if (polar.length > 0 && turns(unwrapped[0] as Ring) === 0) throw new Error('unsupported polar polygon');
  const others = unwrapped.filter((ring) => turns(ring) === 0);
  const exterior = polar.length > 0 ? polarExterior(polar) : (others.shift() as Ring);
  const holes = others.map((hole) => alignWith(hole, exterior));

  const xs = exterior.map(lng);
  const first = Math.floor((Math.min(...xs) + ANTIMERIDIAN) / 360);
  const last = Math.ceil((Math.max(...xs) - ANTIMERIDIAN) / 360);
  const pieces: PolygonRings[] = [];
  for (let world = first; world <= last; world++) {
    const west = -ANTIMERIDIAN + 360 * world;
    const east = ANTIMERIDIAN + 360 * world;
    const cut = (ring: Ring) => {
      const clipped = clipAt(clipAt(ring, east, true), west, false);
      return tidy(clipped.map((point) => [lng(point) - 360 * world, lat(point)]));
    };
    const outer = cut(exterior);
    if (!outer) continue;
    const inner = holes.map(cut).filter((ring): ring is Ring => ring !== null);
    pieces.push([wind(outer, true), ...inner.map((ring) => wind(ring, false))]);
  }
  return pieces;
}

/**
 * Whether an edge exists only because of the cut (it runs along ±180°) or the closure over a pole
 * (beyond the latitudes Web Mercator shows): drawn as a border, it would be a seam.
 */
export function isCutEdge(from: Position, to: Position): boolean {
  const alongAntimeridian = lng(from) === lng(to) && Math.abs(lng(from)) === ANTIMERIDIAN;
  const beyondMercator = Math.abs(lat(from)) > MERCATOR_MAX_LAT && Math.abs(lat(to)) > MERCATOR_MAX_LAT;
  return alongAntimeridian || beyondMercator;
}
