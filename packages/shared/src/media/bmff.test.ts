import { describe, expect, it } from 'vitest';
import { heifItemsWithinFile, parseItemLocations } from './bmff.js';
import { box, concat, ftyp, fullBox, iinf, iloc, infe, inMemory, u16, u32, u64 } from './test-files.js';

/** The payload of an iloc box: what parseItemLocations reads. */
const ilocPayload = (...items: Array<[number, number, number, number, number]>) => iloc(...items).subarray(8);

describe('parseItemLocations (iloc, ISO/IEC 14496-12 §8.11.3)', () => {
  it('reads every item: id, construction method, base offset added to each extent', () => {
    expect(parseItemLocations(ilocPayload([1, 0, 100, 20, 16], [2, 1, 0, 3, 40]))).toEqual([
      { id: 1, method: 0, dataReference: 0, extents: [[120, 16]] },
      { id: 2, method: 1, dataReference: 0, extents: [[3, 40]] },
    ]);
  });

  it('reads version 0 (no construction method) with 8-byte offsets and version 2 with 4-byte item ids', () => {
    const v0 = concat([0, 0, 0, 0], [0x88, 0x00], u16(1), u16(9), u16(0), u16(1), u64(2 ** 33), u64(5));
    expect(parseItemLocations(v0)).toEqual([{ id: 9, method: 0, dataReference: 0, extents: [[2 ** 33, 5]] }]);
    const v2 = concat(
      [2, 0, 0, 0],
      [0x44, 0x00],
      u32(1),
      u32(70_000),
      u16(1),
      u16(0),
      u16(1),
      u32(8),
      u32(4),
    );
    expect(parseItemLocations(v2)).toEqual([{ id: 70_000, method: 1, dataReference: 0, extents: [[8, 4]] }]);
  });

  it('refuses a table cut short, field sizes other than 0, 4 or 8, and unknown versions', () => {
    const whole = ilocPayload([1, 0, 0, 20, 16], [2, 0, 0, 36, 16]);
    expect(parseItemLocations(whole)).toHaveLength(2);
    for (let cut = 0; cut < whole.length; cut += 1) {
      expect(parseItemLocations(whole.subarray(0, cut))).toBeNull();
    }
    const twoByteOffsets = concat([1, 0, 0, 0], [0x24, 0x00], u16(0));
    expect(parseItemLocations(twoByteOffsets)).toBeNull();
    expect(parseItemLocations(concat([3], whole.subarray(1)))).toBeNull();
  });

  it('ends at the end of the table however many items it claims', () => {
    const claims = concat([2, 0, 0, 0], [0x44, 0x00], u32(0xffffffff));
    expect(parseItemLocations(claims)).toBeNull();
  });
});

describe('heifItemsWithinFile', () => {
  const hdlr = fullBox('hdlr', 0, u32(0), 'pict', new Uint8Array(13));
  /** A HEIF whose one image item is `length` bytes of mdat, as iloc says. */
  const heif = (length: number, { method = 0, mdatBytes = length } = {}) => {
    const head = ftyp('heic');
    const meta = (at: number) =>
      fullBox('meta', 0, hdlr, iinf(infe(1, 'hvc1')), iloc([1, method, 0, at, length]));
    const mdatAt = head.length + meta(0).length + 8;
    return concat(head, meta(mdatAt), box('mdat', new Uint8Array(mdatBytes)));
  };
  const within = (file: Uint8Array) => heifItemsWithinFile(inMemory(file).read, file.length);

  it('vouches for a file whose every item is inside it', async () => {
    expect(await within(heif(300))).toBe(true);
  });

  it('refuses a file cut off before the end of an item, as an interrupted transfer leaves it', async () => {
    const whole = heif(300);
    expect(await within(whole.subarray(0, whole.length - 1))).toBe(false);
    expect(await within(heif(300, { mdatBytes: 100 }))).toBe(false);
  });

  it('leaves items in idat to the decoder (their offsets are not file offsets)', async () => {
    expect(await within(heif(10_000, { method: 1, mdatBytes: 0 }))).toBe(true);
  });

  it('vouches for nothing without a readable item table', async () => {
    const noIloc = concat(ftyp('heic'), fullBox('meta', 0, hdlr, iinf(infe(1, 'hvc1'))));
    expect(await within(noIloc)).toBe(false);
    expect(await within(concat(ftyp('heic'), box('mdat', new Uint8Array(40))))).toBe(false);
    expect(await within(new Uint8Array(0))).toBe(false);
  });
});
