// Photo ingest throughput: photos per second through the whole upload protocol of SPEC.md §7 against the
// real built server (its own process, SQLite, local storage in a temp DATA_DIR, a pro account made with
// the admin CLI, signed in through /api/auth/signin, one pin made through /api/pins): for each photo
// POST /api/media/upload-url, PUT of the bytes streamed from disk to the signed URL, POST /api/media/complete,
// with 4 photos in flight (the web app's upload batch size) over keep-alive connections, and until the
// gallery lists every photo of the quarter ready: thumbnails and previews are made by a job after
// complete answers, and their time is counted in.
// Inputs: every photo fixture (../shared/fixtures/media/photos/{gps,no-gps}: JPEG, HEIC, HEIF) plus 100
// generated 12-megapixel JPEGs (4000×3000, a smooth colour field with pixel noise, quality 90, so
// about 4.3 MB each like a phone photo; EXIF date, camera and GPS). Making 100 distinct 12 MP images would
// cost more than a minute here, so 20 distinct images are encoded and each is written 5 times with its
// own EXIF date patched in place: every file has its own bytes and name, the decoding work is the same.
// Baseline in the same run: the same files straight through the server's own processing code in this
// process (sniffFile + readMetadata + makeDerivatives of apps/server/src/media, bundled with esbuild the way
// the server build bundles them), also 4 in flight, with the same shared limit of 2 derivative jobs at
// once. So the ratio is what the protocol adds: HTTP, the bytes written and fsynced into storage, the
// database, the derivatives stored. The photos are dealt into 4 quarters of the same mix, run
// A B B A A B B A (in-process, HTTP, …), so that drift on a shared machine hits both alike; throughput is
// photos over the summed time of each way's quarters. CPU time per photo (in-process: this process;
// HTTP: the server plus this process as the client) is reported beside it, as it hardly moves with load.
// Target: HTTP throughput at least 0.7× the in-process throughput.
// Every file goes up once: the server refuses bytes the traveller already keeps (409 ALREADY_UPLOADED,
// decision 084), and every measured file has bytes of its own (the fixtures differ, and each generated copy
// has its own EXIF date). The warm-up, a generated JPEG and one of the HEIF fixtures, goes up under a
// second pro account with a pin of its own, so the measured account uploads the fixture's bytes for the
// first time; both accounts are in the one server process, so what the warm-up warms (the HEIC decoder's
// worker, sharp's first pipelines) is warm for the measured uploads. Each completion hashes the stored file
// and looks for the same bytes (part of the protocol now, so counted in the HTTP side).
import { readFileSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  bundleServerCode,
  fmt,
  freePort,
  inFlight,
  mean,
  performance,
  serverEntryPoint,
  startServer,
  stopProcess,
  tempDir,
  waitFor200,
  reportLines,
} from './lib.mjs';
import {
  PIN_AT,
  createAccount,
  fixturePhotos,
  generatePhotos,
  sendJson,
  signIn,
  uploadThroughApi,
} from './media-lib.mjs';

const GENERATED = 100;
const DISTINCT = 20;
const IN_FLIGHT = 4;
const TARGET_RATIO = 0.7;
const MB = 1024 * 1024;
// ---------------------------------------------------------------------------------------------------
// The two ways in.

/** The server's processing code for this process: sniff, metadata, derivatives (externals from node_modules). */
async function bundleProcessing() {
  const bundle = await bundleServerCode(
    'media-ingest',
    [
      "export { sniffFile } from './apps/server/src/media/sniff.ts';",
      "export { readMetadata } from './apps/server/src/media/metadata.ts';",
      "import { createDerivativeMaker } from './apps/server/src/media/derivatives.ts';",
      "import { createLimiter, MAX_CONCURRENT_DERIVATIVE_JOBS } from './apps/server/src/media/job-limiter.ts';",
      'export { MAX_CONCURRENT_DERIVATIVE_JOBS };',
      // One limiter for the process, as the app makes it.
      'export const makeDerivatives = createDerivativeMaker(createLimiter(MAX_CONCURRENT_DERIVATIVE_JOBS));',
    ].join('\n'),
  );
  return import(`${bundle}?${Date.now()}`);
}

