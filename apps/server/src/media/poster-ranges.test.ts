// Which bytes of a large stored video the poster step asks storage for, on box layouts made in memory.
import { describe, expect, it } from 'vitest';
import type { ReadRange } from '@waymarks/shared';
import {
  POSTER_INDEX_MAX_BYTES,
  POSTER_MEDIA_MAX_BYTES,
  POSTER_MEDIA_MIN_BYTES,
  posterRanges,
} from './poster-ranges.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** A box header of `size` bytes in all (64-bit when it does not fit 32), and optionally its payload. */
function box(type: string, size: number, payload: Uint8Array = Buffer.alloc(0)): Buffer {
  if (size < 2 ** 32) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(size, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, payload]);
  }
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1, 0);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(size), 8);
  return Buffer.concat([head, payload]);
}

/** An mvhd (version 0) saying the movie lasts `seconds`. */
function mvhd(seconds: number): Buffer {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(1000, 12); // timescale
  body.writeUInt32BE(seconds * 1000, 16); // duration
  return box('mvhd', 108, body);
}

/** A file of `size` bytes with `pieces` written at their offsets and zeros everywhere else. */
function sparseFile(size: number, pieces: Array<[number, Buffer]>): { read: ReadRange; size: number } {
  const read: ReadRange = async (offset, length) => {
    const bytes = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
    for (const [at, piece] of pieces) {
      for (let i = 0; i < piece.length; i += 1) {
        const target = at + i - offset;
        if (target >= 0 && target < bytes.length) bytes[target] = piece[i]!;
      }
    }
    return bytes;
  };
  return { read, size };
}

const ftyp = box('ftyp', 20, Buffer.from('qt  \0\0\0\0qt  ', 'latin1'));
const total = (ranges: Array<{ start: number; end: number }>) =>
  ranges.reduce((sum, range) => sum + range.end - range.start + 1, 0);

describe('posterRanges', () => {
  it('reads a video below the index limit whole: planning would save next to nothing', async () => {
    const file = sparseFile(POSTER_INDEX_MAX_BYTES - 1, [[0, ftyp]]);
    expect(await posterRanges(file.read, file.size, 'video/mp4')).toBeUndefined();
  });

  it('asks a 1 GB phone MOV with its moov at the end for the index and two seconds of media data', async () => {
    const moov = box('moov', 8 + 108 + 5000, mvhd(360));
    const mdatSize = GB;
    const wide = box('wide', 8);
    const size = ftyp.length + wide.length + mdatSize + moov.length;
    const mdatAt = ftyp.length + wide.length;
    const moovAt = mdatAt + mdatSize;
    const file = sparseFile(size, [
      [0, ftyp],
      [ftyp.length, wide],
      [mdatAt, box('mdat', mdatSize)],
      [moovAt, moov],
    ]);

    const ranges = (await posterRanges(file.read, file.size, 'video/quicktime'))!;

    const media = Math.round(((mdatSize - 8) / 360) * 2);
    expect(ranges).toEqual([
      { start: 0, end: ftyp.length - 1 },
      { start: ftyp.length, end: ftyp.length + 7 },
      { start: mdatAt, end: mdatAt + 8 + media - 1 },
      { start: moovAt, end: size - 1 },
    ]);
    expect(total(ranges)).toBeLessThan(7 * MB);
  });

  it('reads media data between the bounds: the minimum for a slow video, the maximum when the rate is unknown', async () => {
    const layout = (moov: Buffer, mdatSize: number) => {
      const size = ftyp.length + moov.length + mdatSize;
      return sparseFile(size, [
        [0, ftyp],
        [ftyp.length, moov],
        [ftyp.length + moov.length, box('mdat', mdatSize)],
      ]);
    };
    const mediaRead = async (file: { read: ReadRange; size: number }) => {
      const ranges = (await posterRanges(file.read, file.size, 'video/mp4'))!;
      return ranges.at(-1)!.end - ranges.at(-1)!.start + 1 - 8;
    };
    // 100 MB over three hours: well under a megabyte a second.
    expect(await mediaRead(layout(box('moov', 116, mvhd(3 * 3600)), 100 * MB))).toBe(POSTER_MEDIA_MIN_BYTES);
    // A gigabyte in ten seconds: far more than the upper bound in two of them.
    expect(await mediaRead(layout(box('moov', 116, mvhd(10)), GB))).toBe(POSTER_MEDIA_MAX_BYTES);
    // No mvhd where it always is: no rate to go by.
    expect(await mediaRead(layout(box('moov', 16, box('udta', 8)), GB))).toBe(POSTER_MEDIA_MAX_BYTES);
  });

  it('reads a video whole when its index boxes alone pass the limit', async () => {
    const moovSize = POSTER_INDEX_MAX_BYTES + 1;
    const size = ftyp.length + moovSize + GB;
    const file = sparseFile(size, [
      [0, ftyp],
      [ftyp.length, box('moov', moovSize)],
      [ftyp.length + moovSize, box('mdat', GB)],
    ]);
    expect(await posterRanges(file.read, file.size, 'video/mp4')).toBeUndefined();
  });

  it('asks an AVI, which has no boxes, for its first bytes only', async () => {
    const file = sparseFile(GB, [[0, Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1')]]);
    expect(await posterRanges(file.read, file.size, 'video/x-msvideo')).toEqual([
      { start: 0, end: POSTER_MEDIA_MAX_BYTES - 1 },
    ]);
  });
});
