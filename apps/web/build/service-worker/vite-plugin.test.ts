// Which files of a build the service worker keeps at install (appFilesOf): the app's code, styles, fonts,
// manifest and icons, and the favicon; not source maps, compressed copies, flags or other pictures.
import { describe, expect, it } from 'vitest';
import { appFilesOf } from './vite-plugin';

describe('appFilesOf', () => {
  it("keeps the app's scripts, styles, fonts, manifest and icons, as root paths", () => {
    const files = appFilesOf([
      'assets/client-abc.js',
      'assets/worker-def.mjs',
      'assets/client-abc.css',
      'assets/inter-123.woff2',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'icons/icon-maskable-512.png',
    ]);
    expect(files).toEqual(
      expect.arrayContaining([
        '/assets/client-abc.js',
        '/assets/worker-def.mjs',
        '/assets/client-abc.css',
        '/assets/inter-123.woff2',
        '/manifest.webmanifest',
        '/icons/icon-192.png',
        '/icons/icon-maskable-512.png',
      ]),
    );
    expect(files).toHaveLength(8);
  });

  it('drops source maps, compressed copies, flags and the pictures kept only as they are used', () => {
    expect(
      appFilesOf([
        'assets/client-abc.js.map',
        'assets/client-abc.css.map',
        'assets/client-abc.js.gz',
        'assets/client-abc.js.br',
        'assets/fr-xyz.svg',
        'og-image.png',
        'apple-touch-icon.png',
        'map/glyphs/Inter Regular/0-255.pbf',
        'robots.txt',
      ]),
    ).toEqual(['/favicon.svg']);
  });

  it('adds the favicon, which is not a file of the bundle', () => {
    expect(appFilesOf([])).toEqual(['/favicon.svg']);
    expect(appFilesOf(['assets/client-abc.js'])).toContain('/favicon.svg');
  });

  it('lists the paths sorted, so the same build always has the same list', () => {
    const names = ['manifest.webmanifest', 'assets/z-1.js', 'icons/icon-512.png', 'assets/a-2.css'];
    const sorted = [
      '/assets/a-2.css',
      '/assets/z-1.js',
      '/favicon.svg',
      '/icons/icon-512.png',
      '/manifest.webmanifest',
    ];
    expect(appFilesOf(names)).toEqual(sorted);
    expect(appFilesOf([...names].reverse())).toEqual(sorted);
  });
});
