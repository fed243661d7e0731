// Writes the service worker (src/service-worker) as /sw.js beside the build: one classic script, bundled on
// its own once the app's files are known, naming the files its install keeps and the build they belong to.
// It lives at the site's root so that it may answer for every page, and the server sends it `no-cache`
// (apps/server/src/http/web.ts), so a new build's worker is found on the next visit.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';

const ENTRY = fileURLToPath(new URL('../../src/service-worker/service-worker.ts', import.meta.url));
export const SERVICE_WORKER_FILE = 'sw.js';

/** The app's own code, styles and fonts; not source maps, flags or pictures, kept as they are used. */
const KEPT_AT_INSTALL = /\.(js|mjs|css|woff2)$/;
/**
 * The manifest and its icons, kept at install too: they are in the bundle because build/share-images emits
 * them, which vite.config.ts runs before this plugin. favicon.svg is copied from public/ and is added by name.
 */
const ALSO_KEPT = [/^manifest\.webmanifest$/, /^icons\/.+\.png$/];

/** The paths the service worker keeps at install, from the names of the bundle's files. */
export function appFilesOf(fileNames: readonly string[]): string[] {
  return fileNames
    .filter((name) => KEPT_AT_INSTALL.test(name) || ALSO_KEPT.some((pattern) => pattern.test(name)))
    .map((name) => `/${name}`)
    .concat('/favicon.svg')
    .sort();
}

export function serviceWorker(): Plugin {
  return {
    name: 'waymarks:service-worker',
    apply: (_config, { isSsrBuild, command }) => command === 'build' && !isSsrBuild,
    async generateBundle(_options, bundle) {
      const files = appFilesOf(Object.keys(bundle));
      const buildName = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER_FILE,
        source: await bundleWorker(files, buildName),
      });
    },
  };
}

async function bundleWorker(files: readonly string[], buildName: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: {
      __WAYMARKS_APP_FILES__: JSON.stringify(files),
      __WAYMARKS_BUILD__: JSON.stringify(buildName),
    },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      lib: {
        entry: ENTRY,
        formats: ['iife'],
        name: 'waymarksServiceWorker',
        fileName: () => SERVICE_WORKER_FILE,
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = [output]
    .flat()
    .flatMap((each) => each.output)
    .find((file): file is Rollup.OutputChunk => file.type === 'chunk');
  if (!chunk) throw new Error('the service worker build wrote no script');
  return chunk.code;
}
