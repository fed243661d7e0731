// Thumbnails on the durable queue (decision 094): 200 photos completed through the real built server on
// PostgreSQL (a fresh database on TEST_DATABASE_URL's server, dropped after; local storage in one DATA_DIR)
// with JOBS=worker, while worker processes (apps/server/dist/worker.js) take their thumbnail jobs from
// pg-boss. Each round signs in a pro account of its own (made with the admin CLI), makes one pin and
// uploads the 200 photos with 4 in flight (the web app's batch): upload-url, PUT, complete. Figures:
// - time from the first upload until the pin's gallery lists all 200 ready, with one worker and with two;
// - how long POST /api/media/complete takes, against what it took when the thumbnails were made inside
//   it: the same completion plus the derivatives of the same file through the server's own code in this
//   process (apps/server/src/media/derivatives.ts, bundled as the server build bundles it), p50 of each.
// Inputs: 200 generated 2000×1500 JPEGs (noise, each shifted to a colour of its own, so each has its own
// bytes). Before each round, a warm-up account uploads 4 photos and waits for them, so the workers' first
// decodes are not counted.
// Targets: complete p50 at most 0.5× the in-request time; two workers take no longer than one.
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import {
  bundleServerCode,
  createAccount,
  createPostgresDatabase,
  fmt,
  freePort,
  inFlight,
  percentile,
  performance,
  randomSecret,
  startServer,
  startWorker,
  stopProcess,
  tempDir,
  waitFor200,
} from './lib.mjs';
import { PIN_AT, sendJson, signIn, uploadThroughApi } from './media-lib.mjs';

const PHOTOS = 200;
const WARM_UP = 4;
const IN_FLIGHT = 4;
const WIDTH = 2000;
const HEIGHT = 1500;
const TARGET_COMPLETE_RATIO = 0.5;

/**
 * `count` JPEGs in `dir`, each with pixels of its own: a few noise fields made once, each photo one of them
 * shifted to a colour of its own (making 200 noise fields would take minutes). { file, name, bytes, contentType }.
 */
async function generatePhotos(dir, count) {
  mkdirSync(dir, { recursive: true });
  const fields = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      sharp({
        create: {
          width: WIDTH,
          height: HEIGHT,
          channels: 3,
          background: { r: 40 * i, g: 128, b: 200 - 40 * i },
          noise: { type: 'gaussian', mean: 128, sigma: 12 },
        },
      })
        .raw()
        .toBuffer(),
    ),
  );
  const photos = [];
  for (let i = 0; i < count; i += 1) {
    const name = `queue-${String(i).padStart(3, '0')}.jpg`;
    const file = path.join(dir, name);
    const { size } = await sharp(fields[i % fields.length], {
      raw: { width: WIDTH, height: HEIGHT, channels: 3 },
    })
      .linear([1, 1, 1], [i % 64, Math.floor(i / 64) * 16, 0])
      .jpeg({ quality: 85 })
      .toFile(file);
    photos.push({ file, name, bytes: size, contentType: 'image/jpeg' });
  }
  return photos;
}

