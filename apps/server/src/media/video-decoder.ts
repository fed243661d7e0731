// Runs ffmpeg on an untrusted video where a decoder bug can reach nothing but that video: ffmpeg compiled
// to WebAssembly, inside a short-lived Node process that has no environment and may read no file but
// ffmpeg itself.
//
// Layers, innermost first:
// - WebAssembly: the decoder's memory is one array; its only way out is the handful of functions the
//   Emscripten glue hands it, and their file system holds nothing but the video (read through the
//   process's stdin) and the one output file. There is no socket layer: the glue's only one speaks
//   WebSocket, which the process does not have.
// - Node's permission model: the process may read the two files of @ffmpeg/core and nothing else (no
//   DATA_DIR, no auth secret, no database), write nothing, and start no process or thread. The video
//   arrives as an open descriptor, so no path to it is granted either.
// - An empty environment (no AUTH_SECRET, DATABASE_URL, S3 keys, NODE_OPTIONS), an empty working
//   directory, a kill at the timeout and a cap on what it may print.
// Not confined: CPU and memory up to the timeout (WebAssembly memory stops at 2 GiB), and the network at
// the process level (Node 20's permission model has no network switch; the decoder has no sockets).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where ffmpeg finds the job's input and must write its output; nothing else exists for it. */
export const DECODER_INPUT = 'file:/input/video';
export const DECODER_OUTPUT = 'file:/output/result';

interface DecoderJob {
  /** ffmpeg's arguments, reading DECODER_INPUT and writing DECODER_OUTPUT. */
  args: string[];
  /** The one host file ffmpeg may read; a job without one only generates (as the tests do). */
  input?: string;
  timeoutMs: number;
  /** More output than this stops the decoder: it is not producing what it was asked for. */
  maxOutputBytes: number;
}

type DecoderResult =
  /** ffmpeg ran to its end; `ok` is its verdict, `log` its error output. */
  | { outcome: 'finished'; ok: boolean; output: Buffer; log: string }
  | { outcome: 'timeout' }
  | { outcome: 'too-large' };

export type Spawner = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

/** Errors from here are the server's fault (the decoder cannot start), never the video's. */
export class DecoderUnavailable extends Error {
  override name = 'DecoderUnavailable';
}

/** The runner's exit code when ffmpeg failed on the input or crashed on it; 0 is success, else broken. */
const FFMPEG_FAILED = 10;
const MAX_LOG_CHARS = 16_384;

// The script the confined process runs (CommonJS, given to `node -e`). The glue was built for a browser
// worker: it wants `self.location`, and its WORKERFS reads files as Blob slices through FileReaderSync,
// so the video is offered as a Blob-like object whose bytes come from stdin (a descriptor of the file,
// read at an offset, so seeking works without the whole video in memory).
const RUNNER = String.raw`
'use strict';
const { fstatSync, readFileSync, readSync } = require('node:fs');
const job = JSON.parse(process.argv[1]);
globalThis.self = { location: { href: 'file:///' } };
delete globalThis.WebSocket;
const part = (start, end) => ({
  start,
  size: Math.max(0, end - start),
  slice: (from, to) => part(start + from, Math.min(start + to, end)),
});
globalThis.FileReaderSync = class {
  readAsArrayBuffer(piece) {
    const bytes = new Uint8Array(piece.size);
    for (let done = 0; done < piece.size; ) {
      const read = readSync(0, bytes, done, piece.size - done, piece.start + done);
      if (read === 0) break;
      done += read;
    }
    return bytes.buffer;
  }
};
require(job.glue)({ wasmBinary: readFileSync(job.wasm) }).then((core) => {
  core.setLogger(({ type, message }) => {
    // "Aborted()" is how this build's exit() ends every run, not an error.
    if (type === 'stderr' && message !== 'Aborted()') process.stderr.write(message + '\n');
  });
  core.FS.mkdir('/output');
  if (job.hasInput) {
    core.FS.mkdir('/input');
    const video = { name: 'video', data: part(0, fstatSync(0).size) };
    core.FS.mount(core.FS.filesystems.WORKERFS, { blobs: [video] }, '/input');
  }
  let status;
  try {
    status = core.exec(...job.args);
  } catch (error) {
    process.stderr.write(String((error && error.message) || error) + '\n');
    status = -1;
  }
  let output = new Uint8Array(0);
  try {
    output = core.FS.readFile('/output/result');
  } catch {
    // ffmpeg wrote nothing: a seek past the end, say. The caller sees empty output.
  }
  process.stdout.write(output, () => process.exit(status === 0 ? 0 : ${FFMPEG_FAILED}));
});
`;

