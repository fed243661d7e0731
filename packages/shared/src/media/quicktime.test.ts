import { describe, expect, it } from 'vitest';
import { readVideoMetadata, withFileDateFallback } from './quicktime.js';
import type { ReadRange } from './byte-source.js';
import {
  box,
  concat,
  fileReader,
  ftyp,
  fullBox,
  inMemory,
  latin1,
  u16,
  u32,
  u64,
  utf8,
} from './test-files.js';
import { emptyMediaMetadata, type MediaMetadata } from './types.js';

const QUICKTIME_EPOCH_OFFSET_S = 2_082_844_800;
const quickTimeSeconds = (iso: string) => Date.parse(iso) / 1000 + QUICKTIME_EPOCH_OFFSET_S;

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

const readVideo = (file: Uint8Array) => readVideoMetadata(inMemory(file).read, file.length);

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
