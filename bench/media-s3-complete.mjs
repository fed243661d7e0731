// Completing a 1 GiB video upload on S3 storage: how many bytes the server reads from the bucket before it
// answers. The real built server (its own process, SQLite, STORAGE=s3 against s3rver on loopback in this
// process, a pro account made with the admin CLI) gets POST /api/media/upload-url for 1 GiB, the PUT goes
// straight to the bucket through the presigned URL, then POST /api/media/complete is timed while s3rver
// counts the body bytes of every GET it answers.
// The file is made here and deleted at the end: ftyp, a 64-bit mdat of 1 GiB (a hole: no disk, no time),
// then the moov at the end, as phones write it, holding an mvhd with a creation date and a duration of
// six minutes (1 GiB in six minutes is a 4K phone recording's rate). It has no tracks, so no frame
// decodes and the video gets the neutral poster, as any undecodable video does; the reads that plan and
// fetch the poster's bytes happen all the same, before the answer.
// Baseline in the same run: the whole-object download complete used to make before it could even sniff
// the type, the same GET of the whole object (its presigned stream URL) written to a temp file.
// Needs about 2.5 GiB free in the temp folder (s3rver's copy and the baseline's); skipped otherwise.
// Target: at most 8 MB read from storage before the answer.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  ftruncateSync,
  openSync,
  readSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ROOT,
  fmt,
  freePort,
  performance,
  serverEntryPoint,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
} from './lib.mjs';
import { createAccount, send, sendJson, signIn } from './media-lib.mjs';

const SIZE = 1024 ** 3;
const MB = 1024 * 1024;
const TARGET_MB = 8;
const NEEDED_BYTES = 2.5 * SIZE;
const CREATED = new Date('2024-06-01T12:00:00Z');
const DURATION_S = 6 * 60;
const BUCKET = 'waymarks-bench';

// ---------------------------------------------------------------------------------------------------
// The file.

