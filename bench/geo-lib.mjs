// Shared by the geodata benchmarks (geo-load, geo-search, geo-reverse): the server's geo code bundled
// with esbuild exactly as the server build bundles it (npm packages external, @waymarks/shared compiled
// in), so the benchmarks run the production code without a TypeScript loader.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT, performance } from './lib.mjs';

export { percentile, seededRandom } from './lib.mjs';

const OUT_DIR = path.join(ROOT, 'node_modules/.cache/waymarks-bench');
export const GEO_BUNDLE = path.join(OUT_DIR, 'geo.mjs');

const ENTRY = `
export { GazetteerService, loadSources, runAtOnce, runInSlices } from './apps/server/src/geo/loader.ts';
export { buildGazetteer } from './apps/server/src/geo/gazetteer-builder.ts';
export { normalizeName } from './apps/server/src/geo/normalize.ts';
export { placeScore, reachKm } from './apps/server/src/geo/nearest.ts';
export { placesRoutes } from './apps/server/src/modules/places/places.routes.ts';
export { registerErrorHandling } from './apps/server/src/http/errors.ts';
export { registerSecurityHeaders } from './apps/server/src/http/security-headers.ts';
`;

let built;

/** Bundles the geo code once per run; answers the bundle's path. */
export async function bundleGeo() {
  built ??= (async () => {
    mkdirSync(OUT_DIR, { recursive: true });
    await build({
      stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts', sourcefile: 'geo-bench-entry.ts' },
      outfile: GEO_BUNDLE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      banner: {
        js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
      },
      plugins: [
        {
          name: 'external-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => {
              if (path.isAbsolute(args.path) || args.path.startsWith('@waymarks/shared')) return undefined;
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
    return GEO_BUNDLE;
  })();
  return built;
}

/** Loads the gazetteer in this process, at once (no pauses). */
export async function loadGeo() {
  const geo = await import(await bundleGeo());
  const started = performance.now();
  const gazetteer = geo.runAtOnce(geo.buildGazetteer(await geo.loadSources()));
  return { geo, gazetteer, ms: performance.now() - started };
}

export const fmtMs = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
