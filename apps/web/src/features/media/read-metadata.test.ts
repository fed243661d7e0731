import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFileMetadata } from './read-metadata';

// ../shared/fixtures/media beside the repository root; this file lives in apps/web/src/features/media.
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const FIXTURES = path.resolve(ROOT, '../shared/fixtures/media');

const LAST_MODIFIED = Date.UTC(2023, 10, 14, 22, 13, 20);

/** A File as a browser's file picker gives it: the fixture's bytes, a type and a last-modified time. */
function pick(relative: string, type: string): File {
  return new File([readFileSync(path.join(FIXTURES, relative))], path.basename(relative), {
    type,
    lastModified: LAST_MODIFIED,
  });
}

const NULL_METADATA = {
  dateTaken: null,
  dateSource: null,
  location: null,
  cameraMake: null,
  cameraModel: null,
};

describe('readFileMetadata: photos', () => {
  it('reads GPS, local date and camera from a JPEG (iphone6_madrid.jpg)', async () => {
    const meta = await readFileMetadata(pick('photos/gps/iphone6_madrid.jpg', 'image/jpeg'));
    expect(meta.location?.lat).toBeCloseTo(40.44697, 4);
    expect(meta.location?.lng).toBeCloseTo(-3.72475, 4);
    expect(meta).toMatchObject({
      dateTaken: '2015-04-10T20:12:23',
      dateSource: 'original',
      cameraMake: 'Apple',
      cameraModel: 'iPhone 6',
    });
  });

  it('reads the Kansas City HEIC, with its UTC offset and accuracy, even when the browser gives no type', async () => {
    const file = pick('photos/gps/iphone11_kansas_city.heic', '');
    const meta = await readFileMetadata(file);
    expect(meta.location?.lat).toBeCloseTo(39.05134, 4);
    expect(meta.location?.lng).toBeCloseTo(-94.28877, 4);
    expect(meta.location?.accuracy).toBeCloseTo(38.813, 3);
    expect(meta).toMatchObject({
      dateTaken: '2021-04-11T15:47:53-05:00',
      cameraMake: 'Apple',
      cameraModel: 'iPhone 11 Pro Max',
    });
  });

  it('gives no location for the empty GPS IFD, and no date for a photo without one (no file-time fallback)', async () => {
    const emptyGps = await readFileMetadata(pick('photos/no-gps/empty_gps_ifd.jpg', 'image/jpeg'));
    expect(emptyGps).toMatchObject({ location: null, dateTaken: '2012-06-23T06:55:49' });
    expect(await readFileMetadata(pick('photos/no-gps/no_metadata.heif', 'image/heif'))).toEqual(
      NULL_METADATA,
    );
    expect(await readFileMetadata(pick('photos/no-gps/orientation_6.jpg', 'image/jpeg'))).toEqual(
      NULL_METADATA,
    );
  });

  it('reads only the slices that hold the metadata, not the whole photo', async () => {
    const file = pick('photos/gps/nokia_helsinki.jpg', 'image/jpeg');
    let bytesRead = 0;
    const slice = file.slice.bind(file);
    file.slice = (start?: number, end?: number, type?: string) => {
      const part = slice(start, end, type);
      bytesRead += part.size;
      return part;
    };
    expect((await readFileMetadata(file)).dateTaken).toBe('2022-08-14T14:12:31+03:00');
    expect(bytesRead).toBeLessThan(file.size / 8);
  });
});

describe('readFileMetadata: videos', () => {
  it('reads tokyo_xyz.mp4: creation time in UTC and the Tokyo location', async () => {
    const meta = await readFileMetadata(pick('video/tokyo_xyz.mp4', 'video/mp4'));
    expect(meta.location?.lat).toBeCloseTo(35.6586, 4);
    expect(meta.location?.lng).toBeCloseTo(139.7454, 4);
    expect(meta).toMatchObject({ dateTaken: '2023-04-02T09:15:00Z', dateSource: 'creation' });
  });

  it('reads paris_apple_keys.mov: Apple keys with the zoned creation date, make and model', async () => {
    expect(await readFileMetadata(pick('video/paris_apple_keys.mov', 'video/quicktime'))).toEqual({
      dateTaken: '2024-07-14T21:30:00+02:00',
      dateSource: 'creation',
      location: { lat: 48.8584, lng: 2.2945, accuracy: null },
      cameraMake: 'Apple',
      cameraModel: 'iPhone 15',
    });
  });

  it('dates no_metadata.mp4 by the file’s last-modified time, also when the type is missing', async () => {
    for (const type of ['video/mp4', '']) {
      expect(await readFileMetadata(pick('video/no_metadata.mp4', type))).toEqual({
        ...NULL_METADATA,
        dateTaken: '2023-11-14T22:13:20Z',
        dateSource: 'file',
      });
    }
  });
});

describe('readFileMetadata: files it cannot read', () => {
  it('answers for every hostile fixture without throwing', async () => {
    const names = readdirSync(path.join(FIXTURES, 'hostile'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const type = name.endsWith('.mp4')
        ? 'video/mp4'
        : name.endsWith('.svg')
          ? 'image/svg+xml'
          : 'image/jpeg';
      await expect(readFileMetadata(pick(`hostile/${name}`, type)), name).resolves.toHaveProperty('location');
    }
    expect(await readFileMetadata(pick('hostile/empty.jpg', 'image/jpeg'))).toEqual(NULL_METADATA);
    expect(await readFileMetadata(pick('hostile/html-named.jpg', 'image/jpeg'))).toEqual(NULL_METADATA);
  });

  it('gives all-null metadata when the file cannot be read at all', async () => {
    const file = pick('photos/gps/DSCN0010.jpg', 'image/jpeg');
    file.slice = () => {
      throw new DOMException('The requested file could not be read', 'NotReadableError');
    };
    expect(await readFileMetadata(file)).toEqual(NULL_METADATA);
  });
});