function box(type, ...parts) {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function moovBox() {
  const mvhd = Buffer.alloc(100); // version 0: 32-bit times
  const seconds = Math.floor(CREATED.getTime() / 1000) + 2_082_844_800; // since 1904-01-01
  mvhd.writeUInt32BE(seconds, 4); // creation_time
  mvhd.writeUInt32BE(seconds, 8); // modification_time
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(DURATION_S * 1000, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const at of [36, 52]) mvhd.writeUInt32BE(0x00010000, at);
  mvhd.writeUInt32BE(0x40000000, 68); // the identity matrix
  mvhd.writeUInt32BE(1, 96); // next_track_ID
  return box('moov', box('mvhd', mvhd));
}

/** ftyp, the header of a 64-bit mdat, a hole for its data, the moov last: `size` bytes in all. */
function writeSparseMp4(file, size) {
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  const moov = moovBox();
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(1, 0); // size 1: a 64-bit size follows the type
  mdat.write('mdat', 4, 'latin1');
  mdat.writeBigUInt64BE(BigInt(size - ftyp.length - moov.length), 8);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, Buffer.concat([ftyp, mdat]), 0, ftyp.length + mdat.length, 0);
    ftruncateSync(fd, size);
    writeSync(fd, moov, 0, moov.length, size - moov.length);
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------------
// s3rver, counting what it sends.

// s3rver is a dev dependency of the server, as in its S3 tests.
const require = createRequire(path.join(ROOT, 'apps/server/package.json'));

/**
 * S3 computes the SHA-256 of an object copied with `x-amz-checksum-algorithm: SHA256` and answers it to a
 * HEAD that asks, so completion learns an upload's hash without reading it (docs/decisions/084); s3rver
 * ignores both headers. As apps/server/src/adapters/storage/storage-test-servers.ts does for the tests, this
 * does what S3 does, reading the copy from s3rver's folder 16 MB at a time.
 */
function keepCopyChecksums(server, directory) {
  const FilesystemStore = require('s3rver/lib/stores/filesystem');
  const store = new FilesystemStore(directory);
  const kept = new Map();
  server.httpServer.prependListener('request', (request, response) => {
    const [bucket, ...key] = decodeURIComponent(request.url.split('?')[0]).slice(1).split('/');
    const object = `${bucket}/${key.join('/')}`;
    if (request.method === 'PUT' || request.method === 'DELETE') kept.delete(object);
    const sha256Copy =
      request.method === 'PUT' &&
      request.headers['x-amz-copy-source'] !== undefined &&
      String(request.headers['x-amz-checksum-algorithm']).toUpperCase() === 'SHA256';
    if (sha256Copy) {
      response.on('finish', () => {
        if (response.statusCode !== 200) return;
        const hash = createHash('sha256');
        const fd = openSync(store.getResourcePath(bucket, key.join('/'), 'object'), 'r');
        try {
          const chunk = Buffer.alloc(16 * 1024 * 1024);
          for (let read; (read = readSync(fd, chunk, 0, chunk.length, null)) > 0;) {
            hash.update(chunk.subarray(0, read));
          }
        } finally {
          closeSync(fd);
        }
        kept.set(object, hash.digest('base64'));
      });
    }
    if (request.method === 'HEAD' && request.headers['x-amz-checksum-mode'] === 'ENABLED') {
      const writeHead = response.writeHead.bind(response);
      response.writeHead = (...args) => {
        const checksum = kept.get(object);
        if (checksum && response.statusCode === 200) {
          response.setHeader('x-amz-checksum-sha256', checksum);
          response.setHeader('x-amz-checksum-type', 'FULL_OBJECT');
        }
        return writeHead(...args);
      };
    }
  });
}

/** s3rver on a free loopback port; `sent` counts GET response body bytes and requests from now on. */
async function startBucket(directory) {
  const S3rver = require('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await server.run();
  keepCopyChecksums(server, directory);
  const sent = { bytes: 0, gets: 0 };
  server.httpServer.on('request', (request, response) => {
    if (request.method !== 'GET') return;
    sent.gets += 1;
    const { write, end } = response;
    const count = (chunk) => {
      if (chunk && typeof chunk !== 'function') sent.bytes += Buffer.byteLength(chunk);
    };
    response.write = function (chunk, ...rest) {
      count(chunk);
      return write.call(this, chunk, ...rest);
    };
    response.end = function (chunk, ...rest) {
      count(chunk);
      return end.call(this, chunk, ...rest);
    };
  });
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    sent,
    close: async () => {
      server.httpServer.closeAllConnections();
      await server.close();
    },
  };
}

/** GET of `url` into `file`: the bytes and the milliseconds. */
function download(url, file) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`GET answered ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        pipeline(res, createWriteStream(file)).then(
          () => resolve({ bytes, ms: performance.now() - started }),
          reject,
        );
      })
      .on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------------

export async function run() {
  const target = `at most ${TARGET_MB} MB read from storage before complete answers`;
  const work = os.tmpdir();
  const { bavail, bsize } = statfsSync(work);
  const free = bavail * bsize;
  if (free < NEEDED_BYTES) {
    const why = `needs ${fmt(NEEDED_BYTES / 1024 ** 3, 1)} GiB free in ${work}, has ${fmt(free / 1024 ** 3, 1)}`;
    console.log(`  skipped: ${why}`);
    return { name: 'media-s3-complete', figure: '-', target, pass: false, skipped: true, details: why };
  }
  const entry = serverEntryPoint();
  console.log(`  server: ${entry.label}`);

  const dataDir = tempDir('waymarks-bench-s3-');
  const file = path.join(dataDir, 'large.mp4');
  const copy = path.join(dataDir, 'whole-download');
  const bucket = await startBucket(tempDir('waymarks-bench-s3rver-'));
  let server;
  try {
    writeSparseMp4(file, SIZE);
    const email = 'bench-s3@example.com';
    await createAccount(dataDir, email, 'pro');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = startServer({
      port,
      dataDir,
      env: {
        STORAGE: 's3',
        S3_ENDPOINT: bucket.endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    await waitFor200(`${origin}/api/ready`, server);
    const agent = new http.Agent({ keepAlive: true });
    const auth = await signIn(agent, origin, email);
    const { pinId } = await sendJson(
      agent,
      `${origin}/api/pins`,
      { method: 'POST', headers: auth, json: { lat: 35.6586, lng: 139.7454, title: 'S3 complete' } },
      201,
    );
    const reserved = await sendJson(agent, `${origin}/api/media/upload-url`, {
      method: 'POST',
      headers: auth,
      json: { pinId, contentType: 'video/mp4', filename: 'large.mp4', sizeMB: SIZE / MB, sizeBytes: SIZE },
    });
    const put = await send(agent, reserved.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'content-length': SIZE },
      file,
      timeoutMs: 600_000,
    });
    if (put.status !== 200) throw new Error(`PUT to s3rver answered ${put.status}`);
    rmSync(file, { force: true });

    const before = { ...bucket.sent };
    const started = performance.now();
    const completed = await sendJson(agent, `${origin}/api/media/complete`, {
      method: 'POST',
      headers: auth,
      json: { mediaId: reserved.mediaId },
    });
    const completeMs = performance.now() - started;
    const read = bucket.sent.bytes - before.bytes;
    const gets = bucket.sent.gets - before.gets;
    agent.destroy();
    if (completed.media.sizeBytes !== SIZE || !completed.media.isVideo) {
      throw new Error(`complete answered an unexpected item: ${JSON.stringify(completed.media)}`);
    }
    if (Date.parse(completed.media.exifData.dateTaken ?? '') !== CREATED.getTime()) {
      throw new Error(`complete read the video wrong: ${JSON.stringify(completed.media.exifData)}`);
    }

    const whole = await download(completed.media.streamUrl, copy);
    rmSync(copy, { force: true });
    if (whole.bytes !== SIZE) throw new Error(`the whole-object GET gave ${whole.bytes} bytes`);

    const ratio = read / whole.bytes;
    const figure =
      `complete read ${fmt(read / MB, 2)} MB in ${gets} GETs (${fmt(completeMs)} ms) vs the whole-object ` +
      `download ${fmt(whole.bytes / MB)} MB (${fmt(whole.ms)} ms): ${(ratio * 100).toFixed(2)}% of the bytes, ` +
      `${fmt(1 / ratio)}× fewer`;
    console.log(`  ${figure}`);
    return {
      name: 'media-s3-complete',
      figure,
      target,
      pass: read <= TARGET_MB * MB,
      details: { read, gets, completeMs, whole },
    };
  } finally {
    if (server) await stopProcess(server);
    await bucket.close();
    rmSync(file, { force: true });
    rmSync(copy, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
