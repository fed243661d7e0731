// A 2 GiB video upload: how much memory the server needs to take it. The real built server (its own
// process, SQLite, local storage in a temp DATA_DIR, a pro account made with the admin CLI: the free plan
// allows only 1 GB) gets POST /api/media/upload-url for 2 GiB, then the PUT of the file streamed from disk
// (node:http request fed by fs.createReadStream, never buffered), then POST /api/media/complete.
// The file is made here and deleted at the end: a valid ISO box structure that sniffs as MP4 (ftyp isom, a
// moov holding only an mvhd with a creation date, then one 64-bit mdat box to the end of the file), written
// sparse (a few hundred bytes of boxes, the rest a hole), so making it costs neither time nor disk.
// The server's resident memory (VmRSS in /proc/<pid>/status) is sampled every 50 ms; the figure is the peak
// growth during the PUT over the idle RSS measured just before it (median of 1 s of samples, after a
// small upload has warmed the same routes up).
// Baseline in the same run: the same 2 GiB streamed the same way to a minimal node:http server (own
// process) that pipes the request into a file and fsyncs it, as local storage does, measured the same way;
// so the ratio is what the app adds to streaming to disk. Rounds go bare, app, app, bare; the worst run of
// each counts. Upload throughput (MB/s, MB = 1,048,576 bytes) is reported for both.
// Needs about 5 GiB free in the temp folder (the stored copy, and the input should the file system not
// keep it sparse); skipped with a message otherwise.
// Target: peak RSS growth during the upload under 100 MB.
import { Buffer } from 'node:buffer';
import {
  closeSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setInterval, clearInterval } from 'node:timers';
import {
  ROOT,
  fmt,
  freePort,
  median,
  performance,
  serverEntryPoint,
  sleep,
  startProcess,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  reportLines,
} from './lib.mjs';
import { createAccount, send, sendJson, signIn } from './media-lib.mjs';

const SIZE = 2 * 1024 ** 3;
const MB = 1024 * 1024;
const SAMPLE_MS = 50;
const IDLE_MS = 1000;
const TARGET_GROWTH_MB = 100;
const NEEDED_BYTES = 2 * SIZE + 1024 ** 3;
const CREATED = new Date('2024-06-01T12:00:00Z');
const WARM_UP_VIDEO = path.resolve(ROOT, '../shared/fixtures/media/video/tokyo_xyz.mp4');

// ---------------------------------------------------------------------------------------------------
// The file.

function box(type, ...parts) {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** ftyp + moov(mvhd) + the header of an mdat that runs to byte `size`: everything but the media data. */
function mp4Head(size) {
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  const mvhd = Buffer.alloc(100); // version 0: 32-bit times
  const seconds = Math.floor(CREATED.getTime() / 1000) + 2_082_844_800; // since 1904-01-01
  mvhd.writeUInt32BE(seconds, 4); // creation_time
  mvhd.writeUInt32BE(seconds, 8); // modification_time
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(60_000, 16); // duration: 60 s
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const [at, value] of [
    [36, 0x00010000],
    [52, 0x00010000],
    [68, 0x40000000],
  ]) {
    mvhd.writeUInt32BE(value, at); // the identity matrix
  }
  mvhd.writeUInt32BE(1, 96); // next_track_ID
  const moov = box('moov', box('mvhd', mvhd));
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(1, 0); // size 1: a 64-bit size follows the type
  mdat.write('mdat', 4, 'latin1');
  mdat.writeBigUInt64BE(BigInt(size - ftyp.length - moov.length), 8);
  return Buffer.concat([ftyp, moov, mdat]);
}

/** The sparse 2 GiB MP4 at `file`: the boxes written, the media data left as a hole. */
function writeLargeMp4(file, size) {
  const bytes = mp4Head(size);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, bytes, 0, bytes.length, 0);
    ftruncateSync(fd, size);
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------------
// Memory.

function rssMb(pid) {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** Samples `pid`'s RSS every SAMPLE_MS until stop(), which answers { peak, values, samples, longestGapMs }. */
function sampleRss(pid) {
  const samples = [{ at: performance.now(), mb: rssMb(pid) }];
  const timer = setInterval(() => samples.push({ at: performance.now(), mb: rssMb(pid) }), SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push({ at: performance.now(), mb: rssMb(pid) });
      let longestGapMs = 0;
      for (let i = 1; i < samples.length; i += 1) {
        longestGapMs = Math.max(longestGapMs, samples[i].at - samples[i - 1].at);
      }
      const values = samples.map((s) => s.mb);
      return { peak: Math.max(...values), values, samples: samples.length, longestGapMs };
    },
  };
}

/** Median RSS over IDLE_MS of samples. */
async function idleRss(pid) {
  const sampler = sampleRss(pid);
  await sleep(IDLE_MS);
  return median(sampler.stop().values);
}

