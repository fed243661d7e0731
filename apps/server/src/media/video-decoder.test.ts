// The confined WebAssembly ffmpeg: a real frame from a fixture video, and what its process can and cannot reach.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DECODER_INPUT,
  DECODER_OUTPUT,
  DecoderUnavailable,
  runConfined,
  runFfmpeg,
  type Spawner,
} from './video-decoder.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const fixture = (name: string) => path.join(repoRoot, '../shared/fixtures/media', name);
/** Each run starts a process and compiles the 32 MB WebAssembly core: give it room on a busy machine. */
const SLOW = 60_000;

const FRAME_ARGS = [
  '-loglevel',
  'error',
  '-f',
  'mov',
  '-protocol_whitelist',
  'file',
  '-i',
  DECODER_INPUT,
  '-frames:v',
  '1',
  '-f',
  'image2pipe',
  '-vcodec',
  'png',
  DECODER_OUTPUT,
];

/** A spawner that starts the real process and keeps what it was asked to start. */
function recordingSpawner() {
  const calls: { args: string[]; options: SpawnOptions; child: ChildProcess }[] = [];
  const spawner: Spawner = (command, args, options) => {
    const child = spawn(command, args, options);
    calls.push({ args, options, child });
    return child;
  };
  return { spawner, calls };
}

