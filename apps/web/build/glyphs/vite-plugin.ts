// Puts the map's glyph ranges at /map/glyphs/<font stack>/<start>-<end>.pbf: as files of the build, and
// answered by the dev server from memory.
import type { Plugin } from 'vite';
import { MAP_GLYPHS_PATH } from '../../src/features/map/glyphs.js';
import { glyphFiles } from './font-stacks.js';

/** '/map/glyphs/': the files' names below it are '<font stack>/<range>.pbf', as the URL template has it. */
const GLYPHS_PATH = MAP_GLYPHS_PATH.slice(0, MAP_GLYPHS_PATH.indexOf('{'));

export function mapGlyphs(): Plugin {
  let files: Map<string, Uint8Array> | undefined;
  const allFiles = () => (files ??= glyphFiles());
  return {
    name: 'waymarks:map-glyphs',
    // The prerender's server bundle (scripts/prerender.mjs) serves no files.
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    generateBundle() {
      for (const [name, source] of allFiles()) {
        this.emitFile({ type: 'asset', fileName: `${GLYPHS_PATH.slice(1)}${name}`, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url?.split('?')[0] ?? '';
        if (!url.startsWith(GLYPHS_PATH)) return next();
        // A range the fonts lack is a 404, as from the server, not the app's index.html.
        const file = allFiles().get(decodeURIComponent(url.slice(GLYPHS_PATH.length)));
        response.statusCode = file ? 200 : 404;
        response.setHeader('content-type', file ? 'application/x-protobuf' : 'text/plain');
        response.end(file ?? 'Not Found');
      });
    },
  };
}
