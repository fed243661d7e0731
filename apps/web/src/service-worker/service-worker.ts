/// <reference lib="webworker" />
// The installed app's service worker (/sw.js, built by build/service-worker): the app opens without a
// network, its map draws from the tiles kept on the device, and the share sheet can hand it photos.
//
// - Install keeps every file of this build (their names are hashed, so a kept one never goes stale), the
//   page they load in, and the world's tiles at the zooms that show it whole. A new build is a new
//   service worker, whose install keeps its own files and whose activation drops the older build's.
// - A page is the network's answer while there is one; without it (or after PAGE_WAIT_MS of silence, or
//   with a proxy's gateway error) the kept page, in which the app says it is offline and shows the
//   traveller's places as saved on the device, with their date (app/offline).
// - A map tile, a glyph range or a flag is the kept copy at once, refreshed from the network behind it.
// - The API and travel pages are never answered from a cache (routes.ts).
import {
  BASEMAP_TILES_URL,
  PLACE_TILES_URL,
  SHARE_TARGET_FIELD,
  SHARED_FILES_PARAM,
  type SharedFilesArrival,
} from '@waymarks/shared';
import { keepSharedFiles } from '../lib/shared-files';
import { overLimit, routeOf, worldTiles } from './routes';

declare const self: ServiceWorkerGlobalScope;
/** Filled in by the build: the paths of this build's files and a name for the build. */
declare const __WAYMARKS_APP_FILES__: string[];
declare const __WAYMARKS_BUILD__: string;

/** The page every app path is drawn in: the server answers index.html, with its settings, for it. */
const APP_PAGE = '/dashboard';
const APP_CACHE_PREFIX = 'waymarks-app-';
const APP_CACHE = `${APP_CACHE_PREFIX}${__WAYMARKS_BUILD__}`;
/** Tiles, glyph ranges and flags, kept as they are used. */
const AS_USED_CACHE = 'waymarks-as-used';
/** Entries kept at most: a few weeks of looking around the map, some tens of megabytes. */
const AS_USED_KEPT = 3_000;
/** The zooms kept at install: the world whole (z0-2 is 21 tiles of each set). */
const WORLD_MAX_ZOOM = 2;
/** How long a page waits for the network before it is drawn from the kept copy. */
const PAGE_WAIT_MS = 4_000;

const appFiles = new Set(__WAYMARKS_APP_FILES__);

self.addEventListener('install', (event) => {
  event.waitUntil(keepApp().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOlderBuilds().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  switch (routeOf(event.request, self.location.origin, appFiles)) {
    case 'share-target':
      event.respondWith(receiveSharedFiles(event.request));
      return;
    case 'page':
      event.respondWith(page(event.request));
      return;
    case 'app-file':
      event.respondWith(appFile(event.request));
      return;
    case 'as-used':
      event.respondWith(keptAsUsed(event));
      return;
    case 'network':
      return;
  }
});

async function keepApp(): Promise<void> {
  const cache = await caches.open(APP_CACHE);
  await Promise.all(
    [...appFiles].map(async (path) => {
      // A file of the same name kept by an earlier build has the same bytes: its name is their hash.
      const kept = await caches.match(path);
      await cache.put(path, kept ?? (await fetchOk(path)));
    }),
  );
  await cache.put(APP_PAGE, await fetchOk(APP_PAGE));
  // The world map offline, even for a traveller who never looked closer; a tile that fails is not kept.
  const map = await caches.open(AS_USED_CACHE);
  const tiles = [BASEMAP_TILES_URL, PLACE_TILES_URL].flatMap((url) => worldTiles(url, WORLD_MAX_ZOOM));
  await Promise.all(
    tiles.map(async (url) => {
      const response = await fetch(url).catch(() => null);
      if (response?.status === 200) await map.put(url, response);
    }),
  );
}

async function fetchOk(path: string): Promise<Response> {
  const response = await fetch(path, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response;
}

async function dropOlderBuilds(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(APP_CACHE_PREFIX) && name !== APP_CACHE)
      .map((name) => caches.delete(name)),
  );
}

async function page(request: Request): Promise<Response> {
  const network = fetch(request);
  const silence = new Promise<'silent'>((resolve) => setTimeout(() => resolve('silent'), PAGE_WAIT_MS));
  const first = await Promise.race([network.catch(() => 'failed' as const), silence]);
  // A proxy's own error page for a server behind it that is down is no answer either.
  if (first instanceof Response && ![502, 503, 504].includes(first.status)) return first;
  const kept = await caches.match(APP_PAGE, { cacheName: APP_CACHE });
  if (kept) return kept;
  // Nothing kept (the install did not finish): the network's answer, or its error, is all there is.
  return network;
}

async function appFile(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: APP_CACHE });
  return kept ?? fetch(request);
}

async function keptAsUsed(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(AS_USED_CACHE);
  const kept = await cache.match(event.request);
  const refreshed = fetch(event.request).then(async (response) => {
    if (response.status === 200) {
      await cache.put(event.request, response.clone());
      if (!kept) await trimAsUsed(cache);
    }
    return response;
  });
  if (!kept) return refreshed;
  // The kept copy now; the network's, if it answers, for next time.
  event.waitUntil(refreshed.catch(() => undefined));
  return kept;
}

async function trimAsUsed(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(overLimit(keys, AS_USED_KEPT).map((key) => cache.delete(key)));
}

/**
 * The share sheet's files, kept on the device for the dashboard's quick upload, which the answer opens.
 * Files the device cannot keep (its storage is full) leave the dashboard asking for them again.
 */
async function receiveSharedFiles(request: Request): Promise<Response> {
  let arrival: SharedFilesArrival = 'again';
  try {
    const form = await request.formData();
    const files = form.getAll(SHARE_TARGET_FIELD).filter((value): value is File => value instanceof File);
    await keepSharedFiles(files);
    arrival = 'files';
  } catch (error) {
    console.warn('Shared files could not be kept', error);
  }
  return Response.redirect(`${APP_PAGE}?${SHARED_FILES_PARAM}=${arrival}`, 303);
}
