// Shared by the media benchmarks (media-ingest, media-large-upload, media-grouping-browser): the photo
// inputs (the fixtures and generated 12-megapixel JPEGs), accounts made with the admin CLI, and HTTP
// calls of the upload protocol over a keep-alive agent.
import { Buffer } from 'node:buffer';
import { createReadStream, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT, performance } from './lib.mjs';

const DISTINCT = 20;
const PASSWORD = 'Bench-pass1';
const MB = 1024 * 1024;
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/media/photos');

/** Arezzo, where the Nikon fixtures were taken: the pin, and the middle of the generated photos. */
export const PIN_AT = { lat: 43.4665, lng: 11.882 };

// ---------------------------------------------------------------------------------------------------
// Inputs.

const CONTENT_TYPES = { jpg: 'image/jpeg', jpeg: 'image/jpeg', heic: 'image/heic', heif: 'image/heif' };

/** Every fixture photo: { file, name, bytes, contentType, kind }. */
export function fixturePhotos() {
  return ['gps', 'no-gps'].flatMap((dir) =>
    readdirSync(path.join(FIXTURES, dir))
      .sort()
      .map((name) => {
        const file = path.join(FIXTURES, dir, name);
        const extension = path.extname(name).slice(1).toLowerCase();
        return {
          file,
          name,
          bytes: statSync(file).size,
          contentType: CONTENT_TYPES[extension],
          kind: extension === 'jpg' || extension === 'jpeg' ? 'fixture JPEG' : 'fixture HEIC/HEIF',
        };
      }),
  );
}

const WIDTH = 4000;
const HEIGHT = 3000;
const DATE_TEMPLATE = '2024:05:01 10:00:00';

/** Degrees as EXIF degrees/minutes/seconds rationals in libvips' notation ("43/1 27/1 5940/100"). */
function dms(value) {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const hundredths = Math.round(((abs - degrees) * 60 - minutes) * 6000);
  return `${degrees}/1 ${minutes}/1 ${hundredths}/100`;
}

/** Where generated image `index` was taken: most within a few hundred metres of the pin, some far off. */
function placeOf(index) {
  const far = [
    { lat: 40.4169, lng: -3.7035 }, // Madrid
    { lat: 48.8584, lng: 2.2945 }, // Paris
    { lat: 35.6586, lng: 139.7454 }, // Tokyo
  ];
  if (index % 4 === 3) return far[Math.floor(index / 4) % far.length];
  return { lat: PIN_AT.lat + ((index % 5) - 2) * 0.001, lng: PIN_AT.lng + ((index % 3) - 1) * 0.0015 };
}

/** One 12 MP JPEG: sums of sines per row and column (a smooth colour field) plus uniform noise of ±24. */
async function encodeImage(index) {
  const pixels = Buffer.allocUnsafe(WIDTH * HEIGHT * 3);
  let state = (index + 1) * 2654435761;
  const rowR = new Float32Array(HEIGHT);
  const rowG = new Float32Array(HEIGHT);
  const colR = new Float32Array(WIDTH);
  const colG = new Float32Array(WIDTH);
  const colB = new Float32Array(WIDTH);
  for (let y = 0; y < HEIGHT; y += 1) {
    rowR[y] = 60 * Math.sin(y / (300 + index * 7) + index);
    rowG[y] = 50 * Math.cos(y / (450 + index * 3));
  }
  for (let x = 0; x < WIDTH; x += 1) {
    colR[x] = 60 * Math.sin(x / (500 + index * 11));
    colG[x] = 50 * Math.sin(x / 350 + index * 0.7);
    colB[x] = 45 * Math.cos(x / (800 + index * 5));
  }
  let k = 0;
  for (let y = 0; y < HEIGHT; y += 1) {
    const r = 128 + rowR[y];
    const g = 120 + rowG[y];
    const b = 80 + (y / HEIGHT) * 60;
    for (let x = 0; x < WIDTH; x += 1, k += 3) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0; // 4 noise bytes per step
      pixels[k] = r + colR[x] + (((state & 63) * 3) >> 2) - 24;
      pixels[k + 1] = g + colG[x] + ((((state >>> 8) & 63) * 3) >> 2) - 24;
      pixels[k + 2] = b + colB[x] + ((((state >>> 16) & 63) * 3) >> 2) - 24;
    }
  }
  const at = placeOf(index);
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Waymarks', Model: 'Bench 12MP', DateTime: DATE_TEMPLATE },
      IFD2: { DateTimeOriginal: DATE_TEMPLATE },
      IFD3: {
        GPSLatitudeRef: at.lat >= 0 ? 'N' : 'S',
        GPSLatitude: dms(at.lat),
        GPSLongitudeRef: at.lng >= 0 ? 'E' : 'W',
        GPSLongitude: dms(at.lng),
      },
    })
    .toBuffer();
}

