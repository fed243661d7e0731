import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaMetadata } from '@waymarks/shared';
import { MEDIA_FIXTURES, mediaFixture } from '../testing/media-fixtures.js';
import { readMetadata } from './metadata.js';

interface PhotoExpectation {
  file: string;
  lat: number;
  lng: number;
  dateTaken: string;
  make: string;
  model: string;
}

// The nine Coolpix photos, each with the GPS and DateTimeOriginal its EXIF holds (rounded to 4 decimals).
const AREZZO: PhotoExpectation[] = [
  ['DSCN0010.jpg', 43.4674, 11.8851, '2008-10-22T16:28:39'],
  ['DSCN0012.jpg', 43.4672, 11.8854, '2008-10-22T16:29:49'],
  ['DSCN0021.jpg', 43.4671, 11.8845, '2008-10-22T16:38:20'],
  ['DSCN0025.jpg', 43.4684, 11.8816, '2008-10-22T16:43:21'],
  ['DSCN0027.jpg', 43.4684, 11.8815, '2008-10-22T16:44:01'],
  ['DSCN0029.jpg', 43.4682, 11.8802, '2008-10-22T16:46:53'],
  ['DSCN0038.jpg', 43.4673, 11.8792, '2008-10-22T16:52:15'],
  ['DSCN0040.jpg', 43.466, 11.8791, '2008-10-22T16:55:37'],
  ['DSCN0042.jpg', 43.4645, 11.8815, '2008-10-22T17:00:07'],
].map(([file, lat, lng, dateTaken]) => ({
  file: `photos/gps/${file}`,
  lat: lat as number,
  lng: lng as number,
  dateTaken: dateTaken as string,
  make: 'NIKON',
  model: 'COOLPIX P6000',
}));

const PHONES: PhotoExpectation[] = [
  {
    file: 'photos/gps/iphone6_madrid.jpg',
    lat: 40.44697,
    lng: -3.72475,
    dateTaken: '2015-04-10T20:12:23',
    make: 'Apple',
    model: 'iPhone 6',
  },
  {
    file: 'photos/gps/nokia_helsinki.jpg',
    lat: 60.14671,
    lng: 24.90677,
    dateTaken: '2022-08-14T14:12:31+03:00',
    make: 'HMD Global',
    model: 'Nokia 8.3 5G',
  },
  {
    file: 'photos/gps/iphone11_kansas_city.heic',
    lat: 39.05134,
    lng: -94.28877,
    dateTaken: '2021-04-11T15:47:53-05:00',
    make: 'Apple',
    model: 'iPhone 11 Pro Max',
  },
];

const NO_GPS: Array<{ file: string; expected: MediaMetadata }> = [
  {
    file: 'canon_40d.jpg',
    expected: meta('2008-05-30T15:56:01', 'original', 'Canon', 'Canon EOS 40D'),
  },
  {
    file: 'iphone13_no_gps.heic',
    expected: meta('2022-02-16T12:55:41+01:00', 'original', 'Apple', 'iPhone 13 Pro Max'),
  },
  { file: 'jolla.jpg', expected: meta('2014-09-21T16:00:56', 'original', 'Jolla', 'Jolla') },
  {
    file: 'empty_gps_ifd.jpg',
    expected: meta('2012-06-23T06:55:49', 'original', 'Polyphony Digital Inc.', 'Gran Turismo 5'),
  },
  // The README says "no EXIF at all (XMP only)", but an Exif APP1 follows the 26 KB XMP segment: Photoshop's
  // IFD0 DateTime and nothing else. exifr reading the file path in 512-byte chunks misses it, exifr given the
  // bytes finds it; SPEC §5 makes DateTime the second date source.
  { file: 'no_exif.jpg', expected: meta('2014-09-22T10:56:35', 'datetime', null, null) },
  { file: 'orientation_6.jpg', expected: meta(null, null, null, null) },
  { file: 'no_metadata.heif', expected: meta(null, null, null, null) },
];

function meta(
  dateTaken: string | null,
  dateSource: MediaMetadata['dateSource'],
  cameraMake: string | null,
  cameraModel: string | null,
): MediaMetadata {
  return { dateTaken, dateSource, location: null, cameraMake, cameraModel };
}

