// Puts the Open Graph picture, the touch icon, the app's icons and its manifest (images.ts) at the site's
// root: as files of the build, and answered by the dev server from memory.
import type { Plugin } from 'vite';
import { shareImages } from './images.js';

export function sharePictures(): Plugin {
  let files: Promise<Map<string, Buffer>> | undefined;
  const allFiles = () => (files ??= shareImages());
  return {
    name: 'waymarks:share-pictures',
    // The prerender's server bundle (scripts/prerender.mjs) serves no files.
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    async generateBundle() {
      for (const [fileName, source] of await allFiles()) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = (request.url?.split('?')[0] ?? '').slice(1);
        void allFiles().then((images) => {
          const file = images.get(name);
          if (!file) return next();
          response.setHeader(
            'content-type',
            name.endsWith('.webmanifest') ? 'application/manifest+json' : 'image/png',
          );
          response.end(file);
        }, next);
      });
    },
  };
}
