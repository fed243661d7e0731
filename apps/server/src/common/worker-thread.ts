// Worker threads whose script is a module of the server: the .ts file beside its caller when the server
// runs from source (tsx, vitest), the bundle's sibling once built (apps/server/build.mjs emits each one into
// dist/ beside main.js, bench/lib.mjs as .mjs beside its bundle).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The worker module `name` beside the module at `callerUrl` (its import.meta.url), with its extension. */
export function workerFileBeside(callerUrl: string, name: string): string {
  const caller = fileURLToPath(callerUrl);
  return path.join(path.dirname(caller), `${name}${path.extname(caller)}`);
}

/**
 * A thread running `file`. It gets none of the parent's flags (inspector, test runner loaders, …); from
 * source it needs a TypeScript loader, so a two-line bootstrap registers tsx's in the thread first (Node 20
 * applies neither the parent's loader nor an --import of it to a worker's entry).
 */
export function startModuleWorker(file: string, options: WorkerOptions = {}): Worker {
  if (!file.endsWith('.ts')) return new Worker(file, { ...options, execArgv: [] });
  const bootstrap = [
    `const { register } = await import(${JSON.stringify(tsxEsmApi())});`,
    'register();',
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
  ].join('\n');
  return new Worker(`(async () => {\n${bootstrap}\n})();`, { ...options, eval: true, execArgv: [] });
}

/** tsx's ESM register API, found through its exports map (tsx is a development dependency of the repo). */
function tsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(manifestPath), manifest.exports['./esm/api']!.import.default))
    .href;
}
