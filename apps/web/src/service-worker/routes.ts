// Which way the service worker answers each request. It keeps only what is the same for every visitor (the
// app's files, the page they load in, the map's tiles and glyphs) and never an answer of the API or a
// travel page: the traveller's own places are kept by the app itself (app/offline), where it can say how
// old they are, and a travel page's address is a secret that has no business in a cache.
import { SHARE_TARGET_PATH, isAppPath } from '@waymarks/shared';

export type Route =
  /** The share sheet's POST of files to the installed app. */
  | 'share-target'
  /** A page of the app: the network's answer, or the kept page when the network does not answer. */
  | 'page'
  /** One of the app's files, kept at install: the kept copy. */
  | 'app-file'
  /**
   * A map tile or glyph range, or a file of the app not kept at install (a country's flag): the kept copy
   * at once, refreshed behind it; else the network's, kept.
   */
  | 'as-used'
  /** Anything else: the network's answer, untouched. */
  | 'network';

/** Files kept as they are used: the map's two tile sets and glyph ranges, and the app's other files. */
const AS_USED_PREFIXES = ['/map/tiles/basemap/', '/map/tiles/places/', '/map/glyphs/', '/assets/'];

/** Never answered from a cache, whatever the request. */
const NEVER_KEPT_PREFIXES = ['/api/', '/t/'];

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
}

export function routeOf(request: RequestFacts, origin: string, appFiles: ReadonlySet<string>): Route {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (request.method === 'POST' && url.pathname === SHARE_TARGET_PATH) return 'share-target';
  if (request.method !== 'GET') return 'network';
  if (NEVER_KEPT_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return 'network';
  // A page of the app, whichever it is, is drawn by the app in the kept page (index.html); any other
  // address (robots.txt, a file opened on its own) is the network's to answer or fail.
  if (request.mode === 'navigate') return isAppPath(url.pathname) ? 'page' : 'network';
  if (appFiles.has(url.pathname) && url.search === '') return 'app-file';
  if (AS_USED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return 'as-used';
  return 'network';
}

/** The world's tiles at the zooms that show it whole (0 to `maxZoom`), kept at install for a map offline. */
export function worldTiles(template: string, maxZoom: number): string[] {
  const urls: string[] = [];
  for (let z = 0; z <= maxZoom; z += 1) {
    const side = 2 ** z;
    for (let x = 0; x < side; x += 1) {
      for (let y = 0; y < side; y += 1) {
        urls.push(template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)));
      }
    }
  }
  return urls;
}

/** The oldest entries beyond `limit`, given the keys oldest first (as Cache.keys() lists them). */
export function overLimit<T>(keys: readonly T[], limit: number): T[] {
  return keys.length > limit ? keys.slice(0, keys.length - limit) : [];
}
