// The world map of the share picture: world-atlas countries in the Natural Earth projection, Antarctica
// left out, projected once per process and drawn as SVG path data into a box of the picture.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { iso1A2Code } from '@rapideditor/country-coder';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { countryCode, splitAtAntimeridian, TERRITORY_SOVEREIGN } from '@waymarks/shared';

/** Where the map goes in the picture, in pixels. */
export interface MapBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The world drawn into a box: path data in the picture's pixels, and the same projection for points. */
export interface WorldMap {
  /** Every country's outline, as one path. */
  land: string;
  /** A country's outline by ISO 3166-1 alpha-2 code; '' for a code the map has no country for. */
  country(code: string): string;
  /** Parallels and meridians, as one path of lines. */
  graticule: string;
  /** The part of the box the countries take (the box less the margins that keep the world's shape). */
  extent: MapBox;
  /** The pixel a point lands on. */
  project(lng: number, lat: number): [number, number];
}

/** A country as flat rings of projected x, y pairs (y growing southwards), in projection units. */
interface ProjectedCountry {
  code: string | null;
  rings: Float64Array[];
}

interface ProjectedWorld {
  countries: ProjectedCountry[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * The map is drawn at 1:110m, which is read in a few milliseconds; it has no Singapore, Malta, Bahrain or
 * Andorra though, so a visited country it lacks is taken from 1:50m (read once, when first needed).
 */
type Resolution = '110m' | '50m';
/** Natural Earth's Antarctica: the picture leaves it out, as most world maps do, to give the rest room. */
const ANTARCTICA = 'AQ';
const RADIANS = Math.PI / 180;
const GRATICULE_SOUTH = -60;
const GRATICULE_NORTH = 60;
/** Two points closer than this (in pixels) are drawn as one: finer detail than anti-aliasing shows. */
const MIN_STEP_PX = 0.6;

const require = createRequire(import.meta.url);

/** The Natural Earth I projection (Šavrič et al. 2011), in radians of the unit sphere, y northwards. */
export function naturalEarth(lng: number, lat: number): [number, number] {
  const lambda = lng * RADIANS;
  const phi = lat * RADIANS;
  const phi2 = phi * phi;
  const phi4 = phi2 * phi2;
  return [
    lambda * (0.8707 - 0.131979 * phi2 + phi4 * (-0.013791 + phi4 * (0.003971 * phi2 - 0.001529 * phi4))),
    phi * (1.007226 + phi2 * (0.015085 + phi4 * (-0.044475 + 0.028874 * phi2 - 0.005916 * phi4))),
  ];
}

const projectedWorlds = new Map<Resolution, ProjectedWorld>();

/** The countries projected, read and computed on first use and kept for the life of the process. */
function world(resolution: Resolution): ProjectedWorld {
  let projected = projectedWorlds.get(resolution);
  if (!projected) {
    const file = require.resolve(`world-atlas/countries-${resolution}.json`);
    projected = projectWorld(JSON.parse(readFileSync(file, 'utf8')) as Topology);
    projectedWorlds.set(resolution, projected);
  }
  return projected;
}

function projectWorld(topology: Topology): ProjectedWorld {
  const object = topology.objects.countries as GeometryCollection<{ name: string }> | undefined;
  if (!object) throw new Error('world-atlas topology without a countries object');
  const countries: ProjectedCountry[] = [];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const country of feature(topology, object).features) {
    const code = countryCode(
      country.id === undefined ? undefined : String(country.id),
      country.properties.name,
    );
    if (code === ANTARCTICA) continue;
    const geometry = country.geometry as Polygon | MultiPolygon;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    // Natural Earth draws some territories inside their state (French Guiana in France, Svalbard in
    // Norway); pins name the territory, so each such part is drawn as its own.
    const parts = new Map<string | null, Position[][][]>();
    for (const polygon of polygons) {
      const part = territoryOf(polygon, code) ?? code;
      parts.set(part, [...(parts.get(part) ?? []), polygon]);
    }
    for (const [part, ofPart] of parts) {
      const rings = projectRings(ofPart, (x, y) => {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      });
      countries.push({ code: part, rings });
    }
  }
  return { countries, minX, minY, maxX, maxY };
}

/**
 * The territory a polygon of a state's outline lies in, when it is one of that state's territories
 * (TERRITORY_SOVEREIGN); undefined for the state's own land. Asked at the mean of its outer ring's points.
 */
function territoryOf(polygon: Position[][], state: string | null): string | undefined {
  const outer = polygon[0];
  if (!state || !outer || outer.length === 0) return undefined;
  let [lng, lat] = [0, 0];
  for (const position of outer) {
    lng += position[0] as number;
    lat += position[1] as number;
  }
  const found = iso1A2Code([lng / outer.length, lat / outer.length], { level: 'territory' });
  return found && found !== state && TERRITORY_SOVEREIGN[found] === state ? found : undefined;
}

/** The polygons' rings projected (y growing southwards); `seen` is told each projected point. */
function projectRings(polygons: Position[][][], seen: (x: number, y: number) => void): Float64Array[] {
  const rings: Float64Array[] = [];
  // Cut at ±180° first, or Russia's and Fiji's rings would run across the whole map.
  for (const ring of polygons.flatMap(splitAtAntimeridian).flat()) {
    const points = new Float64Array(ring.length * 2);
    for (const [i, position] of ring.entries()) {
      const [x, y] = naturalEarth(position[0] as number, position[1] as number);
      points[2 * i] = x;
      points[2 * i + 1] = -y;
      seen(x, -y);
    }
    rings.push(points);
  }
  return rings;
}

/** Projection units to pixels: x · scale + left, y · scale + top. */
interface Frame {
  scale: number;
  left: number;
  top: number;
}

const worldMaps = new Map<string, WorldMap>();

/**
 * The world fitted into the box (centred, its proportions kept). Kept per box: the picture has two
 * formats, so each render after the first of its format only picks the paths of the visited countries.
 */
export function worldMap(box: MapBox): WorldMap {
  const key = `${box.x},${box.y},${box.width},${box.height}`;
  let map = worldMaps.get(key);
  if (!map) {
    map = drawWorld(box);
    worldMaps.set(key, map);
  }
  return map;
}

function drawWorld(box: MapBox): WorldMap {
  const { minX, minY, maxX, maxY } = world('110m');
  const scale = Math.min(box.width / (maxX - minX), box.height / (maxY - minY));
  const frame: Frame = {
    scale,
    left: box.x + (box.width - (maxX - minX) * scale) / 2 - minX * scale,
    top: box.y + (box.height - (maxY - minY) * scale) / 2 - minY * scale,
  };
  const extent = {
    x: frame.left + minX * scale,
    y: frame.top + minY * scale,
    width: (maxX - minX) * scale,
    height: (maxY - minY) * scale,
  };
  const coarse = countryPaths(world('110m'), frame);
  let fine: Map<string | null, string> | undefined;
  return {
    land: [...coarse.values()].join(''),
    country(code) {
      const path = coarse.get(code);
      if (path !== undefined) return path;
      fine ??= countryPaths(world('50m'), frame);
      return fine.get(code) ?? '';
    },
    graticule: graticulePath(frame),
    extent,
    project(lng, lat) {
      const [x, y] = naturalEarth(lng, lat);
      return [frame.left + x * frame.scale, frame.top - y * frame.scale];
    },
  };
}

/** Each country's path data by code; the areas without a code (Somaliland, N. Cyprus) together under null. */
function countryPaths(projected: ProjectedWorld, frame: Frame): Map<string | null, string> {
  const paths = new Map<string | null, string>();
  for (const country of projected.countries) {
    const path = country.rings.map((ring) => ringPath(ring, frame)).join('');
    paths.set(country.code, (paths.get(country.code) ?? '') + path);
  }
  return paths;
}

/** One ring as 'M…L…Z', points closer than MIN_STEP_PX to the last one kept left out. */
function ringPath(ring: Float64Array, { scale, left, top }: Frame): string {
  const parts: string[] = [];
  let [lastX, lastY] = [NaN, NaN];
  for (let i = 0; i < ring.length; i += 2) {
    const x = left + (ring[i] as number) * scale;
    const y = top + (ring[i + 1] as number) * scale;
    if (Math.abs(x - lastX) < MIN_STEP_PX && Math.abs(y - lastY) < MIN_STEP_PX) continue;
    parts.push(`${parts.length === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`);
    [lastX, lastY] = [x, y];
  }
  // An island of a pixel or so still gets a dot: a visited Tuvalu should show.
  if (parts.length < 3) return parts.length > 0 ? `${parts[0]}h1v1h-1Z` : '';
  return `${parts.join('')}Z`;
}

/** Parallels and meridians every 30°, over the latitudes the map shows. */
function graticulePath({ scale, left, top }: Frame): string {
  const point = (lng: number, lat: number) => {
    const [x, y] = naturalEarth(lng, lat);
    return `${(left + x * scale).toFixed(1)} ${(top - y * scale).toFixed(1)}`;
  };
  const line = (points: string[]) => `M${points.join('L')}`;
  const lines: string[] = [];
  for (let lat = GRATICULE_SOUTH; lat <= GRATICULE_NORTH; lat += 30) {
    lines.push(line(Array.from({ length: 73 }, (_, i) => point(-180 + i * 5, lat))));
  }
  for (let lng = -180; lng <= 180; lng += 30) {
    lines.push(line(Array.from({ length: 29 }, (_, i) => point(lng, -60 + i * 5))));
  }
  return lines.join('');
}
