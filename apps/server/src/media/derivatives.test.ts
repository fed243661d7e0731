// Photo derivatives of the real fixtures: sizes, orientation, stripped metadata, refusals, memory, concurrency.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDerivativeMaker } from './derivatives.js';
import {
  derivativesOf,
  expectWebp,
  fixture,
  processFile,
  refusal,
  repoRoot,
  SLOW,
  makeDerivatives,
} from './derivatives-test-support.js';
import { MAX_IMAGE_PIXELS } from './images.js';
import { createLimiter, MAX_CONCURRENT_DERIVATIVE_JOBS } from './job-limiter.js';
import { sniffFile } from './sniff.js';

const photosIn = (folder: string) =>
  readdirSync(fixture(folder))
    .filter((name) => /\.(jpe?g|heic|heif)$/i.test(name))
    .map((name) => `${folder}/${name}`);
const GPS_PHOTOS = photosIn('photos/gps');
const PHOTOS = [...GPS_PHOTOS, ...photosIn('photos/no-gps')];

/** The four-character chunk types of a WebP file, in order. */
function webpChunks(data: Buffer): { type: string; payload: Buffer }[] {
  expect(data.toString('latin1', 0, 4)).toBe('RIFF');
  expect(data.toString('latin1', 8, 12)).toBe('WEBP');
  const chunks = [];
  for (let offset = 12; offset + 8 <= data.length;) {
    const size = data.readUInt32LE(offset + 4);
    chunks.push({
      type: data.toString('latin1', offset, offset + 4),
      payload: data.subarray(offset + 8, offset + 8 + size),
    });
    offset += 8 + size + (size & 1);
  }
  return chunks;
}

/** exifr does not read WebP, but it reads the TIFF structure inside a WebP EXIF chunk. */
async function gpsInWebp(data: Buffer): Promise<unknown> {
  for (const chunk of webpChunks(data)) {
    if (chunk.type !== 'EXIF') continue;
    const tiff =
      chunk.payload.toString('latin1', 0, 4) === 'Exif' ? chunk.payload.subarray(6) : chunk.payload;
    const gps = await exifr.gps(tiff);
    if (gps) return gps;
  }
  return undefined;
}

/**
 * Where the first top-level JPEG segment with one of `markers` starts. Walking segment by segment skips
 * the EXIF thumbnail, a whole JPEG of its own inside APP1.
 */