export async function run() {
  const postgres = await createPostgresDatabase();
  if (postgres.skipped) return { name: 'media-queue', skipped: postgres.skipped, figure: '-', target: '-' };
  const dataDir = tempDir();
  const photos = await generatePhotos(path.join(tempDir(), 'photos'), PHOTOS + WARM_UP);
  const [warmUp, measured] = [photos.slice(0, WARM_UP), photos.slice(WARM_UP)];
  const env = {
    DATABASE_URL: postgres.url,
    STORAGE: 'local',
    JOBS: 'worker',
  };
  const authSecret = randomSecret();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer({ port, dataDir, authSecret, env });
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT * 2 });
  const workers = [];
  try {
    await waitFor200(`${origin}/api/ready`, server, { timeoutMs: 60_000 });
    const traveller = async (email) => {
      await createAccount(dataDir, email, 'pro', { env });
      const auth = await signIn(agent, origin, email);
      const { pinId } = await sendJson(
        agent,
        `${origin}/api/pins`,
        { method: 'POST', headers: auth, json: { ...PIN_AT, title: email } },
        201,
      );
      return { auth, pinId };
    };
    const untilReady = async ({ auth, pinId }, count) => {
      for (;;) {
        const { media } = await sendJson(agent, `${origin}/api/media/pin/${pinId}`, { headers: auth });
        if (media.length === count && media.every((item) => item.status === 'ready')) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    /** One round with `count` workers: the warm-up, then the 200 photos until all are ready. */
    const round = async (count) => {
      while (workers.length < count) {
        workers.push(startWorker({ dataDir, authSecret, env }));
      }
      const warm = await traveller(`warm-${count}@example.com`);
      for (const photo of warmUp) await uploadThroughApi(agent, origin, warm.auth, warm.pinId, photo);
      await untilReady(warm, warmUp.length);
      const measuredTraveller = await traveller(`queue-${count}@example.com`);
      const completeMs = [];
      const started = performance.now();
      await inFlight(measured, IN_FLIGHT, async (photo) => {
        const result = await uploadThroughApi(
          agent,
          origin,
          measuredTraveller.auth,
          measuredTraveller.pinId,
          photo,
        );
        completeMs.push(result.completeMs);
      });
      const uploadedMs = performance.now() - started;
      await untilReady(measuredTraveller, measured.length);
      const readyMs = performance.now() - started;
      console.log(
        `  … ${count} worker${count > 1 ? 's' : ''}: ${PHOTOS} uploaded in ${fmt(uploadedMs / 1000, 1)} s, ` +
          `all ready after ${fmt(readyMs / 1000, 1)} s; complete p50 ${fmt(percentile(sorted(completeMs), 50))} ms`,
      );
      return { readyMs, completeMs };
    };

    const one = await round(1);
    const two = await round(2);

    // What a completion cost when it made the thumbnails itself: the completion now, plus the
    // derivatives of the same file made here, one file at a time, through the server's own code.
    const bundle = await bundleServerCode(
      'media-queue',
      [
        "import { createDerivativeMaker } from './apps/server/src/media/derivatives.ts';",
        "import { createLimiter, MAX_CONCURRENT_DERIVATIVE_JOBS } from './apps/server/src/media/job-limiter.ts';",
        'export const makeDerivatives = createDerivativeMaker(createLimiter(MAX_CONCURRENT_DERIVATIVE_JOBS));',
      ].join('\n'),
    );
    const { makeDerivatives } = await import(`${bundle}?${Date.now()}`);
    await makeDerivatives(warmUp[0].file, { mime: 'image/jpeg', kind: 'image' });
    const deriveMs = [];
    for (const photo of measured.slice(0, 40)) {
      const t0 = performance.now();
      await makeDerivatives(photo.file, { mime: 'image/jpeg', kind: 'image' });
      deriveMs.push(performance.now() - t0);
    }
    const completeP50 = percentile(sorted(one.completeMs), 50);
    const inRequestP50 = completeP50 + percentile(sorted(deriveMs), 50);
    const completeRatio = completeP50 / inRequestP50;
    const workersRatio = two.readyMs / one.readyMs;
    return {
      name: 'media-queue',
      figure:
        `${PHOTOS} photos all ready in ${fmt(one.readyMs / 1000, 1)} s with one worker, ` +
        `${fmt(two.readyMs / 1000, 1)} s with two (${workersRatio.toFixed(2)}×); complete p50 ` +
        `${fmt(completeP50)} ms, ${completeRatio.toFixed(2)}× the ${fmt(inRequestP50)} ms it took with the ` +
        `thumbnails made inside it`,
      target: `complete ≤ ${TARGET_COMPLETE_RATIO}× the in-request time; two workers ≤ 1.0× one worker's time`,
      pass: completeRatio <= TARGET_COMPLETE_RATIO && workersRatio <= 1,
    };
  } finally {
    for (const worker of workers) await stopProcess(worker);
    await stopProcess(server);
    agent.destroy();
    await postgres.drop();
  }
}

const sorted = (values) => [...values].sort((a, b) => a - b);