/** A DATA_DIR like the server's: the signing secret and the SQLite database. */
let dataDir: string;
let secretFile: string;
const SECRET = 'auth-secret-that-must-never-leave-the-server-0123456789';
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'waymarks-decoder-data-'));
  secretFile = path.join(dataDir, 'auth-secret');
  await writeFile(secretFile, SECRET + '\n', { mode: 0o600 });
  await writeFile(path.join(dataDir, 'waymarks.db'), 'SQLite format 3\0');
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('runFfmpeg', { timeout: SLOW }, () => {
  it('makes a PNG frame of a fixture video, which reaches the decoder as its stdin and not by path', async () => {
    const video = fixture('video/tokyo_xyz.mp4');
    const { spawner, calls } = recordingSpawner();
    const result = await runFfmpeg(
      { args: FRAME_ARGS, input: video, timeoutMs: SLOW, maxOutputBytes: 1024 * 1024 },
      spawner,
    );

    expect(result).toMatchObject({ outcome: 'finished', ok: true });
    const output = result.outcome === 'finished' ? result.output : Buffer.alloc(0);
    const frame = await sharp(output).metadata();
    expect([frame.format, frame.width, frame.height]).toEqual(['png', 320, 240]);

    const [call] = calls;
    expect(typeof call?.options.stdio?.[0]).toBe('number');
    expect(call?.args.some((arg) => arg.includes(video))).toBe(false);
  });

  it('starts the decoder with an empty environment and in an empty directory, whatever secrets the server holds', async () => {
    vi.stubEnv('AUTH_SECRET', SECRET);
    vi.stubEnv('DATABASE_URL', 'postgres://waymarks:db-password@127.0.0.1/waymarks');
    vi.stubEnv('S3_SECRET_ACCESS_KEY', 's3-secret-key');
    vi.stubEnv('GOOGLE_CLIENT_SECRET', 'google-secret');
    vi.stubEnv('NODE_OPTIONS', '--require /tmp/anything.cjs');

    const { spawner, calls } = recordingSpawner();
    const decoded = await runFfmpeg(
      {
        args: FRAME_ARGS,
        input: fixture('video/tokyo_xyz.mp4'),
        timeoutMs: SLOW,
        maxOutputBytes: 1024 * 1024,
      },
      spawner,
    );
    expect(decoded).toMatchObject({ outcome: 'finished', ok: true });
    expect(calls[0]?.options.env).toEqual({});

    // What a process started that way actually sees.
    const seen = await runConfined(
      `const { readdirSync } = require('node:fs');
       let entries;
       try { entries = readdirSync('.'); } catch (error) { entries = error.code; }
       process.stdout.write(JSON.stringify({ env: process.env, cwd: process.cwd(), entries }));`,
      '',
      { stdin: undefined, readable: [], timeoutMs: SLOW, maxOutputBytes: 64 * 1024, spawner },
    );
    expect(seen.outcome).toBe('exited');
    const report = JSON.parse(seen.outcome === 'exited' ? seen.output.toString() : '{}') as {
      env: Record<string, string>;
      cwd: string;
      entries: unknown;
    };
    expect(report.env).toEqual({});
    expect(report.cwd).not.toBe(process.cwd());
    expect(report.cwd.startsWith(path.join(tmpdir(), 'waymarks-decoder-'))).toBe(true);
    expect(report.entries).toBe('ERR_ACCESS_DENIED');
    // The working directory is gone once the decoder is.
    await expect(readdir(report.cwd)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('ffmpeg told to open the auth secret (as a hostile playlist would) finds no such file', async () => {
    const result = await runFfmpeg({
      args: [
        '-loglevel',
        'error',
        '-f',
        'data',
        '-i',
        `file:${secretFile}`,
        '-map',
        '0',
        '-c',
        'copy',
        '-f',
        'data',
        DECODER_OUTPUT,
      ],
      timeoutMs: SLOW,
      maxOutputBytes: 1024 * 1024,
    });
    expect(result).toMatchObject({ outcome: 'finished', ok: false });
    if (result.outcome !== 'finished') return;
    expect(result.log).toMatch(/No such file or directory/);
    expect(result.output.includes(SECRET)).toBe(false);
  });

  it('ffmpeg asked to fetch a URL reaches nothing: the decoder has no network', async () => {
    const accepted: net.Socket[] = [];
    const server = net.createServer((socket) => {
      accepted.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      for (const url of [`http://127.0.0.1:${port}/video.mp4`, `tcp://127.0.0.1:${port}`]) {
        const result = await runFfmpeg({
          args: ['-loglevel', 'error', '-i', url, '-f', 'data', DECODER_OUTPUT],
          timeoutMs: SLOW,
          maxOutputBytes: 1024,
        });
        expect(result).toMatchObject({ outcome: 'finished', ok: false });
      }
      // Connections are accepted in order: once this one is in, any attempt by the decoder would be too.
      const probe = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => server.once('connection', resolve));
      probe.destroy();
      expect(accepted).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('reports a truncated video as ffmpeg failing on it, with its reason and no output', async () => {
    const whole = await readFile(fixture('video/tokyo_xyz.mp4'));
    const cut = path.join(dataDir, 'cut.mp4');
    await writeFile(cut, whole.subarray(0, 3000));
    const result = await runFfmpeg({
      args: FRAME_ARGS,
      input: cut,
      timeoutMs: SLOW,
      maxOutputBytes: 1024 * 1024,
    });
    expect(result).toMatchObject({ outcome: 'finished', ok: false });
    if (result.outcome !== 'finished') return;
    expect(result.log).toMatch(/moov atom not found/);
    expect(result.output.length).toBe(0);
  });

  it('kills a decoder that never finishes at the timeout', async () => {
    const { spawner, calls } = recordingSpawner();
    // An endless test pattern: ffmpeg would run until stopped.
    const result = await runFfmpeg(
      {
        args: ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x480', '-f', 'null', '-'],
        timeoutMs: 2_000,
        maxOutputBytes: 1024,
      },
      spawner,
    );
    expect(result).toEqual({ outcome: 'timeout' });
    expect(calls[0]?.child.signalCode).toBe('SIGKILL');
  });

  it('kills a decoder whose output passes the cap', async () => {
    const { spawner, calls } = recordingSpawner();
    const result = await runFfmpeg(
      { args: FRAME_ARGS, input: fixture('video/tokyo_xyz.mp4'), timeoutMs: SLOW, maxOutputBytes: 1024 },
      spawner,
    );
    expect(result).toEqual({ outcome: 'too-large' });
    expect(calls[0]?.child.signalCode).toBe('SIGKILL');
  });

  it('treats a decoder that cannot start as the server’s fault, not the video’s', async () => {
    // As a Node that refuses the confinement flags would: exit before ffmpeg ever ran.
    const refusing: Spawner = (command, _args, options) => spawn(command, ['-e', 'process.exit(9)'], options);
    await expect(
      runFfmpeg(
        { args: FRAME_ARGS, input: fixture('video/tokyo_xyz.mp4'), timeoutMs: SLOW, maxOutputBytes: 1024 },
        refusing,
      ),
    ).rejects.toBeInstanceOf(DecoderUnavailable);
  });
});

describe('runConfined', { timeout: SLOW }, () => {
  it('a script in the decoder’s process cannot read DATA_DIR, write, start a process or thread, or compile strings', async () => {
    const script = `
      const attempt = (action) => { try { action(); return 'allowed'; } catch (error) { return error.code ?? error.name; } };
      const { dataDir, secretFile } = JSON.parse(process.argv[1]);
      const fs = require('node:fs');
      process.stdout.write(JSON.stringify({
        readSecret: attempt(() => fs.readFileSync(secretFile)),
        listDataDir: attempt(() => fs.readdirSync(dataDir)),
        readDatabase: attempt(() => fs.readFileSync(dataDir + '/waymarks.db')),
        readThroughProc: attempt(() => fs.readFileSync('/proc/self/environ')),
        write: attempt(() => fs.writeFileSync(dataDir + '/planted', 'x')),
        spawn: attempt(() => require('node:child_process').execFileSync('/bin/cat', [secretFile])),
        thread: attempt(() => new (require('node:worker_threads').Worker)('1', { eval: true })),
        evaluate: attempt(() => new Function('return 1')()),
      }));
    `;
    const result = await runConfined(script, JSON.stringify({ dataDir, secretFile }), {
      stdin: undefined,
      readable: [],
      timeoutMs: SLOW,
      maxOutputBytes: 64 * 1024,
      spawner: spawn,
    });
    expect(result.outcome).toBe('exited');
    const report = JSON.parse(result.outcome === 'exited' ? result.output.toString() : '{}') as Record<
      string,
      string
    >;
    expect(report).toEqual({
      readSecret: 'ERR_ACCESS_DENIED',
      listDataDir: 'ERR_ACCESS_DENIED',
      readDatabase: 'ERR_ACCESS_DENIED',
      readThroughProc: 'ERR_ACCESS_DENIED',
      write: 'ERR_ACCESS_DENIED',
      spawn: 'ERR_ACCESS_DENIED',
      thread: 'ERR_ACCESS_DENIED',
      evaluate: 'EvalError',
    });
    expect(await readdir(dataDir)).not.toContain('planted');
  });
});
