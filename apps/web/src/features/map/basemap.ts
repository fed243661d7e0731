// The offline basemap, fetched once: world-atlas ships as its own static file (about 740 KiB, smaller
// compressed) so it stays out of the JavaScript and is only loaded when a map is shown.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import type { Topology } from 'topojson-specification';
import { countriesFromTopology, type CountryFeatureCollection } from './countries';

let basemap: Promise<CountryFeatureCollection> | undefined;

async function fetchBasemap(): Promise<CountryFeatureCollection> {
  const response = await fetch(countriesUrl);
  if (!response.ok) throw new Error(`Could not load the basemap (HTTP ${response.status})`);
  return countriesFromTopology((await response.json()) as Topology);
}

/** The countries of the offline basemap. A failed load is not cached, so the next call tries again. */
export function loadBasemap(): Promise<CountryFeatureCollection> {
  basemap ??= fetchBasemap().catch((error: unknown) => {
    basemap = undefined;
    throw error;
  });
  return basemap;
}