function markerOffset(jpeg: Buffer, markers: number[]): number {
  for (let offset = 2; offset + 4 <= jpeg.length; offset += 2 + jpeg.readUInt16BE(offset + 2)) {
    if (markers.includes(jpeg[offset + 1] ?? 0)) return offset;
  }
  throw new Error('marker not found');
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'waymarks-derivatives-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('photo derivatives', () => {
  it.each(PHOTOS)(
    '%s gives a 400×400 WebP thumbnail and an unenlarged WebP preview within 1600 with the same aspect',
    async (name) => {
      const derivatives = await derivativesOf(name);
      const header = await sharp(fixture(name)).metadata();
      // HEIF dimensions already include irot; for JPEG, autoOrient swaps them for orientations 5–8.
      expect([derivatives.width, derivatives.height]).toEqual([
        header.autoOrient.width,
        header.autoOrient.height,
      ]);
      const width = derivatives.width ?? 0;
      const height = derivatives.height ?? 0;

      await expectWebp(derivatives.thumbnail);
      expect([derivatives.thumbnail.width, derivatives.thumbnail.height]).toEqual([400, 400]);

      const preview = derivatives.preview;
      await expectWebp(preview);
      expect(Math.max(preview.width, preview.height)).toBe(Math.min(1600, Math.max(width, height)));
      expect(preview.width).toBeLessThanOrEqual(width);
      expect(preview.height).toBeLessThanOrEqual(height);
      expect(Math.abs(preview.width - (preview.height * width) / height)).toBeLessThanOrEqual(1);
    },
    SLOW,
  );

  it('turns orientation_6.jpg upright: stored landscape pixels come out as the portrait they show', async () => {
    const file = fixture('photos/no-gps/orientation_6.jpg');
    const stored = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    expect([stored.info.width, stored.info.height]).toEqual([600, 450]);
    expect(await exifr.orientation(file)).toBe(6);

    const derivatives = await derivativesOf('photos/no-gps/orientation_6.jpg');
    expect([derivatives.width, derivatives.height]).toEqual([450, 600]);
    expect([derivatives.preview.width, derivatives.preview.height]).toEqual([450, 600]);

    // Orientation 6 means "rotate 90° clockwise to display": build that by hand from the stored pixels.
    const { width: w, height: h, channels } = stored.info;
    const rotate = (clockwise: boolean) => {
      const out = Buffer.alloc(w * h * channels);
      for (let y = 0; y < w; y += 1) {
        for (let x = 0; x < h; x += 1) {
          const sx = clockwise ? y : w - 1 - y;
          const sy = clockwise ? h - 1 - x : x;
          stored.data.copy(
            out,
            (y * h + x) * channels,
            (sy * w + sx) * channels,
            (sy * w + sx + 1) * channels,
          );
        }
      }
      return out;
    };
    const preview = await sharp(derivatives.preview.data).removeAlpha().raw().toBuffer();
    const meanDifference = (reference: Buffer) => {
      let sum = 0;
      for (let i = 0; i < reference.length; i += 1) sum += Math.abs((preview[i] ?? 0) - (reference[i] ?? 0));
      return sum / reference.length;
    };
    const upright = meanDifference(rotate(true));
    const wrongWay = meanDifference(rotate(false));
    expect(upright).toBeLessThan(8);
    expect(wrongWay).toBeGreaterThan(upright * 4);
  });

  it(
    'applies a HEIC rotation once: iphone13_no_gps.heic (irot 270° and EXIF orientation 6) comes out portrait',
    async () => {
      expect(await exifr.orientation(fixture('photos/no-gps/iphone13_no_gps.heic'))).toBe(6);
      const derivatives = await derivativesOf('photos/no-gps/iphone13_no_gps.heic');
      expect([derivatives.width, derivatives.height]).toEqual([3024, 4032]);
      expect([derivatives.preview.width, derivatives.preview.height]).toEqual([1200, 1600]);
    },
    SLOW,
  );

  it(
    'follows the HEIF rotation (irot) where EXIF disagrees: nokia_spain.heif has irot 270° and EXIF orientation 1',
    async () => {
      expect(await exifr.orientation(fixture('photos/gps/nokia_spain.heif'))).toBe(1);
      const derivatives = await derivativesOf('photos/gps/nokia_spain.heif');
      expect([derivatives.width, derivatives.height]).toEqual([3456, 4608]);
      expect([derivatives.preview.width, derivatives.preview.height]).toEqual([1200, 1600]);
    },
    SLOW,
  );

  it('decodes AVIF with sharp, and an animated GIF by its first frame', async () => {
    const avif = path.join(scratch, 'photo.avif');
    await writeFile(
      avif,
      await sharp({ create: { width: 300, height: 120, channels: 3, background: '#2a6' } })
        .avif()
        .toBuffer(),
    );
    const fromAvif = await processFile(avif);
    expect([fromAvif.width, fromAvif.height, fromAvif.preview.width, fromAvif.preview.height]).toEqual([
      300, 120, 300, 120,
    ]);

    // Three differently coloured frames (identical ones would be merged by the encoder).
    const frames = Buffer.alloc(200 * 300 * 3);
    for (let i = 0; i < frames.length; i += 1)
      frames[i] = i % 3 === Math.floor(i / (200 * 100 * 3)) ? 220 : 30;
    const gif = path.join(scratch, 'animated.gif');
    await writeFile(
      gif,
      await sharp(frames, { raw: { width: 200, height: 300, channels: 3, pageHeight: 100 } })
        .gif()
        .toBuffer(),
    );
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const fromGif = await processFile(gif);
    expect([fromGif.width, fromGif.height, fromGif.preview.width, fromGif.preview.height]).toEqual([
      200, 100, 200, 100,
    ]);
  });
});