describe('readMetadata: the GPS photos of the fixture README', () => {
  it.each([...AREZZO, ...PHONES])(
    '$file is at $lat, $lng, taken $dateTaken with a $make $model',
    async ({ file, lat, lng, dateTaken, make, model }) => {
      const result = await readMetadata(mediaFixture(file), 'image');
      expect(result.location?.lat).toBeCloseTo(lat, 4);
      expect(result.location?.lng).toBeCloseTo(lng, 4);
      expect(result).toMatchObject({
        dateTaken,
        dateSource: 'original',
        cameraMake: make,
        cameraModel: model,
      });
    },
  );

  it('puts the nine Arezzo photos inside the README box (±10 m) and within 1 km of each other', async () => {
    const located = await Promise.all(
      AREZZO.map(async ({ file }) => (await readMetadata(mediaFixture(file), 'image')).location!),
    );
    for (const { lat, lng } of located) {
      expect(lat).toBeGreaterThanOrEqual(43.4645 - 1e-4);
      expect(lat).toBeLessThanOrEqual(43.4684 + 1e-4);
      expect(lng).toBeGreaterThanOrEqual(11.8792 - 1e-4);
      expect(lng).toBeLessThanOrEqual(11.8854 + 1e-4);
    }
    const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
      Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));
    for (const a of located) for (const b of located) expect(metres(a, b)).toBeLessThan(1000);
  });

  it('reads the iPhone HEIC horizontal positioning error as the accuracy', async () => {
    const { location } = await readMetadata(mediaFixture('photos/gps/iphone11_kansas_city.heic'), 'image');
    expect(location?.accuracy).toBeCloseTo(38.813, 3);
  });

  it('reads nokia_spain.heif: GPS, no make or model, and no original date, so DateTime (SPEC §5) dates it', async () => {
    // The README lists "none in EXIF" as taken date: the file has no DateTimeOriginal, but its IFD0
    // DateTime (exifr: ModifyDate) is the second source SPEC §5 names.
    const result = await readMetadata(mediaFixture('photos/gps/nokia_spain.heif'), 'image');
    expect(result.location?.lat).toBeCloseTo(40.78869, 4);
    expect(result.location?.lng).toBeCloseTo(-4.00514, 4);
    expect(result).toMatchObject({
      dateTaken: '2022-02-03T14:44:07',
      dateSource: 'datetime',
      cameraMake: null,
      cameraModel: null,
    });
  });
});

describe('readMetadata: photos without usable GPS give location null', () => {
  it.each(NO_GPS)('$file', async ({ file, expected }) => {
    expect(await readMetadata(mediaFixture(`photos/no-gps/${file}`), 'image')).toEqual(expected);
  });
});

describe('readMetadata: the fixture videos', () => {
  it('tokyo_xyz.mp4: mvhd creation time (UTC) and the location ffmpeg wrote (3GPP loci)', async () => {
    const result = await readMetadata(mediaFixture('video/tokyo_xyz.mp4'), 'video');
    expect(result.location?.lat).toBeCloseTo(35.6586, 4);
    expect(result.location?.lng).toBeCloseTo(139.7454, 4);
    expect(result).toMatchObject({ dateTaken: '2023-04-02T09:15:00Z', dateSource: 'creation' });
  });

  it('paris_apple_keys.mov: Apple keys give place, zoned creation date, make and model', async () => {
    const result = await readMetadata(mediaFixture('video/paris_apple_keys.mov'), 'video', {
      fileLastModifiedMs: 1_700_000_000_000,
    });
    expect(result).toEqual({
      dateTaken: '2024-07-14T21:30:00+02:00',
      dateSource: 'creation',
      location: { lat: 48.8584, lng: 2.2945, accuracy: null },
      cameraMake: 'Apple',
      cameraModel: 'iPhone 15',
    });
  });

  it('no_metadata.mp4: no tags, so the last-modified time the device reported dates it', async () => {
    const file = mediaFixture('video/no_metadata.mp4');
    expect(await readMetadata(file, 'video', { fileLastModifiedMs: 1_700_000_000_000 })).toEqual({
      dateTaken: '2023-11-14T22:13:20Z',
      dateSource: 'file',
      location: null,
      cameraMake: null,
      cameraModel: null,
    });
    expect((await readMetadata(file, 'video')).dateTaken).toBeNull();
  });
});

