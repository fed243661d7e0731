#!/usr/bin/env node
// `npm run dev`: the server from source with reload on change (tsx watch, port $PORT or 3000) and the
// Vite dev server for the web app (http://localhost:5173, which forwards /api to the server).
// Ctrl-C stops both; if either exits, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) =>
  path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const env = { NODE_ENV: 'development', ...process.env };
const processes = [
  {
    name: 'server',
    child: spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
      cwd: root,
      stdio: 'inherit',
      env,
    }),
  },
  {
    name: 'web',
    child: spawn(bin('vite'), ['--clearScreen', 'false'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
      env,
    }),
  },
];

let stopping = false;
let exitCode = 0;
function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const { child } of processes) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
  // Anything still alive after 5 s is killed outright.
  setTimeout(() => {
    for (const { child } of processes)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal));
}

const finished = new Set();
function done(name) {
  finished.add(name);
  if (finished.size === processes.length) process.exit(exitCode);
}
for (const { name, child } of processes) {
  child.on('error', (error) => {
    console.error(`[dev] could not start ${name}: ${error.message}`);
    exitCode = 1;
    stopAll();
    done(name);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? code}); stopping the others`);
      exitCode = code || 1;
      stopAll();
    }
    done(name);
  });
}