describe('stripping metadata', () => {
  it('the WebP reader below finds GPS when a WebP does carry EXIF (so its silence means something)', async () => {
    const tagged = await sharp(fixture('photos/gps/DSCN0010.jpg')).withMetadata().webp().toBuffer();
    expect(webpChunks(tagged).map((chunk) => chunk.type)).toContain('EXIF');
    expect(await gpsInWebp(tagged)).toMatchObject({ latitude: expect.closeTo(43.467, 2) });
  });

  it.each(GPS_PHOTOS)(
    '%s: the original has GPS, no derivative carries EXIF, GPS, XMP or an ICC profile',
    async (name) => {
      const gps = await exifr.gps(fixture(name));
      expect(gps?.latitude).toEqual(expect.any(Number));

      const derivatives = await derivativesOf(name);
      for (const derivative of [derivatives.thumbnail, derivatives.preview]) {
        const chunks = webpChunks(derivative.data).map((chunk) => chunk.type);
        expect(chunks.every((type) => ['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(type))).toBe(true);
        expect(await gpsInWebp(derivative.data)).toBeUndefined();
        const header = await sharp(derivative.data).metadata();
        expect([header.exif, header.xmp, header.icc, header.iptc]).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
        ]);
        expect(derivative.data.includes('GPS')).toBe(false);
      }
    },
    SLOW,
  );
});

describe('refusing hostile files', () => {
  it.each([
    ['hostile/html-named.jpg', 'unsupported-type'],
    ['hostile/script.svg', 'unsupported-type'],
    ['hostile/executable-named.mp4', 'unsupported-type'],
    ['hostile/empty.jpg', 'empty'],
    ['hostile/pixel-flood-40000x40000.png', 'too-large'],
    ['hostile/truncated.jpg', 'damaged'],
    ['hostile/corrupted_data.jpg', 'damaged'],
  ])('refuses %s with UnprocessableMedia (%s)', async (name, reason) => {
    const error = await refusal(processFile(fixture(name)));
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(/^[A-Z].*\.$/);
  });

  it('says why a decompression bomb is refused', async () => {
    const error = await refusal(processFile(fixture('hostile/pixel-flood-40000x40000.png')));
    expect(error.message).toBe('This file is an image too large to process (over 100 megapixels).');
    expect(MAX_IMAGE_PIXELS).toBe(100_000_000);
  });

  it('accepts invalid_exif.jpg: its EXIF is malformed but its image is fine', async () => {
    const derivatives = await derivativesOf('hostile/invalid_exif.jpg');
    expect([derivatives.width, derivatives.height]).toEqual([425, 120]);
    expect([derivatives.thumbnail.width, derivatives.thumbnail.height]).toEqual([400, 400]);
    expect([derivatives.preview.width, derivatives.preview.height]).toEqual([425, 120]);
  });

  it('accepts a JPEG that only raises libjpeg warnings (extraneous bytes before a marker)', async () => {
    const jpeg = await readFile(fixture('photos/gps/DSCN0010.jpg'));
    const dqt = markerOffset(jpeg, [0xdb]);
    const file = path.join(scratch, 'extraneous.jpg');
    await writeFile(
      file,
      Buffer.concat([jpeg.subarray(0, dqt), Buffer.from([0x12, 0x34, 0x56]), jpeg.subarray(dqt)]),
    );
    const derivatives = await processFile(file);
    expect([derivatives.width, derivatives.height]).toEqual([640, 480]);
  });

  it('refuses a JPEG cut off mid-scan instead of rendering its missing half grey', async () => {
    const whole = await readFile(fixture('photos/gps/iphone6_madrid.jpg'));
    const cut = path.join(scratch, 'cut.jpg');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect((await refusal(processFile(cut))).reason).toBe('damaged');
  });

  it('refuses a JPEG whose header claims 60000×60000 before decoding it', async () => {
    const jpeg = Buffer.from(await readFile(fixture('photos/gps/DSCN0010.jpg')));
    const offset = markerOffset(jpeg, [0xc0, 0xc2]);
    jpeg.writeUInt16BE(60000, offset + 5);
    jpeg.writeUInt16BE(60000, offset + 7);
    const bomb = path.join(scratch, 'bomb.jpg');
    await writeFile(bomb, jpeg);
    expect((await refusal(processFile(bomb))).reason).toBe('too-large');
  });

  it('refuses a truncated HEIC instead of painting its missing tiles', async () => {
    const whole = await readFile(fixture('photos/no-gps/iphone13_no_gps.heic'));
    const cut = path.join(scratch, 'cut.heic');
    await writeFile(cut, whole.subarray(0, 400_000));
    expect(await sniffFile(cut)).toEqual({ mime: 'image/heic', kind: 'image' });
    expect((await refusal(makeDerivatives(cut, { mime: 'image/heic', kind: 'image' }))).reason).toBe(
      'damaged',
    );
  });

  it('refuses when the bytes are not the type it is told (never decodes SVG or mislabelled data)', async () => {
    const jpeg = fixture('photos/gps/DSCN0010.jpg');
    const svg = fixture('hostile/script.svg');
    expect((await refusal(makeDerivatives(jpeg, { mime: 'image/png', kind: 'image' }))).reason).toBe(
      'unsupported-type',
    );
    expect((await refusal(makeDerivatives(svg, { mime: 'image/png', kind: 'image' }))).reason).toBe(
      'unsupported-type',
    );
    expect((await refusal(makeDerivatives(svg, { mime: 'image/svg+xml', kind: 'image' }))).reason).toBe(
      'unsupported-type',
    );
  });

  it(
    'refuses the 40000×40000 pixel flood with the process peaking under 300 MB',
    async () => {
      const file = fixture('hostile/pixel-flood-40000x40000.png');
      const header = await sharp(file, { limitInputPixels: false }).metadata();
      expect(header.width * header.height).toBe(1_600_000_000);

      // A fresh process, so the peak is this refusal's and not that of earlier tests.
      const module = pathToFileURL(fileURLToPath(new URL('./derivatives.ts', import.meta.url))).href;
      const script = `
        import { createDerivativeMaker } from ${JSON.stringify(module)};
        const makeDerivatives = createDerivativeMaker({ run: (job) => job(), active: 0, queued: 0 });
        let reason = 'accepted';
        try {
          await makeDerivatives(${JSON.stringify(file)}, { mime: 'image/png', kind: 'image' });
        } catch (error) {
          reason = error.reason ?? String(error);
        }
        process.stdout.write(JSON.stringify({ reason, peakMB: process.resourceUsage().maxRSS / 1024 }));
      `;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(child.stderr).toBe('');
      const { reason, peakMB } = JSON.parse(child.stdout) as { reason: string; peakMB: number };
      expect(reason).toBe('too-large');
      expect(peakMB).toBeLessThan(300);
    },
    SLOW,
  );
});

describe('concurrency', () => {
  it('runs at most as many jobs at once as the limiter it is given; the rest wait their turn', async () => {
    const jobs = createLimiter(MAX_CONCURRENT_DERIVATIVE_JOBS);
    const make = createDerivativeMaker(jobs);
    expect(MAX_CONCURRENT_DERIVATIVE_JOBS).toBe(2);
    const type = { mime: 'image/jpeg', kind: 'image' } as const;
    const made = ['DSCN0010.jpg', 'DSCN0012.jpg', 'DSCN0021.jpg'].map((name) =>
      make(fixture(`photos/gps/${name}`), type),
    );
    expect([jobs.active, jobs.queued]).toEqual([2, 1]);
    const done = await Promise.all(made);
    expect(done.map((derivatives) => derivatives.thumbnail.width)).toEqual([400, 400, 400]);
    expect([jobs.active, jobs.queued]).toEqual([0, 0]);
  });
});
