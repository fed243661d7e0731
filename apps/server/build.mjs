// Bundles the server (src/main.ts), the jobs worker (src/worker.ts), the admin CLI (src/cli.ts) and the worker threads into dist/
// as ESM for Node 20.
// npm packages stay external and are loaded from node_modules at run time, except the workspace package
// @waymarks/shared, which ships TypeScript source and so is compiled into the bundle.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
const BUNDLED_PACKAGES = ['@waymarks/shared'];

const entryPoints = ['src/main.ts', 'src/worker.ts', 'src/cli.ts']
  .map((file) => path.join(here, file))
  .filter((file) => {
    if (existsSync(file)) return true;
    if (file.endsWith('main.ts')) throw new Error(`${file} is missing`);
    console.warn(`build: ${path.relative(here, file)} not found, skipped`);
    return false;
  });
// Worker threads are modules of their own, looked for beside main.js: the HEIC decoder (heif.ts) and the
// basemap's tile cutter (basemap-tiles.ts).
const workerEntryPoints = [
  { in: path.join(here, 'src/media/heif-worker.ts'), out: 'heif-worker' },
  { in: path.join(here, 'src/modules/map/basemap-worker.ts'), out: 'basemap-worker' },
];

/** Every bare import (a package name) is external, except the workspace packages listed above. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (path.isAbsolute(args.path)) return undefined;
      const bundled = BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`));
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  entryPoints: [...entryPoints, ...workerEntryPoints],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // scripts/start.mjs runs node with --enable-source-maps, so stack traces name the .ts sources.
  sourcemap: true,
  banner: {
    js: [
      "import { createRequire as __waymarksCreateRequire } from 'node:module';",
      // Bundled CommonJS-style code (and esbuild's require shim) needs a `require` in ESM output. esbuild
      // renames any top-level `require` of the sources, so this does not collide.
      'const require = __waymarksCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  plugins: [externalPackages],
  metafile: true,
  logLevel: 'warning',
});

for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.js')) console.log(`build: ${file} ${(bytes / 1024).toFixed(0)} KiB`);
}
console.log(`build: server bundled in ${Date.now() - started} ms`);
