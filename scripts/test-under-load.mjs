#!/usr/bin/env node
// The test suites with every core kept busy, as on a shared CI machine: one CPU hog per core (a child
// process spinning at full speed) runs beside `node scripts/test.mjs`, and is stopped when the tests end,
// however they end. The suites must pass here as they do on an idle machine.
//
//   node scripts/test-under-load.mjs                 the browser suite (after `npm run build`) under load
//   node scripts/test-under-load.mjs unit integration e2e --no-build
//                                                    any arguments go to scripts/test.mjs as they are
//   HOGS=4 node scripts/test-under-load.mjs          more (or fewer) hogs than cores
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hogCount = Number(process.env.HOGS ?? availableParallelism());
if (!Number.isInteger(hogCount) || hogCount < 0) {
  console.error(`HOGS must be a whole number, not ${JSON.stringify(process.env.HOGS)}`);
  process.exit(2);
}

// A loop that never yields; bounded by the parent, which kills it, and by a one-hour cap of its own so a
// hog can never outlive a crashed parent for long.
const HOG =
  'const end = Date.now() + 3_600_000; let x = 0; while (Date.now() < end) x = (x + Math.sqrt(x + 1)) % 1e9;';
const hogs = Array.from({ length: hogCount }, () =>
  spawn(process.execPath, ['-e', HOG], { stdio: 'ignore', detached: false }),
);
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
console.log(`${hogCount} CPU hog(s) running beside the tests (pids ${hogs.map((h) => h.pid).join(', ')})`);

const args = process.argv.slice(2);
const child = spawn(
  process.execPath,
  [path.join(root, 'scripts/test.mjs'), ...(args.length ? args : ['e2e'])],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stopHogs();
  process.exit(code ?? (signal ? 1 : 0));
});
