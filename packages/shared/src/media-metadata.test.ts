import { describe, expect, it } from 'vitest';
import {
  emptyMediaMetadata,
  findExifSource,
  metadataFromExif,
  parseIso6709,
  readVideoMetadata,
  withFileDateFallback,
  type MediaMetadata,
  type ReadRange,
} from './media-metadata.js';

// ---------------------------------------------------------------------------------------------------
// Building ISO-BMFF files in memory.

type Part = Uint8Array | string | number[];
// Node and browsers have TextEncoder; this package compiles without their types.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function concat(...parts: Part[]): Uint8Array {
  const arrays = parts.map((part) =>
    typeof part === 'string' ? latin1(part) : part instanceof Uint8Array ? part : Uint8Array.from(part),
  );
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

const u16 = (n: number) => [(n >>> 8) & 255, n & 255];
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u64 = (n: number) => [...u32(Math.floor(n / 2 ** 32)), ...u32(n % 2 ** 32)];

function box(type: string, ...parts: Part[]): Uint8Array {
  const body = concat(...parts);
  return concat(u32(8 + body.length), type, body);
}
const fullBox = (type: string, version: number, ...parts: Part[]) => box(type, [version, 0, 0, 0], ...parts);

const QUICKTIME_EPOCH_OFFSET_S = 2_082_844_800;
const quickTimeSeconds = (iso: string) => Date.parse(iso) / 1000 + QUICKTIME_EPOCH_OFFSET_S;

const ftyp = (brand = 'isom') => box('ftyp', brand, u32(0x200), brand, 'mp41');
const mvhd = (seconds: number, version = 0) =>
  version === 1
    ? fullBox('mvhd', 1, u64(seconds), u64(seconds), u32(1000), u64(0), new Uint8Array(80))
    : fullBox('mvhd', 0, u32(seconds), u32(seconds), u32(1000), u32(0), new Uint8Array(80));
/** QuickTime user-data text: 2-byte length, 2-byte language, text. */
const userText = (type: string, text: string) => box(type, u16(utf8(text).length), u16(0x15c7), utf8(text));
const dataBox = (type: number, value: Uint8Array) => box('data', u32(type), u32(0), value);

/** Apple 'meta' as iPhones write it: no version/flags, hdlr 'mdta', keys, ilst by key index. */
function appleMeta(entries: Array<[string, Uint8Array]>, { fullBoxStyle = false } = {}): Uint8Array {
  const keys = fullBox(
    'keys',
    0,
    u32(entries.length),
    ...entries.map(([name]) => concat(u32(8 + utf8(name).length), 'mdta', utf8(name))),
  );
  const ilst = box('ilst', ...entries.map(([, data], i) => concat(u32(8 + data.length), u32(i + 1), data)));
  const hdlr = fullBox('hdlr', 0, u32(0), 'mdta', new Uint8Array(13));
  return fullBoxStyle ? fullBox('meta', 0, hdlr, keys, ilst) : box('meta', hdlr, keys, ilst);
}

/** 3GPP 'loci' as ffmpeg writes it: empty name, role, longitude, latitude, altitude in 16.16. */
const loci = (lat: number, lng: number) =>
  fullBox(
    'loci',
    0,
    u16(0x15c7),
    [0, 0],
    u32(Math.round(lng * 65536) >>> 0),
    u32(Math.round(lat * 65536) >>> 0),
    u32(0),
    'earth\0\0',
  );

interface Recorded {
  read: ReadRange;
  calls: Array<[number, number]>;
  bytesRequested: () => number;
}

/** A ReadRange over a file given as pieces at offsets (zeros elsewhere), recording every call. */
function fileReader(size: number, pieces: Array<[number, Uint8Array]>): Recorded {
  const calls: Array<[number, number]> = [];
  const read: ReadRange = async (offset, length) => {
    calls.push([offset, length]);
    if (offset < 0 || length < 0 || offset > size)
      throw new Error(`read out of the file: ${offset}+${length}`);
    const out = new Uint8Array(Math.min(length, size - offset));
    for (const [at, piece] of pieces) {
      const from = Math.max(offset, at);
      const to = Math.min(offset + out.length, at + piece.length);
      if (from < to) out.set(piece.subarray(from - at, to - at), from - offset);
    }
    return out;
  };
  return { read, calls, bytesRequested: () => calls.reduce((n, [, length]) => n + length, 0) };
}

