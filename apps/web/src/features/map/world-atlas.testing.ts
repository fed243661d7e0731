// For tests: the world-atlas file the app ships, read from node_modules as the browser would fetch it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GeometryCollection, Topology } from 'topojson-specification';

export const requireFromTest = createRequire(import.meta.url);

export function worldAtlasTopology(): Topology {
  const file = requireFromTest.resolve('world-atlas/countries-50m.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Topology;
}

/** The id and name of every country geometry, in file order. */
export function worldAtlasCountries(topology: Topology): { id: string | undefined; name: string }[] {
  const countries = topology.objects.countries as GeometryCollection;
  return countries.geometries.map((geometry) => ({
    id: geometry.id === undefined ? undefined : String(geometry.id),
    name: (geometry.properties as { name?: string } | undefined)?.name ?? '',
  }));
}