describe('readMetadata: hostile files return without throwing or hanging', () => {
  const hostile = async () => (await readdir(path.join(MEDIA_FIXTURES, 'hostile'))).sort();

  it('covers every file in hostile/', async () => {
    expect(await hostile()).toHaveLength(8);
  });

  it('answers for each hostile file read as a photo and as a video, within the test time limit', async () => {
    for (const name of await hostile()) {
      for (const kind of ['image', 'video'] as const) {
        const result = await readMetadata(mediaFixture(`hostile/${name}`), kind);
        expect(result, `${name} as ${kind}`).toHaveProperty('dateTaken');
      }
    }
  });

  it('gives all-null metadata for the files that are no photo or video at all', async () => {
    for (const name of ['empty.jpg', 'html-named.jpg', 'script.svg', 'executable-named.mp4']) {
      expect(await readMetadata(mediaFixture(`hostile/${name}`), 'image'), name).toEqual(
        meta(null, null, null, null),
      );
    }
    expect(await readMetadata(mediaFixture('hostile/executable-named.mp4'), 'video')).toEqual(
      meta(null, null, null, null),
    );
  });

  it('reads the EXIF that is still intact in corrupted_data.jpg and reads nothing from the pixel flood', async () => {
    expect(await readMetadata(mediaFixture('hostile/corrupted_data.jpg'), 'image')).toMatchObject({
      dateTaken: '2015-09-08T11:02:17',
      cameraMake: 'OLYMPUS IMAGING CORP.',
    });
    expect(await readMetadata(mediaFixture('hostile/pixel-flood-40000x40000.png'), 'image')).toEqual(
      meta(null, null, null, null),
    );
  });

  it('closes every file it opens', async () => {
    const openFiles = async () => (await readdir('/dev/fd')).length;
    const files = [
      ...(await hostile()).map((name) => `hostile/${name}`),
      'photos/gps/DSCN0010.jpg',
      'video/tokyo_xyz.mp4',
    ];
    const before = await openFiles();
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(
        files.map((file) => readMetadata(mediaFixture(file), file.endsWith('.mp4') ? 'video' : 'image')),
      );
    }
    expect(await openFiles()).toBe(before);
  });

  it('throws when the file itself cannot be read (a storage problem, not bad metadata)', async () => {
    await expect(readMetadata(mediaFixture('photos/does-not-exist.jpg'), 'image')).rejects.toThrow(/ENOENT/);
  });
});

describe('readMetadata: every photo container the pipeline accepts', () => {
  let dir: string;
  const source = mediaFixture('photos/gps/DSCN0010.jpg');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'waymarks-metadata-'));
    const small = () => sharp(source).resize(64).keepExif();
    await writeFile(path.join(dir, 'photo.webp'), await small().webp().toBuffer());
    await writeFile(path.join(dir, 'photo.avif'), await small().avif().toBuffer());
    await writeFile(path.join(dir, 'photo.png'), await small().png().toBuffer());
    // The JPEG's EXIF block is itself a TIFF file: IFD0 with the camera, pointers to the EXIF and GPS IFDs.
    const jpeg = await readFile(source);
    const app1 = jpeg.indexOf('Exif\0\0');
    await writeFile(
      path.join(dir, 'photo.tiff'),
      jpeg.subarray(app1 + 6, app1 - 2 + jpeg.readUInt16BE(app1 - 2)),
    );
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // libvips re-encodes the EXIF block of the WebP, AVIF and PNG, as a converted upload would carry it.
  it.each(['webp', 'avif', 'png', 'tiff'])(
    'reads GPS, date and camera from a %s made from DSCN0010.jpg',
    async (format) => {
      const result = await readMetadata(path.join(dir, `photo.${format}`), 'image');
      expect(result.location?.lat).toBeCloseTo(43.4674, 4);
      expect(result.location?.lng).toBeCloseTo(11.8851, 4);
      expect(result).toMatchObject({ dateTaken: '2008-10-22T16:28:39', cameraMake: 'NIKON' });
    },
  );
});