const inMemory = (file: Uint8Array) => fileReader(file.length, [[0, file]]);
const readVideo = (file: Uint8Array) => readVideoMetadata(inMemory(file).read, file.length);

// ---------------------------------------------------------------------------------------------------

describe('metadataFromExif: dates (SPEC §5 priority, local wall-clock time)', () => {
  it('takes DateTimeOriginal first and appends OffsetTimeOriginal', () => {
    const meta = metadataFromExif({
      DateTimeOriginal: '2021:04:11 15:47:53',
      OffsetTimeOriginal: '-05:00',
      ModifyDate: '2022:01:01 00:00:00',
      CreateDate: '2020:01:01 00:00:00',
    });
    expect(meta.dateTaken).toBe('2021-04-11T15:47:53-05:00');
    expect(meta.dateSource).toBe('original');
  });

  it('falls back to DateTime (exifr: ModifyDate) with OffsetTime, then to CreateDate', () => {
    expect(
      metadataFromExif({ ModifyDate: '2022:02:03 14:44:07', CreateDate: '2020:01:01 00:00:00' }),
    ).toMatchObject({ dateTaken: '2022-02-03T14:44:07', dateSource: 'datetime' });
    expect(metadataFromExif({ DateTime: '2022:02:03 14:44:07', OffsetTime: '+0100' })).toMatchObject({
      dateTaken: '2022-02-03T14:44:07+01:00',
      dateSource: 'datetime',
    });
    expect(
      metadataFromExif({ CreateDate: '2012:06:23 06:55:49', OffsetTimeDigitized: '+09:00' }),
    ).toMatchObject({ dateTaken: '2012-06-23T06:55:49+09:00', dateSource: 'create' });
  });

  it('skips blank and impossible dates and takes the next one in priority', () => {
    const meta = metadataFromExif({
      DateTimeOriginal: '0000:00:00 00:00:00',
      ModifyDate: '2021:02:30 10:00:00',
      CreateDate: '2014:09:21 16:00:56',
    });
    expect(meta).toMatchObject({ dateTaken: '2014-09-21T16:00:56', dateSource: 'create' });
    expect(metadataFromExif({ DateTimeOriginal: '    :  :     :  :  ' }).dateTaken).toBeNull();
    expect(metadataFromExif({ DateTimeOriginal: 1234 }).dateTaken).toBeNull();
  });

  it('ignores an offset that is not one', () => {
    expect(
      metadataFromExif({ DateTimeOriginal: '2020:05:06 07:08:09', OffsetTimeOriginal: '+25:00' }).dateTaken,
    ).toBe('2020-05-06T07:08:09');
  });

  it('keeps the wall-clock fields of Date objects (exifr with reviveValues on)', () => {
    const meta = metadataFromExif({ DateTimeOriginal: new Date(2015, 3, 10, 20, 12, 23) });
    expect(meta.dateTaken).toBe('2015-04-10T20:12:23');
  });
});

