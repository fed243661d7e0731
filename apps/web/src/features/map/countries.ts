// The offline basemap's countries: world-atlas TopoJSON (Natural Earth) as GeoJSON that MapLibre draws
// without seams, each country tagged with its alpha-2 code for the visited-country layer.
import { feature } from 'topojson-client';
import type {
  Feature,
  FeatureCollection,
  GeoJsonProperties,
  Geometry,
  MultiLineString,
  MultiPolygon,
  Polygon,
  Position,
} from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { isCutEdge, splitAtAntimeridian, type PolygonRings } from './antimeridian';
import { countryCode } from './country-codes';

export interface CountryProperties {
  /** ISO 3166-1 alpha-2 (XK for Kosovo); null for areas without one, such as Somaliland. */
  code: string | null;
  /** Natural Earth's short name, e.g. 'Bosnia and Herz.'. */
  name: string;
}

export type CountryFeature = Feature<Polygon | MultiPolygon, CountryProperties>;
export type CountryFeatureCollection = FeatureCollection<Polygon | MultiPolygon, CountryProperties>;

type WorldAtlasCountries = GeometryCollection<{ name: string }>;

function polygonsOf(geometry: Polygon | MultiPolygon): PolygonRings[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function flatGeometry(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  const pieces = polygonsOf(geometry).flatMap(splitAtAntimeridian);
  return pieces.length === 1
    ? { type: 'Polygon', coordinates: pieces[0] as PolygonRings }
    : { type: 'MultiPolygon', coordinates: pieces };
}

/** The `countries` object of a world-atlas topology (countries-50m.json) as map-ready GeoJSON. */
export function countriesFromTopology(topology: Topology): CountryFeatureCollection {
  const countries = topology.objects.countries as WorldAtlasCountries | undefined;
  if (!countries) throw new Error('world-atlas topology without a countries object');
  const collection = feature(topology, countries);
  return {
    type: 'FeatureCollection',
    features: collection.features.map((country): CountryFeature => {
      const { geometry } = country;
      if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') {
        throw new Error(`world-atlas country ${country.properties.name} is a ${geometry.type}`);
      }
      const id = country.id === undefined ? undefined : String(country.id);
      return {
        type: 'Feature',
        properties: { code: countryCode(id, country.properties.name), name: country.properties.name },
        geometry: flatGeometry(geometry),
      };
    }),
  };
}

/** A closed ring as the lines between its cut edges: the whole ring when it has none. */
function borderLines(ring: Position[]): Position[][] {
  const lines: Position[][] = [];
  let line: Position[] = [];
  for (const [i, point] of ring.entries()) {
    const previous = ring[i - 1];
    if (previous && isCutEdge(previous, point)) {
      if (line.length > 1) lines.push(line);
      line = [];
    }
    line.push(point);
  }
  if (line.length > 1) lines.push(line);
  // The ring's start is no corner: the line that ends there and the one that starts there are one.
  const first = lines[0];
  const last = lines.at(-1);
  if (lines.length > 1 && first && last && first[0] === ring[0] && last.at(-1) === ring.at(-1)) {
    lines[0] = [...last, ...first.slice(1)];
    lines.pop();
  }
  return lines;
}

/**
 * Every country outline as lines, without the edges that exist only because a polygon was cut at
 * ±180° or closed over a pole: a line layer on the polygons themselves would draw those as seams.
 */
export function countryBorders<P extends GeoJsonProperties>(
  countries: FeatureCollection<Geometry, P>,
): FeatureCollection<MultiLineString, P> {
  return {
    type: 'FeatureCollection',
    features: countries.features.flatMap(({ geometry, properties }) => {
      if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') return [];
      const lines = polygonsOf(geometry).flat().flatMap(borderLines);
      return [{ type: 'Feature', properties, geometry: { type: 'MultiLineString', coordinates: lines } }];
    }),
  };
}