/** CPU time a process has used so far, in ms, from /proc (Linux; undefined elsewhere). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------

export async function run() {
  const entry = serverEntryPoint();
  const { details, log } = reportLines();
  log(`server: ${entry.label}`);

  const workDir = tempDir('waymarks-bench-ingest-');
  const generatedAt = performance.now();
  const generated = await generatePhotos(workDir, GENERATED + 1);
  const warmJpeg = generated.pop(); // a 101st file, only for the warm-up
  const fixtures = fixturePhotos();
  log(
    `made ${GENERATED} 12 MP JPEGs (${DISTINCT} distinct images, ${fmt(mean(generated.map((p) => p.bytes)) / MB, 1)} MB ` +
      `on average, ${fmt(Math.min(...generated.map((p) => p.bytes)) / MB, 1)}–${fmt(Math.max(...generated.map((p) => p.bytes)) / MB, 1)} MB) ` +
      `in ${fmt((performance.now() - generatedAt) / 1000, 1)} s`,
  );

  // The fixtures spread among the generated photos, so that HEIC decodes do not bunch up.
  const photos = [];
  const every = Math.ceil(generated.length / fixtures.length);
  let f = 0;
  generated.forEach((photo, i) => {
    if (i % every === 0 && f < fixtures.length) photos.push(fixtures[f++]);
    photos.push(photo);
  });
  photos.push(...fixtures.slice(f));
  const totalBytes = photos.reduce((sum, photo) => sum + photo.bytes, 0);
  const kinds = [...new Set(photos.map((photo) => photo.kind))];
  log(
    `${photos.length} photos, ${fmt(totalBytes / MB, 1)} MB: ` +
      kinds.map((kind) => `${photos.filter((p) => p.kind === kind).length} ${kind}`).join(', '),
  );
  // Each kind dealt round the quarters, so every quarter has the same mix.
  const quarters = [[], [], [], []];
  const dealt = new Map();
  for (const photo of photos) {
    const n = dealt.get(photo.kind) ?? 0;
    dealt.set(photo.kind, n + 1);
    quarters[n % quarters.length].push(photo);
  }
  // A HEIF for the warm-up under a name of its own (the HEIC decoder's worker, sharp's first pipelines); it
  // goes up under the warm-up account, as its bytes are those of a measured fixture.
  const warmHeif = fixtures.find((photo) => photo.name === 'no_metadata.heif');
  const warmHeifLink = path.join(workDir, 'warm-up.heif');
  symlinkSync(warmHeif.file, warmHeifLink);
  const warmUp = [warmJpeg, { ...warmHeif, file: warmHeifLink, name: 'warm-up.heif' }];

  const processing = await bundleProcessing();
  const dataDir = tempDir();
  const email = `bench-ingest-${Date.now()}@example.com`;
  const warmUpEmail = `bench-ingest-warm-up-${Date.now()}@example.com`;
  await createAccount(dataDir, email, 'pro');
  await createAccount(dataDir, warmUpEmail, 'pro');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer({ port, dataDir, env: { STORAGE: 'local' } });
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT * 2 });

  const results = { direct: new Map(), http: new Map() };
  const elapsed = { direct: 0, http: 0 };
  const cpu = { direct: 0, server: 0, client: 0 };
  try {
    await waitFor200(`${origin}/api/ready`, server);
    /** A signed-in traveller with one pin: the measured one, and the warm-up's. */
    const traveller = async (address, title) => {
      const auth = await signIn(agent, origin, address);
      const { pinId } = await sendJson(
        agent,
        `${origin}/api/pins`,
        { method: 'POST', headers: auth, json: { ...PIN_AT, title } },
        201,
      );
      return { auth, pinId };
    };
    const measured = await traveller(email, 'Arezzo ingest');
    const warmUpTraveller = await traveller(warmUpEmail, 'Arezzo warm-up');

    const direct = async (photo) => {
      const started = performance.now();
      const type = await processing.sniffFile(photo.file, photo.contentType);
      const metadata = await processing.readMetadata(photo.file, type.kind);
      const derivatives = await processing.makeDerivatives(photo.file, type);
      if (!derivatives.thumbnail.data.length || !derivatives.preview.data.length) {
        throw new Error(`no derivatives for ${photo.name}`);
      }
      results.direct.set(photo.name, {
        ms: performance.now() - started,
        photo,
        width: derivatives.width,
        located: Boolean(metadata.location),
      });
    };
    const viaHttp = async (photo, { auth, pinId } = measured) => {
      const started = performance.now();
      const step = await uploadThroughApi(agent, origin, auth, pinId, photo);
      results.http.set(photo.name, {
        ms: performance.now() - started,
        photo,
        mediaId: step.completed.mediaId,
        width: null,
        located: Boolean(step.completed.media.exifData.location),
        step,
      });
    };
    /** Waits until the pin's gallery has no item left processing; records each photo's pixel width. */
    const untilReady = async ({ auth, pinId } = measured) => {
      for (;;) {
        const { media } = await sendJson(agent, `${origin}/api/media/pin/${pinId}`, { headers: auth });
        if (!media.some((item) => item.status === 'processing')) {
          const byId = new Map(media.map((item) => [item.mediaId, item]));
          for (const result of results.http.values()) result.width = byId.get(result.mediaId)?.width ?? null;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // Warm-up, not counted: both paths once over a JPEG and a HEIF, the HTTP one under the warm-up account.
    for (const photo of warmUp) {
      await direct(photo);
      await viaHttp(photo, warmUpTraveller);
      await untilReady(warmUpTraveller);
    }
    results.direct.clear();
    results.http.clear();

    const measure = async (way, part) => {
      const cpuBefore = { self: process.cpuUsage(), server: cpuMs(server.child.pid) };
      const started = performance.now();
      await inFlight(part, IN_FLIGHT, way === 'direct' ? direct : viaHttp);
      if (way === 'http') await untilReady(measured);
      const ms = performance.now() - started;
      const self = process.cpuUsage(cpuBefore.self);
      const selfMs = (self.user + self.system) / 1000;
      elapsed[way] += ms;
      if (way === 'direct') cpu.direct += selfMs;
      else {
        cpu.client += selfMs;
        cpu.server += (cpuMs(server.child.pid) ?? NaN) - (cpuBefore.server ?? NaN);
      }
      console.log(
        `  … ${way === 'direct' ? 'in-process' : 'HTTP'}: ${part.length} photos in ${fmt(ms / 1000, 1)} s ` +
          `(${fmt((part.length * 1000) / ms, 2)} photos/s)`,
      );
    };
    // A B B A A B B A: drift on the machine hits both alike.
    for (const [q, order] of [
      [0, ['direct', 'http']],
      [1, ['http', 'direct']],
      [2, ['direct', 'http']],
      [3, ['http', 'direct']],
    ]) {
      for (const way of order) await measure(way, quarters[q]);
    }

    for (const [who, expected] of [
      [measured, photos.length],
      [warmUpTraveller, warmUp.length],
    ]) {
      const pin = await sendJson(agent, `${origin}/api/pins/${who.pinId}`, { headers: who.auth });
      const mediaCount = (pin.pin ?? pin).mediaCount;
      if (mediaCount !== expected) throw new Error(`a pin has ${mediaCount} media, expected ${expected}`);
    }
  } finally {
    agent.destroy();
    await stopProcess(server);
  }

  // Both ways must have read the same things, or one of them is fast for the wrong reason.
  const disagree = photos.filter((photo) => {
    const a = results.direct.get(photo.name);
    const b = results.http.get(photo.name);
    return a.width !== b.width || a.located !== b.located;
  });
  if (disagree.length > 0) {
    throw new Error(`HTTP and in-process disagree on ${disagree.map((photo) => photo.name).join(', ')}`);
  }
  const located = photos.filter((photo) => results.http.get(photo.name).located).length;
  log(`both ways agree on every photo's size and location (${located} of ${photos.length} located)`);

  const rate = {
    direct: (photos.length * 1000) / elapsed.direct,
    http: (photos.length * 1000) / elapsed.http,
  };
  const ratio = rate.http / rate.direct;
  log(
    `in-process (baseline): ${fmt(rate.direct, 2)} photos/s, ${fmt(((totalBytes / MB) * 1000) / elapsed.direct, 1)} MB/s ` +
      `(${fmt(elapsed.direct / 1000, 1)} s for ${photos.length})`,
  );
  log(
    `HTTP upload-url → PUT → complete → thumbnails made: ${fmt(rate.http, 2)} photos/s, ${fmt(((totalBytes / MB) * 1000) / elapsed.http, 1)} MB/s ` +
      `(${fmt(elapsed.http / 1000, 1)} s for ${photos.length})`,
  );
  log(`ratio: HTTP ÷ in-process = ${ratio.toFixed(2)}×`);
  log(
    `per kind, mean ms per photo with ${IN_FLIGHT} in flight (in-process, derivatives included | HTTP until ` +
      `complete answers, derivatives after | ratio):`,
  );
  for (const kind of kinds) {
    const of = (way) => mean(photos.filter((p) => p.kind === kind).map((p) => results[way].get(p.name).ms));
    const [a, b] = [of('direct'), of('http')];
    log(`  ${kind.padEnd(20)} ${fmt(a).padStart(6)} | ${fmt(b).padStart(6)} | ${(b / a).toFixed(2)}×`);
  }
  const steps = [...results.http.values()].map((result) => result.step);
  log(
    `HTTP steps, mean ms: upload-url ${fmt(mean(steps.map((s) => s.reserveMs)), 1)}, PUT ` +
      `${fmt(mean(steps.map((s) => s.putMs)), 1)}, complete ${fmt(mean(steps.map((s) => s.completeMs)), 1)}`,
  );
  if (Number.isFinite(cpu.server)) {
    const httpCpu = cpu.server + cpu.client;
    log(
      `CPU per photo: in-process ${fmt(cpu.direct / photos.length)} ms; HTTP ${fmt(httpCpu / photos.length)} ms ` +
        `(server ${fmt(cpu.server / photos.length)} ms + client ${fmt(cpu.client / photos.length)} ms): the ` +
        `protocol costs ${(httpCpu / cpu.direct).toFixed(2)}× the CPU (user + system time)`,
    );
  }

  return {
    name: 'media-ingest',
    figure:
      `HTTP ${fmt(rate.http, 2)} photos/s vs in-process ${fmt(rate.direct, 2)} photos/s = ${ratio.toFixed(2)}× ` +
      `(${photos.length} photos, ${IN_FLIGHT} in flight)`,
    target: `HTTP ≥ ${TARGET_RATIO}× the in-process throughput`,
    pass: ratio >= TARGET_RATIO,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