/** The same bytes with every EXIF date (same length) replaced: a file of its own. */
function withDate(jpeg, date) {
  const copy = Buffer.from(jpeg);
  const from = Buffer.from(DATE_TEMPLATE, 'latin1');
  const to = Buffer.from(date, 'latin1');
  for (let at = copy.indexOf(from); at >= 0; at = copy.indexOf(from, at + from.length)) to.copy(copy, at);
  return copy;
}

/**
 * `count` 12 MP JPEGs in `dir` (gen-000.jpg …), made from `distinct` encoded images, 2 encoded at a time.
 * Returns { file, name, bytes, contentType, kind } like fixturePhotos().
 */
export async function generatePhotos(dir, count, distinct = Math.min(count, DISTINCT)) {
  const encoded = new Array(distinct);
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < distinct) {
        const index = next++;
        encoded[index] = await encodeImage(index);
      }
    }),
  );
  const photos = [];
  for (let i = 0; i < count; i += 1) {
    const name = `gen-${String(i).padStart(3, '0')}.jpg`;
    const file = path.join(dir, name);
    const day = String(1 + (i % 28)).padStart(2, '0');
    const minute = String(i % 60).padStart(2, '0');
    const bytes = withDate(encoded[i % distinct], `2024:05:${day} 10:${minute}:00`);
    writeFileSync(file, bytes);
    photos.push({ file, name, bytes: bytes.length, contentType: 'image/jpeg', kind: 'generated 12 MP JPEG' });
  }
  return photos;
}

// ---------------------------------------------------------------------------------------------------
// Accounts and HTTP.

export { createAccount } from './lib.mjs';

/**
 * One request on `agent`: a JSON body, or a file streamed from disk (`file`, with its content type and
 * length in `headers`). Resolves { status, body: Buffer }.
 */
export function send(agent, url, { method = 'GET', headers = {}, json, file, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const req = http.request(
      url,
      {
        method,
        agent,
        timeout: timeoutMs,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms: ${method} ${url}`)));
    req.on('error', reject);
    if (file) {
      const stream = createReadStream(file);
      stream.on('error', (error) => req.destroy(error));
      stream.pipe(req);
    } else {
      req.end(payload);
    }
  });
}

/** A JSON call that must answer `expect`; the parsed body. */
export async function sendJson(agent, url, options, expect = 200) {
  const res = await send(agent, url, options);
  if (res.status !== expect) {
    throw new Error(
      `${options.method ?? 'GET'} ${new URL(url).pathname} answered ${res.status}, expected ${expect}: ` +
        res.body.toString().slice(0, 300),
    );
  }
  return JSON.parse(res.body.toString());
}

/** Signs in through the API; the Authorization header for the access token. */
export async function signIn(agent, origin, email) {
  const session = await sendJson(agent, `${origin}/api/auth/signin`, {
    method: 'POST',
    json: { email, password: PASSWORD },
  });
  if (!session.accessToken) throw new Error('sign-in answered without an accessToken');
  return { authorization: `Bearer ${session.accessToken}` };
}

/** upload-url → PUT (streamed from disk) → complete for one file. Milliseconds of each step and the answer. */
export async function uploadThroughApi(agent, origin, auth, pinId, photo) {
  const t0 = performance.now();
  const reserved = await sendJson(agent, `${origin}/api/media/upload-url`, {
    method: 'POST',
    headers: auth,
    json: {
      pinId,
      contentType: photo.contentType,
      filename: photo.name,
      sizeMB: photo.bytes / MB,
      sizeBytes: photo.bytes,
    },
  });
  const t1 = performance.now();
  const put = await send(agent, new URL(reserved.uploadUrl, origin).toString(), {
    method: 'PUT',
    headers: { 'content-type': reserved.contentType, 'content-length': photo.bytes },
    file: photo.file,
  });
  if (put.status !== 200) {
    throw new Error(`PUT of ${photo.name} answered ${put.status}: ${put.body.toString().slice(0, 300)}`);
  }
  const t2 = performance.now();
  const completed = await sendJson(agent, `${origin}/api/media/complete`, {
    method: 'POST',
    headers: auth,
    json: { mediaId: reserved.mediaId },
  });
  const t3 = performance.now();
  return { reserveMs: t1 - t0, putMs: t2 - t1, completeMs: t3 - t2, completed };
}
