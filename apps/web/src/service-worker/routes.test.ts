// How the service worker answers each request (routes.ts): the API and travel pages always from the network,
// pages and the app's files kept for offline use, map tiles, glyphs and flags kept as they are used.
import { describe, expect, it } from 'vitest';
import { overLimit, routeOf, worldTiles, type RequestFacts } from './routes';

const ORIGIN = 'https://waymarks.example';
const APP_FILES: ReadonlySet<string> = new Set([
  '/assets/client-abc.js',
  '/assets/client-abc.css',
  '/favicon.svg',
]);

/** A request of this origin unless the path is a whole address; a GET for a subresource unless told. */
function request(path: string, facts: Partial<Omit<RequestFacts, 'url'>> = {}): RequestFacts {
  return { method: 'GET', mode: 'no-cors', ...facts, url: new URL(path, ORIGIN).href };
}
const route = (path: string, facts: Partial<Omit<RequestFacts, 'url'>> = {}) =>
  routeOf(request(path, facts), ORIGIN, APP_FILES);

describe('routeOf', () => {
  it("leaves another origin's requests to the network, even a navigation or a path the app keeps", () => {
    expect(route('https://tiles.example/map/tiles/basemap/2/1/1.pbf')).toBe('network');
    expect(route('https://elsewhere.example/dashboard', { mode: 'navigate' })).toBe('network');
    expect(route('https://elsewhere.example/assets/client-abc.js')).toBe('network');
    expect(route('https://elsewhere.example/share-target', { method: 'POST', mode: 'navigate' })).toBe(
      'network',
    );
  });

  it("takes the share sheet's POST to /share-target, and leaves a GET of it, no page of the app, to the network", () => {
    expect(route('/share-target', { method: 'POST', mode: 'navigate' })).toBe('share-target');
    expect(route('/share-target', { mode: 'navigate' })).toBe('network');
  });

  it('leaves every other POST, and any method but GET, to the network', () => {
    expect(route('/api/pins', { method: 'POST', mode: 'cors' })).toBe('network');
    expect(route('/dashboard', { method: 'POST', mode: 'navigate' })).toBe('network');
    expect(route('/assets/client-abc.js', { method: 'POST' })).toBe('network');
    expect(route('/map/tiles/basemap/2/1/1.pbf', { method: 'HEAD' })).toBe('network');
  });

  it('never answers the API or a travel page from a cache, even for a navigation', () => {
    expect(route('/api/pins', { mode: 'cors' })).toBe('network');
    expect(route('/api/health', { mode: 'navigate' })).toBe('network');
    expect(route('/t/s3cr3t-token', { mode: 'navigate' })).toBe('network');
    expect(route('/t/s3cr3t-token/photos/1', { mode: 'no-cors' })).toBe('network');
  });

  it("draws a navigation to one of the app's pages as a page, and leaves any other address to the network", () => {
    expect(route('/dashboard', { mode: 'navigate' })).toBe('page');
    expect(route('/profile', { mode: 'navigate' })).toBe('page');
    expect(route('/', { mode: 'navigate' })).toBe('page');
    expect(route('/dashboard?shared=files', { mode: 'navigate' })).toBe('page');
    expect(route('/robots.txt', { mode: 'navigate' })).toBe('network');
    expect(route('/map/basemap.pmtiles', { mode: 'navigate' })).toBe('network');
    expect(route('/no-such-page', { mode: 'navigate' })).toBe('network');
  });

  it("answers a file of the app's build from the install's copy, but not the same path with a query", () => {
    expect(route('/assets/client-abc.js')).toBe('app-file');
    expect(route('/assets/client-abc.css')).toBe('app-file');
    expect(route('/favicon.svg')).toBe('app-file');
    expect(route('/assets/client-abc.js?v=2')).not.toBe('app-file');
  });

  it("keeps map tiles, glyph ranges and the app's unlisted files as they are used", () => {
    expect(route('/map/tiles/basemap/2/1/1.pbf')).toBe('as-used');
    expect(route('/map/tiles/places/2/1/1.pbf')).toBe('as-used');
    expect(route('/map/glyphs/Inter%20Regular/0-255.pbf')).toBe('as-used');
    expect(route('/assets/fr-xyz.svg')).toBe('as-used');
  });

  it('leaves the whole basemap archive and unknown paths to the network', () => {
    expect(route('/map/basemap.pmtiles')).toBe('network');
    expect(route('/robots.txt')).toBe('network');
  });
});

describe('worldTiles', () => {
  it('lists every tile from zoom 0 to the given zoom once, 1 + 4 + 16 for zoom 2, starting at the whole world', () => {
    const urls = worldTiles('/t/{z}/{x}/{y}.pbf', 2);
    expect(urls).toHaveLength(21);
    expect(urls[0]).toBe('/t/0/0/0.pbf');
    expect(urls).toContain('/t/1/1/0.pbf');
    expect(urls).toContain('/t/2/3/3.pbf');
    expect(urls).not.toContain('/t/2/4/0.pbf');
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('lists only the world tile for zoom 0', () => {
    expect(worldTiles('/map/tiles/basemap/{z}/{x}/{y}.pbf', 0)).toEqual(['/map/tiles/basemap/0/0/0.pbf']);
  });
});

describe('overLimit', () => {
  it('names the oldest entries beyond the limit, oldest first', () => {
    expect(overLimit(['a', 'b', 'c', 'd', 'e'], 3)).toEqual(['a', 'b']);
    expect(overLimit([1, 2, 3, 4], 3)).toEqual([1]);
  });

  it('names none at or under the limit', () => {
    expect(overLimit(['a', 'b', 'c'], 3)).toEqual([]);
    expect(overLimit(['a'], 3)).toEqual([]);
    expect(overLimit([], 3)).toEqual([]);
  });
});
