import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { mapGlyphs } from './build/glyphs/vite-plugin.js';
import { serviceWorker } from './build/service-worker/vite-plugin.js';
import { sharePictures } from './build/share-images/vite-plugin.js';

// The API runs on the same origin in production (the server serves dist/); in development Vite
// forwards /api to it so cookies and relative URLs behave the same way, and the map's tiles (/map/tiles,
// /map/basemap.pmtiles) likewise; the map's glyphs are the build's own, served by the glyphs plugin.
// A page of the dev server calling its own /api is a same-origin request: the forwarded copy drops the
// dev server's Origin, which the API (expecting PUBLIC_URL's) would otherwise refuse on cookie routes.
// Requests from any other origin keep theirs and are refused as in production.
const api: Record<string, ProxyOptions> = {
  '/api': {
    target: 'http://127.0.0.1:3000',
    changeOrigin: false,
    configure: (proxy) => {
      proxy.on('proxyReq', (proxyReq, request) => {
        if (request.headers.origin === `http://${request.headers.host}`) proxyReq.removeHeader('origin');
      });
    },
  },
  '/map/tiles': { target: 'http://127.0.0.1:3000' },
  '/map/basemap.pmtiles': { target: 'http://127.0.0.1:3000' },
};

/**
 * The entry (src/main.tsx) imports the app (src/client.tsx) only when it runs, so that a prerendered page
 * can paint before the app is fetched. Every other page needs the app at once: index.html asks for its
 * modules beside the entry's, sparing a round trip. scripts/prerender.mjs takes these hints out again.
 */
function preloadAppFromIndexHtml(): Plugin {
  return {
    name: 'waymarks:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const app = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/client.tsx'),
        );
        if (!app) throw new Error('the build has no chunk for src/client.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        return [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadAppFromIndexHtml(), mapGlyphs(), sharePictures(), serviceWorker()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
