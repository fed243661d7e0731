// The basemap's three layers, as GeoJSON in degrees, made from one world-atlas file (Natural Earth):
// countries cut at ±180°, the land borders between them, and one label point per country.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type {
  Feature,
  FeatureCollection,
  MultiLineString,
  MultiPolygon,
  Point,
  Polygon,
  Position,
} from 'geojson';
import polylabel from 'polylabel';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { countryCode, splitAtAntimeridian, type PolygonRings } from '@waymarks/shared';

export type Resolution = '110m' | '50m' | '10m';

export interface CountryProperties {
  /** ISO 3166-1 alpha-2 (XK for Kosovo); left out for areas without one, such as Somaliland. */
  code?: string;
  /** Natural Earth's short name, e.g. 'Bosnia and Herz.'. */
  name: string;
}

export interface CountryLabelProperties extends CountryProperties {
  /** 1 for the largest country by area, then 2, … : the order in which labels win a place. */
  rank: number;
  /** The country's area in km² (to 0.1), all of its polygons. */
  area: number;
  /** The zoom from which the label fits in its largest polygon. */
  minzoom: number;
}

export interface BasemapLayers {
  countries: FeatureCollection<Polygon | MultiPolygon, CountryProperties>;
  borders: FeatureCollection<MultiLineString, Record<string, never>>;
  country_labels: FeatureCollection<Point, CountryLabelProperties>;
}

type WorldAtlasCountries = GeometryCollection<{ name: string }>;

const require = createRequire(import.meta.url);

export function readWorldAtlas(resolution: Resolution): Topology {
  const file = require.resolve(`world-atlas/countries-${resolution}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Topology;
}

const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;
/** Web Mercator's edge: the closure of Antarctica over the pole is drawn at this latitude. */
const MERCATOR_MAX_LAT = 85.0511287798066;
/** Label points are found to within this share of their polygon's size: a pixel of a wide label. */
const LABEL_PRECISION = 1 / 500;
/** A label needs its polygon to be about this wide on screen (512-pixel world at zoom 0). */
const LABEL_MIN_PIXELS = 48;
const LABEL_MAX_MINZOOM = 12;

/** Web Mercator in world units: x and y in [0, 1], y growing southwards, as tiles are laid out. */
function mercator([lng, lat]: Position): [number, number] {
  const sin = Math.sin(Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat as number)) * RADIANS);
  return [(lng as number) / 360 + 0.5, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

function unmercator([x, y]: [number, number]): Position {
  const lat = Math.atan(Math.sinh((0.5 - y) * 2 * Math.PI)) / RADIANS;
  return [(x - 0.5) * 360, lat];
}

/** The polygon's area in a projection (exterior minus holes), projecting point by point as it goes. */
function projectedArea(
  polygon: PolygonRings,
  project: (lng: number, lat: number) => [number, number],
): number {
  let sum = 0;
  for (const ring of polygon) {
    let [px, py] = project(ring[0]?.[0] as number, ring[0]?.[1] as number);
    for (let i = 1; i < ring.length; i++) {
      const [x, y] = project(ring[i]?.[0] as number, ring[i]?.[1] as number);
      sum += px * y - x * py;
      [px, py] = [x, y];
    }
  }
  return sum / 2;
}

/** Sinusoidal projection, which keeps areas: good enough for ranking countries by size. */
const sinusoidal = (lng: number, lat: number): [number, number] => [
  lng * RADIANS * Math.cos(lat * RADIANS) * EARTH_RADIUS_KM,
  lat * RADIANS * EARTH_RADIUS_KM,
];

const areaKm2 = (polygon: PolygonRings) => projectedArea(polygon, sinusoidal);

/** The polygon's area on the map (world units squared), where the label is seen. */
const mercatorArea = (polygon: PolygonRings) =>
  // Mercator flips y, so a counter-clockwise ring comes out clockwise.
  -projectedArea(polygon, (lng, lat) => mercator([lng, lat]));

/**
 * The label point of a country: the pole of inaccessibility of its largest polygon as drawn on the map.
 * Found in Mercator, not in degrees: in degrees a northern country is squashed (Norway, Canada,
 * Russia), so the point furthest from its edges in degrees is not the one furthest from them on screen.
 */
function labelOf(polygons: PolygonRings[]): { point: Position; minzoom: number } {
  let largest = polygons[0] as PolygonRings;
  let largestArea = -Infinity;
  for (const polygon of polygons) {
    const area = mercatorArea(polygon);
    if (area > largestArea) [largest, largestArea] = [polygon, area];
  }
  const projected = largest.map((ring) => ring.map(mercator));
  const point = polylabel(projected, Math.sqrt(largestArea) * LABEL_PRECISION);
  // The widest circle inside, as pixels at zoom 0 (512-pixel world): zooms double it.
  const pixels = point.distance * 2 * 512;
  const minzoom = pixels > 0 ? Math.ceil(Math.log2(LABEL_MIN_PIXELS / pixels)) : LABEL_MAX_MINZOOM;
  return {
    point: unmercator([point[0], point[1]]),
    minzoom: Math.max(0, Math.min(LABEL_MAX_MINZOOM, minzoom)),
  };
}

/** Splits a line wherever a step runs more than half the world (the short way across ±180°). */
function unwrapLines(lines: Position[][]): Position[][] {
  return lines.flatMap((line) => {
    const pieces: Position[][] = [[]];
    for (const [i, point] of line.entries()) {
      const previous = line[i - 1];
      if (previous && Math.abs((point[0] as number) - (previous[0] as number)) > 180) pieces.push([]);
      pieces.at(-1)?.push(point);
    }
    return pieces.filter((piece) => piece.length > 1);
  });
}

export function basemapLayers(topology: Topology): BasemapLayers {
  const object = topology.objects.countries as WorldAtlasCountries | undefined;
  if (!object) throw new Error('world-atlas topology without a countries object');

  const countries: Feature<Polygon | MultiPolygon, CountryProperties>[] = [];
  const labels: { point: Position; properties: Omit<CountryLabelProperties, 'rank'> }[] = [];
  for (const country of feature(topology, object).features) {
    const { geometry } = country;
    if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') {
      throw new Error(`world-atlas country ${country.properties.name} is a ${geometry.type}`);
    }
    const code = countryCode(
      country.id === undefined ? undefined : String(country.id),
      country.properties.name,
    );
    const properties: CountryProperties = code
      ? { code, name: country.properties.name }
      : { name: country.properties.name };
    const rings = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const polygons = rings.flatMap(splitAtAntimeridian);
    if (polygons.length === 0) continue;
    countries.push({
      type: 'Feature',
      properties,
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
    const { point, minzoom } = labelOf(polygons);
    const area = Math.round(polygons.reduce((sum, polygon) => sum + areaKm2(polygon), 0) * 10) / 10;
    labels.push({ point, properties: { ...properties, area, minzoom } });
  }

  // An arc two countries share is a land border; an arc of one country only is its coast.
  const borders = mesh(topology, object, (a, b) => a !== b);
  labels.sort((a, b) => b.properties.area - a.properties.area);
  return {
    countries: { type: 'FeatureCollection', features: countries },
    borders: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'MultiLineString', coordinates: unwrapLines(borders.coordinates) },
        },
      ],
    },
    country_labels: {
      type: 'FeatureCollection',
      features: labels.map(({ point, properties }, i) => ({
        type: 'Feature',
        properties: { ...properties, rank: i + 1 },
        geometry: { type: 'Point', coordinates: point },
      })),
    },
  };
}
