#!/usr/bin/env node
// `npm start`: build if the build is missing or older than the sources, then run the server in the
// foreground (signals forwarded, its exit code returned). `npm run worker` (this script with the argument
// `worker`) runs the jobs worker instead, for JOBS=worker. Configuration comes from the environment;
// see .env.example.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (file) => path.relative(root, file);

const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].map((f) => path.join(root, f));
const sourceDirs = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'apps/web/public'];
const sourceFiles = ['apps/web/index.html', 'apps/web/vite.config.ts', 'apps/server/build.mjs'];

/** The most recently modified file under `dir` (skipping node_modules and dist). */
function newestIn(dir, best = { file: null, mtime: 0 }) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return best;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) best = newestIn(full, best);
    else if (entry.isFile()) {
      const { mtimeMs } = statSync(full);
      if (mtimeMs > best.mtime) best = { file: full, mtime: mtimeMs };
    }
  }
  return best;
}

function whyBuild() {
  const missing = outputs.filter((file) => !existsSync(file));
  if (missing.length) return `${missing.map(rel).join(' and ')} missing`;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  let newest = { file: null, mtime: 0 };
  for (const dir of sourceDirs) newest = newestIn(path.join(root, dir), newest);
  for (const file of sourceFiles) {
    const full = path.join(root, file);
    if (existsSync(full) && statSync(full).mtimeMs > newest.mtime)
      newest = { file: full, mtime: statSync(full).mtimeMs };
  }
  return newest.mtime > builtAt ? `${rel(newest.file)} is newer than the build` : null;
}

const reason = whyBuild();
if (reason) {
  console.log(`Building first: ${reason}.`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; not starting.');
    process.exit(build.status ?? 1);
  }
}

const entry = process.argv[2] === 'worker' ? 'worker.js' : 'main.js';
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist', entry)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  console.error(`Could not start ${entry}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so whoever started us sees how the server ended.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 1);
});