// ---------------------------------------------------------------------------------------------------
// The two servers.

/** The baseline: node:http piping each PUT into a new file in UPLOAD_DIR, fsynced before the 200. */
const BARE_UPLOAD_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream');
let count = 0;
const server = http.createServer((req, res) => {
  if (req.method !== 'PUT') return res.end('ok');
  const file = path.join(process.env.UPLOAD_DIR, 'upload-' + count++);
  pipeline(req, fs.createWriteStream(file), (error) => {
    if (error) { res.statusCode = 500; return res.end(String(error)); }
    fs.open(file, 'r+', (openError, fd) => {
      if (openError) { res.statusCode = 500; return res.end(String(openError)); }
      fs.fsync(fd, () => fs.close(fd, () => res.end()));
    });
  });
});
server.requestTimeout = 0;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** PUT of `file` (streamed) to `url` while sampling `pid`; the peak over `idle` and the throughput. */
async function timedPut(agent, url, file, contentType, pid) {
  const { size } = statSync(file);
  const idle = await idleRss(pid);
  const sampler = sampleRss(pid);
  const started = performance.now();
  const res = await send(agent, url, {
    method: 'PUT',
    headers: { 'content-type': contentType, 'content-length': size },
    file,
    timeoutMs: 600_000,
  });
  const ms = performance.now() - started;
  const rss = sampler.stop();
  if (res.status !== 200) throw new Error(`PUT answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
  return { idle, peak: rss.peak, growth: rss.peak - idle, ms, mbps: size / MB / (ms / 1000), rss };
}

async function bareRound(file, log) {
  const uploadDir = tempDir('waymarks-bench-bare-upload-');
  const port = await freePort();
  const proc = startProcess(process.execPath, ['-e', BARE_UPLOAD_SERVER], {
    env: { PORT: String(port), UPLOAD_DIR: uploadDir },
    label: 'bare node:http upload server',
  });
  const agent = new http.Agent({ keepAlive: true });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor200(`${origin}/`, proc);
    // Warm-up: the same small upload the app gets.
    await timedPut(agent, `${origin}/upload`, WARM_UP_VIDEO, 'video/mp4', proc.child.pid);
    const put = await timedPut(agent, `${origin}/upload`, file, 'video/mp4', proc.child.pid);
    const stored = readdirSync(uploadDir).map((name) => statSync(path.join(uploadDir, name)).size);
    if (!stored.includes(SIZE)) throw new Error(`the bare server stored ${stored.join(', ')} bytes`);
    log(
      `bare node:http: idle ${fmt(put.idle, 1)} MB, peak ${fmt(put.peak, 1)} MB during the PUT → growth ` +
        `${fmt(put.growth, 1)} MB; ${fmt(put.ms / 1000, 1)} s, ${fmt(put.mbps)} MB/s ` +
        `(${put.rss.samples} samples, longest gap ${fmt(put.rss.longestGapMs)} ms)`,
    );
    return put;
  } finally {
    agent.destroy();
    await stopProcess(proc);
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

async function appRound(server, origin, auth, pinId, file, log) {
  const agent = new http.Agent({ keepAlive: true });
  const pid = server.child.pid;
  const upload = async (source, contentType, measured) => {
    const { size } = statSync(source);
    const reserved = await sendJson(agent, `${origin}/api/media/upload-url`, {
      method: 'POST',
      headers: auth,
      json: {
        pinId,
        contentType,
        filename: path.basename(source),
        sizeMB: size / MB,
        sizeBytes: size,
      },
    });
    const put = await timedPut(
      agent,
      new URL(reserved.uploadUrl, origin).toString(),
      source,
      reserved.contentType,
      pid,
    );
    const sampler = sampleRss(pid);
    const started = performance.now();
    const completed = await sendJson(agent, `${origin}/api/media/complete`, {
      method: 'POST',
      headers: auth,
      json: { mediaId: reserved.mediaId },
      timeoutMs: 120_000,
    });
    const completeMs = performance.now() - started;
    const completeRss = sampler.stop();
    if (measured && completed.media.sizeBytes !== SIZE) {
      throw new Error(`complete stored ${completed.media.sizeBytes} bytes, expected ${SIZE}`);
    }
    const taken = Date.parse(completed.media.exifData.dateTaken ?? '');
    if (measured && (!completed.media.isVideo || taken !== CREATED.getTime())) {
      throw new Error(`complete read the video wrong: ${JSON.stringify(completed.media.exifData)}`);
    }
    // Deleted again, so the next round has the disk space and the same storage to start from.
    await sendJson(agent, `${origin}/api/media/${reserved.mediaId}`, { method: 'DELETE', headers: auth });
    return { put, completeMs, completePeak: completeRss.peak };
  };
  try {
    await upload(WARM_UP_VIDEO, 'video/mp4', false);
    const { put, completeMs, completePeak } = await upload(file, 'video/mp4', true);
    log(
      `app: idle ${fmt(put.idle, 1)} MB, peak ${fmt(put.peak, 1)} MB during the PUT → growth ` +
        `${fmt(put.growth, 1)} MB; ${fmt(put.ms / 1000, 1)} s, ${fmt(put.mbps)} MB/s ` +
        `(${put.rss.samples} samples, longest gap ${fmt(put.rss.longestGapMs)} ms); complete ` +
        `${fmt(completeMs)} ms, peak ${fmt(completePeak, 1)} MB meanwhile`,
    );
    return { ...put, completeMs, completePeak };
  } finally {
    agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------

export async function run() {
  const target = `peak server RSS growth during a 2 GiB upload < ${TARGET_GROWTH_MB} MB`;
  const work = os.tmpdir();
  const { bavail, bsize } = statfsSync(work);
  const free = bavail * bsize;
  if (free < NEEDED_BYTES) {
    const message = `skipped: ${fmt(free / 1024 ** 3, 1)} GiB free in ${work} (statfs, as df reports it), needs ${fmt(NEEDED_BYTES / 1024 ** 3)} GiB`;
    console.log(`  ${message}`);
    return {
      name: 'media-large-upload',
      figure: message,
      target,
      pass: false,
      skipped: true,
      details: [message],
    };
  }
  if (!statSync('/proc/self/status', { throwIfNoEntry: false })) {
    const message = 'skipped: no /proc to read resident memory from (Linux only)';
    console.log(`  ${message}`);
    return {
      name: 'media-large-upload',
      figure: message,
      target,
      pass: false,
      skipped: true,
      details: [message],
    };
  }

  const entry = serverEntryPoint();
  const { details, log } = reportLines();
  log(`server: ${entry.label}; ${fmt(free / 1024 ** 3, 1)} GiB free in ${work}`);

  const inputDir = tempDir('waymarks-bench-large-');
  const file = path.join(inputDir, 'large-2GiB.mp4');
  const dataDir = tempDir();
  const email = `bench-large-${Date.now()}@example.com`;
  let server;
  const bare = [];
  const app = [];
  try {
    writeLargeMp4(file, SIZE);
    const allocated = statSync(file).blocks * 512;
    log(
      `input: ${fmt(SIZE / MB)} MB MP4 (ftyp isom, moov/mvhd, 64-bit mdat), ${fmt(allocated / 1024)} KiB on disk (sparse)`,
    );

    await createAccount(dataDir, email, 'pro');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = startServer({ port, dataDir, env: { STORAGE: 'local' } });
    await waitFor200(`${origin}/api/ready`, server);
    const setup = new http.Agent({ keepAlive: true });
    const auth = await signIn(setup, origin, email);
    const { pinId } = await sendJson(
      setup,
      `${origin}/api/pins`,
      { method: 'POST', headers: auth, json: { lat: 48.8584, lng: 2.2945, title: 'Large upload' } },
      201,
    );
    setup.destroy();

    // bare, app, app, bare: drift on the machine hits both alike.
    bare.push(await bareRound(file, log));
    app.push(await appRound(server, origin, auth, pinId, file, log));
    app.push(await appRound(server, origin, auth, pinId, file, log));
    bare.push(await bareRound(file, log));
  } finally {
    if (server) await stopProcess(server);
    rmSync(file, { force: true });
  }

  const worst = (runs) => runs.reduce((a, b) => (b.growth > a.growth ? b : a));
  const appWorst = worst(app);
  const bareWorst = worst(bare);
  const ratio = appWorst.growth / Math.max(bareWorst.growth, 1);
  const speed = (runs) => median(runs.map((r) => r.mbps));
  log(
    `worst growth: app ${fmt(appWorst.growth, 1)} MB vs bare ${fmt(bareWorst.growth, 1)} MB ` +
      `(app ÷ bare ${ratio.toFixed(2)}×); idle RSS app ${fmt(appWorst.idle, 1)} MB, ` +
      `bare ${fmt(bareWorst.idle, 1)} MB`,
  );
  log(
    `throughput (median): app ${fmt(speed(app))} MB/s, bare ${fmt(speed(bare))} MB/s ` +
      `(${(speed(app) / speed(bare)).toFixed(2)}×)`,
  );

  return {
    name: 'media-large-upload',
    figure:
      `peak RSS growth ${fmt(appWorst.growth, 1)} MB (bare node:http ${fmt(bareWorst.growth, 1)} MB, ` +
      `${ratio.toFixed(1)}×); ${fmt(speed(app))} MB/s (bare ${fmt(speed(bare))} MB/s)`,
    target,
    pass: appWorst.growth < TARGET_GROWTH_MB,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