describe('metadataFromExif: location', () => {
  it('uses the latitude and longitude exifr computed, with the horizontal error as accuracy', () => {
    expect(
      metadataFromExif({ latitude: 39.05134, longitude: -94.28877, GPSHPositioningError: 38.8 }).location,
    ).toEqual({ lat: 39.05134, lng: -94.28877, accuracy: 38.8 });
  });

  it('computes degrees from GPSLatitude/GPSLongitude, with S and W making them negative', () => {
    const location = metadataFromExif({
      GPSLatitude: [33, 51, 54],
      GPSLatitudeRef: 'S',
      GPSLongitude: [151, 12, 36],
      GPSLongitudeRef: 'W',
    }).location;
    expect(location?.lat).toBeCloseTo(-33.865, 6);
    expect(location?.lng).toBeCloseTo(-151.21, 6);
    expect(
      metadataFromExif({ GPSLatitude: 40.5, GPSLatitudeRef: 'N', GPSLongitude: 3.7, GPSLongitudeRef: 'E' })
        .location,
    ).toEqual({ lat: 40.5, lng: 3.7, accuracy: null });
  });

  it('counts coordinates only when truthy: 0 or missing means no location', () => {
    expect(metadataFromExif({ latitude: 0, longitude: 12.5 }).location).toBeNull();
    expect(metadataFromExif({ latitude: 45, longitude: 0 }).location).toBeNull();
    expect(metadataFromExif({ GPSLatitude: [0, 0, 0], GPSLongitude: [10, 0, 0] }).location).toBeNull();
    expect(metadataFromExif({ GPSLatitude: [45, 0, 0] }).location).toBeNull();
  });

  it('gives no location for a GPS IFD without coordinates', () => {
    expect(
      metadataFromExif({ GPSVersionID: '2.2.0.0', GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' }).location,
    ).toBeNull();
  });

  it('rejects out-of-range and malformed values', () => {
    expect(metadataFromExif({ latitude: 91, longitude: 10 }).location).toBeNull();
    expect(metadataFromExif({ latitude: 10, longitude: -180.5 }).location).toBeNull();
    expect(metadataFromExif({ latitude: Number.NaN, longitude: 10 }).location).toBeNull();
    expect(metadataFromExif({ GPSLatitude: ['a', 1, 2], GPSLongitude: [1, 2, 3] }).location).toBeNull();
  });
});

describe('metadataFromExif: camera and empty input', () => {
  it('trims make and model and drops the NUL padding', () => {
    const meta = metadataFromExif({ Make: 'NIKON\0\0 ', Model: ' COOLPIX P6000 ' });
    expect([meta.cameraMake, meta.cameraModel]).toEqual(['NIKON', 'COOLPIX P6000']);
    expect(metadataFromExif({ Make: '\0\0', Model: 42 })).toMatchObject({
      cameraMake: null,
      cameraModel: null,
    });
  });

  it('answers all-null metadata for no tags (exifr answers undefined for a file without EXIF)', () => {
    expect(metadataFromExif(undefined)).toEqual(emptyMediaMetadata());
    expect(metadataFromExif({})).toEqual(emptyMediaMetadata());
  });
});

describe('parseIso6709', () => {
  it('reads decimal degrees, with or without altitude', () => {
    expect(parseIso6709('+35.6586+139.7454/')).toEqual({ lat: 35.6586, lng: 139.7454, accuracy: null });
    expect(parseIso6709('+48.8584+002.2945+035.000/')).toEqual({ lat: 48.8584, lng: 2.2945, accuracy: null });
    expect(parseIso6709('-33.8688+151.2093/')).toEqual({ lat: -33.8688, lng: 151.2093, accuracy: null });
    expect(parseIso6709('+40.7128-074.0060')).toEqual({ lat: 40.7128, lng: -74.006, accuracy: null });
  });

  it('reads the degrees-minutes and degrees-minutes-seconds forms', () => {
    const dm = parseIso6709('+4852.50+00217.70/');
    expect(dm?.lat).toBeCloseTo(48.875, 9);
    expect(dm?.lng).toBeCloseTo(2.295, 9);
    const dms = parseIso6709('-335130.5+1511236.2CRSWGS_84/');
    expect(dms?.lat).toBeCloseTo(-(33 + 51 / 60 + 30.5 / 3600), 9);
    expect(dms?.lng).toBeCloseTo(151 + 12 / 60 + 36.2 / 3600, 9);
  });

  it('refuses text that is not a location, or one out of range or at zero', () => {
    for (const text of [
      '',
      'Tokyo',
      '+35.6586/',
      '+99.0000+010.0000/',
      '+4875.00+00200.00/',
      '+00.0000+000.0000/',
    ]) {
      expect(parseIso6709(text), text).toBeNull();
    }
  });
});

describe('readVideoMetadata: what phones and cameras write', () => {
  it('dates a video by mvhd creation_time (seconds since 1904, UTC), in both box versions', async () => {
    const seconds = quickTimeSeconds('2023-04-02T09:15:00Z');
    for (const version of [0, 1]) {
      const meta = await readVideo(concat(ftyp(), box('moov', mvhd(seconds, version))));
      expect(meta).toMatchObject({ dateTaken: '2023-04-02T09:15:00Z', dateSource: 'creation' });
    }
  });

  it('gives no date for creation_time 0 (unset) or before 1970', async () => {
    expect((await readVideo(concat(ftyp(), box('moov', mvhd(0))))).dateTaken).toBeNull();
    expect((await readVideo(concat(ftyp(), box('moov', mvhd(86_400))))).dateSource).toBeNull();
  });

  it('reads the ©xyz user-data location (2-byte length, 2-byte language, ISO 6709 text)', async () => {
    const meta = await readVideo(
      concat(ftyp(), box('moov', mvhd(0), box('udta', userText('©xyz', '+35.6586+139.7454/')))),
    );
    expect(meta.location).toEqual({ lat: 35.6586, lng: 139.7454, accuracy: null });
  });

  it('reads the 3GPP loci location ffmpeg writes', async () => {
    const meta = await readVideo(concat(ftyp(), box('moov', box('udta', loci(35.6586, 139.7454)))));
    expect(meta.location?.lat).toBeCloseTo(35.6586, 4);
    expect(meta.location?.lng).toBeCloseTo(139.7454, 4);
  });

  it('reads Apple keys: location with accuracy, zoned creation date over mvhd, make and model', async () => {
    const meta = await readVideo(
      concat(
        ftyp('qt  '),
        box('wide'),
        box('mdat', new Uint8Array(1000)),
        box(
          'moov',
          mvhd(quickTimeSeconds('2024-07-14T19:30:00Z')),
          box('trak', box('tkhd', new Uint8Array(84))),
          appleMeta([
            ['com.apple.quicktime.location.ISO6709', dataBox(1, utf8('+48.8584+002.2945+035.000/'))],
            ['com.apple.quicktime.location.accuracy.horizontal', dataBox(1, utf8('14.000000'))],
            ['com.apple.quicktime.creationdate', dataBox(1, utf8('2024-07-14T21:30:00+0200'))],
            ['com.apple.quicktime.make', dataBox(1, utf8('Apple'))],
            ['com.apple.quicktime.model', dataBox(1, utf8('iPhone 15'))],
          ]),
        ),
      ),
    );
    expect(meta).toEqual({
      dateTaken: '2024-07-14T21:30:00+02:00',
      dateSource: 'creation',
      location: { lat: 48.8584, lng: 2.2945, accuracy: 14 },
      cameraMake: 'Apple',
      cameraModel: 'iPhone 15',
    });
  });

  it('reads Apple keys inside udta in a full-box meta (as ffmpeg writes them) and a float accuracy', async () => {
    const accuracy = new Uint8Array(4);
    new DataView(accuracy.buffer).setFloat32(0, 4.5);
    const meta = await readVideo(
      concat(
        ftyp('qt  '),
        box(
          'moov',
          box(
            'udta',
            appleMeta(
              [
                ['com.apple.quicktime.location.ISO6709', dataBox(1, utf8('-33.8688+151.2093/'))],
                ['com.apple.quicktime.location.accuracy.horizontal', dataBox(23, accuracy)],
              ],
              { fullBoxStyle: true },
            ),
          ),
        ),
      ),
    );
    expect(meta.location).toEqual({ lat: -33.8688, lng: 151.2093, accuracy: 4.5 });
  });

  it('takes ©day only when mvhd has no date, and refuses a ©day without a time', async () => {
    const udta = (day: string) => box('udta', userText('©day', day), userText('©mak', 'GoPro'));
    expect(await readVideo(concat(ftyp(), box('moov', mvhd(0), udta('2019-08-01T10:20:30Z'))))).toMatchObject(
      {
        dateTaken: '2019-08-01T10:20:30Z',
        cameraMake: 'GoPro',
      },
    );
    const withMvhd = concat(
      ftyp(),
      box('moov', mvhd(quickTimeSeconds('2019-08-01T10:00:00Z')), udta('2019')),
    );
    expect((await readVideo(withMvhd)).dateTaken).toBe('2019-08-01T10:00:00Z');
    expect((await readVideo(concat(ftyp(), box('moov', udta('2019'))))).dateTaken).toBeNull();
  });

  it('reads iTunes-style ilst entries (©day in a data box) in udta/meta', async () => {
    const ilst = box('ilst', box('©day', dataBox(1, utf8('2020-01-02T03:04:05.000000Z'))));
    const meta = fullBox('meta', 0, fullBox('hdlr', 0, u32(0), 'mdir', 'appl', new Uint8Array(9)), ilst);
    expect((await readVideo(concat(ftyp(), box('moov', box('udta', meta))))).dateTaken).toBe(
      '2020-01-02T03:04:05Z',
    );
  });

  it('answers all-null metadata for a video without tags, and for files that are no video', async () => {
    const none = { dateTaken: null, dateSource: null, location: null, cameraMake: null, cameraModel: null };
    expect(await readVideo(concat(ftyp(), box('moov', mvhd(0), box('udta'))))).toEqual(none);
    expect(await readVideo(new Uint8Array(0))).toEqual(none);
    expect(await readVideo(latin1('MZ\x90\0\x03\0\0\0'))).toEqual(none);
    expect(await readVideo(latin1('RIFF\x10\0\0\0AVI LIST'))).toEqual(none);
  });
});

describe('readVideoMetadata: reads only what it needs', () => {
  it('finds moov at the end of a 5 GB file (64-bit mdat size) with a few small reads', async () => {
    const head = ftyp();
    const moovAt = 5_000_000_000;
    const mdatHeader = concat(u32(1), 'mdat', u64(moovAt - head.length));
    const moov = box(
      'moov',
      mvhd(quickTimeSeconds('2022-05-06T07:08:09Z')),
      box('udta', userText('©xyz', '+60.1467+024.9068/')),
    );
    const file = fileReader(moovAt + moov.length, [
      [0, head],
      [head.length, mdatHeader],
      [moovAt, moov],
    ]);
    const meta = await readVideoMetadata(file.read, moovAt + moov.length);
    expect(meta.dateTaken).toBe('2022-05-06T07:08:09Z');
    expect(meta.location).toMatchObject({ lat: 60.1467, lng: 24.9068 });
    expect(file.bytesRequested()).toBeLessThan(4096);
  });

  it('treats size 0 as "to the end of the file"', async () => {
    const moov = box('moov', mvhd(quickTimeSeconds('2021-01-01T00:00:00Z')));
    moov.set(u32(0), 0);
    expect((await readVideo(concat(ftyp(), moov))).dateTaken).toBe('2021-01-01T00:00:00Z');
  });

  it('never asks for more than 4 MiB at once, whatever sizes the file claims', async () => {
    const size = 3_000_000_000;
    const head = concat(ftyp(), u32(0), 'free');
    head.set(u32(100 - ftyp().length), ftyp().length);
    // moov, udta, meta and ilst claim nearly the whole file; keys claims four billion entries.
    const nested = concat(
      concat(u32(size - 100), 'moov'),
      concat(u32(size - 200), 'udta'),
      concat(u32(size - 300), 'meta'),
      fullBox('keys', 0, u32(0xffffffff), u32(12), 'mdta', 'abcd'),
      concat(u32(size - 400), 'ilst', u32(0x7fffffff), u32(1), u32(0x7ffffff0), 'data'),
    );
    const file = fileReader(size, [
      [0, head],
      [100, nested],
    ]);
    await expect(readVideoMetadata(file.read, size)).resolves.toMatchObject({
      dateTaken: null,
      location: null,
    });
    expect(Math.max(...file.calls.map(([, length]) => length))).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(file.calls.some(([offset]) => offset >= 100)).toBe(true);
  });

  it('stops after a bounded number of boxes in a file of a million empty boxes', async () => {
    const size = 8 * 1_000_000;
    const empty = concat(u32(8), 'free');
    const file: ReadRange = async (offset, length) => {
      const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      for (let i = 0; i < out.length; i += 1) out[i] = empty[(offset + i) % 8]!;
      return out;
    };
    let reads = 0;
    const counted: ReadRange = (offset, length) => {
      reads += 1;
      return file(offset, length);
    };
    expect((await readVideoMetadata(counted, size)).dateTaken).toBeNull();
    expect(reads).toBeLessThanOrEqual(5000);
  });

  it('survives truncated and malformed boxes: sizes below 8, past the end, garbage inside', async () => {
    const good = concat(
      ftyp(),
      box(
        'moov',
        mvhd(quickTimeSeconds('2020-02-02T02:02:02Z')),
        box('udta', userText('©xyz', '+10.0+020.0/')),
      ),
    );
    const cases = [
      good.subarray(0, good.length - 7),
      concat(ftyp(), u32(4), 'moov'),
      concat(ftyp(), u32(1), 'moov', u64(0)),
      concat(ftyp(), box('moov', u32(3), 'mvhd', u32(0xffffff00), 'udta')),
      concat(ftyp(), box('moov', box('udta', u32(2), '©xyz'))),
      concat(ftyp(), box('moov', box('udta', box('©xyz', u16(60000), u16(0), 'short')))),
      concat(ftyp(), box('moov', box('meta', u32(0), box('ilst', box('\0\0\0\x07', box('data', [0])))))),
    ];
    for (const file of cases) {
      await expect(readVideo(file)).resolves.toHaveProperty('dateSource');
    }
    // Random corruption of a valid file never throws and never reads outside the file.
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    for (let round = 0; round < 300; round += 1) {
      const copy = good.slice();
      for (let flips = 0; flips < 4; flips += 1)
        copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      await expect(readVideo(copy)).resolves.toHaveProperty('location');
    }
  });
});

describe('withFileDateFallback (SPEC §5: videos fall back to the last-modified time)', () => {
  const undated: MediaMetadata = emptyMediaMetadata();

  it('dates an undated video by the file time, in UTC, with source "file"', () => {
    expect(withFileDateFallback(undated, Date.UTC(2024, 0, 31, 23, 59, 58, 765))).toMatchObject({
      dateTaken: '2024-01-31T23:59:58Z',
      dateSource: 'file',
    });
  });

  it('keeps a date the video has, and does nothing without a usable time', () => {
    const dated: MediaMetadata = { ...undated, dateTaken: '2023-04-02T09:15:00Z', dateSource: 'creation' };
    expect(withFileDateFallback(dated, Date.now())).toBe(dated);
    for (const ms of [null, undefined, 0, -1, Number.NaN, 1e20, 8e15])
      expect(withFileDateFallback(undated, ms)).toBe(undated);
  });
});

describe('findExifSource: the EXIF block exifr is given', () => {
  const source = (file: Uint8Array) => findExifSource(inMemory(file).read, file.length);
  const tiff = concat('MM\0*', u32(8), u16(0), u32(0));
  const asTiff = { kind: 'tiff', bytes: tiff };
  const segment = (marker: number, data: Uint8Array) => concat([0xff, marker], u16(data.length + 2), data);

  it('cuts the Exif APP1 segment out of a JPEG, after JFIF and XMP segments', async () => {
    const jpeg = concat(
      [0xff, 0xd8],
      segment(0xe0, concat('JFIF\0', new Uint8Array(9))),
      segment(0xe1, latin1('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>')),
      segment(0xe1, concat('Exif\0\0', tiff)),
      [0xff, 0xda, 0, 8],
      new Uint8Array(100),
    );
    expect(await source(jpeg)).toEqual(asTiff);
  });

  it('finds no EXIF in a JPEG whose image data starts first, and keeps what a cut-off JPEG has', async () => {
    const noExif = concat(
      [0xff, 0xd8],
      segment(0xe0, latin1('JFIF\0')),
      [0xff, 0xda, 0, 8],
      new Uint8Array(20),
    );
    expect(await source(noExif)).toBeNull();
    const longTiff = concat(tiff, new Uint8Array(500));
    const cut = concat([0xff, 0xd8], segment(0xe1, concat('Exif\0\0', longTiff))).subarray(0, 200);
    expect(await source(cut)).toEqual({ kind: 'tiff', bytes: longTiff.subarray(0, 200 - 12) });
  });

  it('reads the eXIf chunk of a PNG and hands a TIFF file over whole', async () => {
    const chunk = (type: string, data: Uint8Array) => concat(u32(data.length), type, data, u32(0));
    const png = (...chunks: Uint8Array[]) =>
      concat('\x89PNG\r\n\x1a\n', ...chunks, chunk('IEND', new Uint8Array(0)));
    const ihdr = chunk('IHDR', new Uint8Array(13));
    expect(await source(png(ihdr, chunk('eXIf', tiff), chunk('IDAT', new Uint8Array(40))))).toEqual(asTiff);
    expect(await source(png(ihdr, chunk('IDAT', new Uint8Array(40))))).toBeNull();
    expect(await source(concat(tiff, new Uint8Array(8)))).toEqual({ kind: 'file' });
  });

  it('reads the EXIF chunk of a WebP, with or without the Exif header', async () => {
    const riff = (...chunks: Uint8Array[]) => {
      const body = concat('WEBP', ...chunks);
      return concat('RIFF', u32(body.length).reverse(), body);
    };
    const chunk = (id: string, data: Uint8Array) =>
      concat(id, u32(data.length).reverse(), data, data.length % 2 ? [0] : []);
    const vp8x = chunk('VP8X', new Uint8Array(10));
    expect(await source(riff(vp8x, chunk('ICCP', new Uint8Array(3)), chunk('EXIF', tiff)))).toEqual(asTiff);
    expect(await source(riff(vp8x, chunk('EXIF', concat('Exif\0\0', tiff))))).toEqual(asTiff);
    expect(await source(riff(vp8x, chunk('VP8 ', new Uint8Array(30))))).toBeNull();
  });

  describe('HEIC/HEIF/AVIF: the Exif item through iinf and iloc', () => {
    const infe = (id: number, type: string) => fullBox('infe', 2, u16(id), u16(0), type, '\0');
    const iinf = (...entries: Uint8Array[]) => fullBox('iinf', 0, u16(entries.length), ...entries);
    /** iloc v1 with 4-byte offsets, lengths and base offsets; items: [id, method, base, offset, length]. */
    const iloc = (...items: Array<[number, number, number, number, number]>) =>
      fullBox(
        'iloc',
        1,
        [0x44, 0x40],
        u16(items.length),
        ...items.map(([id, method, base, offset, length]) =>
          concat(u16(id), u16(method), u16(0), u32(base), u16(1), u32(offset), u32(length)),
        ),
      );
    const exifItem = concat(u32(6), 'Exif\0\0', tiff);
    const heif = (metaChildren: (mdatAt: number) => Uint8Array[]) => {
      const head = ftyp('heic');
      // The meta box's size does not depend on the offsets written into it, so measure it once.
      const metaLength = fullBox('meta', 0, ...metaChildren(0)).length;
      const mdatAt = head.length + metaLength + 8;
      return concat(
        head,
        fullBox('meta', 0, ...metaChildren(mdatAt)),
        box('mdat', new Uint8Array(16), exifItem),
      );
    };
    const hdlr = fullBox('hdlr', 0, u32(0), 'pict', new Uint8Array(13));

    it('reads the item at base offset + extent offset (iPhones use one, libheif the other)', async () => {
      const byBase = heif((mdat) => [
        hdlr,
        iinf(infe(1, 'hvc1'), infe(2, 'Exif')),
        iloc([1, 0, mdat, 0, 16], [2, 0, mdat + 16, 0, exifItem.length]),
      ]);
      const byExtent = heif((mdat) => [
        hdlr,
        iinf(infe(1, 'hvc1'), infe(2, 'Exif')),
        iloc([1, 0, 0, mdat, 16], [2, 0, 0, mdat + 16, exifItem.length]),
      ]);
      expect(await source(byBase)).toEqual(asTiff);
      expect(await source(byExtent)).toEqual(asTiff);
    });

    it('reads an item stored in the idat box (construction method 1)', async () => {
      const file = concat(
        ftyp('avif'),
        fullBox(
          'meta',
          0,
          hdlr,
          iinf(infe(7, 'Exif')),
          iloc([7, 1, 0, 3, exifItem.length]),
          box('idat', 'abc', exifItem),
        ),
      );
      expect(await source(file)).toEqual(asTiff);
    });

    it('gives null without an Exif item, or when its location is impossible', async () => {
      const cases = [
        heif((mdat) => [hdlr, iinf(infe(1, 'hvc1')), iloc([1, 0, 0, mdat, 16])]),
        heif(() => [hdlr, iinf(infe(2, 'Exif')), iloc([2, 0, 0, 10_000_000, exifItem.length])]),
        heif((mdat) => [hdlr, iinf(infe(2, 'Exif')), iloc([2, 0, 0, mdat + 16, 0])]),
        heif((mdat) => [hdlr, iinf(infe(2, 'Exif')), iloc([2, 2, 0, mdat + 16, exifItem.length])]),
        heif(() => [hdlr, iinf(infe(2, 'Exif'))]),
        concat(ftyp('heic'), u32(0), 'free', fullBox('meta', 0, hdlr)),
        concat(ftyp('heic'), u32(1), 'free', u64(0)),
      ];
      for (const file of cases) expect(await source(file)).toBeNull();
    });
  });

  it('refuses empty, tiny and non-image files', async () => {
    const files = [
      new Uint8Array(0),
      latin1('GIF89a'),
      latin1('<html><script>alert(1)</script></html>'),
      latin1('<svg onload="x()"></svg>'),
      latin1('MZ\x90\0\x03\0\0\0\x04\0\0\0'),
    ];
    for (const file of files) expect(await source(file)).toBeNull();
  });
});