const requireHere = createRequire(import.meta.url);
let coreFiles: { glue: string; wasm: string } | undefined;

/** Resolved on first use, so a server that never sees a video never reads the 32 MB core. */
function resolveCore(): { glue: string; wasm: string } {
  coreFiles ??= { glue: requireHere.resolve('@ffmpeg/core'), wasm: requireHere.resolve('@ffmpeg/core/wasm') };
  return coreFiles;
}

/** Runs one ffmpeg job confined as described at the top of this file. */
export async function runFfmpeg(job: DecoderJob, spawner: Spawner = spawn): Promise<DecoderResult> {
  const core = resolveCore();
  let input: FileHandle | undefined;
  try {
    if (job.input) input = await open(job.input, 'r');
    const argument = JSON.stringify({ ...core, args: job.args, hasInput: Boolean(input) });
    const result = await runConfined(RUNNER, argument, {
      stdin: input?.fd,
      readable: [core.glue, core.wasm],
      timeoutMs: job.timeoutMs,
      maxOutputBytes: job.maxOutputBytes,
      spawner,
    });
    if (result.outcome !== 'exited') return result;
    if (result.code === 0 || result.code === FFMPEG_FAILED || result.code === null) {
      // null: killed by a signal that was not ours (the kernel's OOM killer): the input did that.
      return { outcome: 'finished', ok: result.code === 0, output: result.output, log: result.log };
    }
    throw new DecoderUnavailable(`the video decoder exited with code ${result.code}: ${result.log.trim()}`);
  } finally {
    await input?.close();
  }
}

interface ConfinedRun {
  /** Becomes the process's stdin; nothing when undefined. */
  stdin: number | undefined;
  /** The only files the process may read. */
  readable: string[];
  timeoutMs: number;
  maxOutputBytes: number;
  spawner: Spawner;
}

type ConfinedResult =
  | { outcome: 'exited'; code: number | null; output: Buffer; log: string }
  | { outcome: 'timeout' }
  | { outcome: 'too-large' };

/**
 * `script` in a new Node process with `argument` as process.argv[1], confined as the decoder is. Apart
 * from runFfmpeg, only the tests use it: to show what such a process can and cannot do.
 */
export async function runConfined(
  script: string,
  argument: string,
  run: ConfinedRun,
): Promise<ConfinedResult> {
  const cwd = await mkdtemp(path.join(tmpdir(), 'waymarks-decoder-'));
  try {
    return await collect(
      run.spawner(process.execPath, [...confinementFlags(run.readable), '-e', script, argument], {
        cwd,
        env: {},
        stdio: [run.stdin ?? 'ignore', 'pipe', 'pipe'],
      }),
      run,
    );
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** Node 22.13+ calls the permission model --permission; Node 20 only knows --experimental-permission. */
function confinementFlags(readable: string[]): string[] {
  const permission = process.allowedNodeEnvironmentFlags.has('--permission')
    ? '--permission'
    : '--experimental-permission';
  return [
    permission,
    ...readable.map((file) => `--allow-fs-read=${file}`),
    // No eval or new Function: the glue needs neither, so a subverted glue cannot compile new code.
    '--disallow-code-generation-from-strings',
    // The permission model's "experimental" warning would otherwise land in the decoder's log.
    '--no-warnings',
  ];
}

function collect(child: ChildProcess, run: ConfinedRun): Promise<ConfinedResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let log = '';
    let stopped: 'timeout' | 'too-large' | undefined;
    const stop = (why: 'timeout' | 'too-large') => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), run.timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (stopped) return;
      bytes += chunk.length;
      if (bytes > run.maxOutputBytes) stop('too-large');
      else chunks.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (log.length < MAX_LOG_CHARS) log += chunk.toString('utf8');
    });
    // Only a missing or unrunnable Node lands here: a fault of this server, not of the file.
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new DecoderUnavailable('the video decoder could not be started', { cause: error }));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (stopped) resolve({ outcome: stopped });
      else resolve({ outcome: 'exited', code, output: Buffer.concat(chunks), log });
    });
  });
}
