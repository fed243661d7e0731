import { describe, expect, it } from 'vitest';
import { findExifSource } from './exif-locators.js';
import {
  box,
  concat,
  ftyp,
  fullBox,
  iinf,
  iloc,
  infe,
  inMemory,
  latin1,
  u16,
  u32,
  u64,
} from './test-files.js';

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
