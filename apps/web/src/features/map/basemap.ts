// Which basemap the map draws, and how far in it may zoom over it (decision 091): the operator's style
// URL, the PMTiles basemap, or the app's own offline basemap.
import type { StyleSpecification } from 'maplibre-gl';
import { publicConfig } from '../../app/public-config';
import { countryNamesIn } from './country-names';
import { offlineStyle } from './style';
import { BUILT_IN_MAX_ZOOM, STREET_MAX_ZOOM } from './zoom';

export interface Basemap {
  style: string | StyleSpecification;
  /** The deepest zoom the basemap's data holds up to. */
  maxZoom: number;
}

/** The PMTiles style and protocol, loaded only when the map is configured to use PMTiles. */
export const loadPmtiles = () => import('./pmtiles');

export async function chooseBasemap(): Promise<Basemap> {
  const config = publicConfig();
  // An operator's own style is taken to hold streets: what it holds is not known here.
  if (config.mapStyleUrl) return { style: config.mapStyleUrl, maxZoom: STREET_MAX_ZOOM };
  const origin = window.location.origin;
  if (config.mapPmtilesUrl) {
    const { pmtilesStyle, pmtilesZoomLimit } = await loadPmtiles();
    const maxZoom = await pmtilesZoomLimit(config.mapPmtilesUrl);
    return { style: pmtilesStyle(config.mapPmtilesUrl, origin), maxZoom };
  }
  const countryNames = countryNamesIn(document.documentElement.lang);
  return { style: offlineStyle({ origin, countryNames }), maxZoom: BUILT_IN_MAX_ZOOM };
}
