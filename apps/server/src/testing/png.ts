// Valid PNGs for the tests of the avatar's image upload, built by hand: a signature, an IHDR with its
// checksum, the pixels deflated, and an IEND; and animated ones (APNG), which no library here writes.
import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One pixel as red, green, blue and alpha, 0 to 255 each. */
export type Rgba = readonly [number, number, number, number];

const TRANSPARENT: Rgba = [0, 0, 0, 0];

export function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** PNG's colour types for 8 bits a channel: the pixel's channels as they follow one another. */
const COLOUR_TYPE = { 1: 0, 4: 6 } as const; // 1: grey, 4: red, green, blue and alpha

function header(width: number, height: number, channels: 1 | 4): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bits per channel
  data[9] = COLOUR_TYPE[channels];
  return pngChunk('IHDR', data);
}

/**
 * Every row of the image in one colour, deflated: what IDAT (or an APNG frame) carries. One colour
 * compresses about a thousandfold, so a large image is a small file, as a decompression bomb is.
 */
function pixelData(width: number, height: number, pixel: readonly number[]): Buffer {
  const row = Buffer.alloc(1 + width * pixel.length); // filter byte 0 (none), then the pixels
  for (let x = 0; x < width; x++) row.set(pixel, 1 + x * pixel.length);
  return deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
}

const END = pngChunk('IEND', Buffer.alloc(0));

/** A complete PNG of width × height RGBA pixels, all of one colour (transparent unless given). */
export function png(width: number, height: number, rgba: Rgba = TRANSPARENT): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    header(width, height, 4),
    pngChunk('IDAT', pixelData(width, height, rgba)),
    END,
  ]);
}

/**
 * An animated PNG (APNG) of `frames` full grey frames of width × height, the first one also the still
 * image (IDAT) a viewer without APNG shows. Each later frame is an fcTL and an fdAT, numbered in one
 * sequence. Grey keeps 120 frames of 1024×1024 (480 MiB once a browser decodes them) within 512 KiB.
 */
export function animatedPng(width: number, height: number, frames: number): Buffer {
  const animation = Buffer.alloc(8);
  animation.writeUInt32BE(frames, 0);
  animation.writeUInt32BE(0, 4); // loop forever
  let sequence = 0;
  const frameControl = () => {
    const data = Buffer.alloc(26);
    data.writeUInt32BE(sequence++, 0);
    data.writeUInt32BE(width, 4);
    data.writeUInt32BE(height, 8);
    // x and y offsets 0; a delay of 1/10 s; dispose none; blend source.
    data.writeUInt16BE(1, 20);
    data.writeUInt16BE(10, 22);
    return pngChunk('fcTL', data);
  };
  const chunks = [PNG_SIGNATURE, header(width, height, 1), pngChunk('acTL', animation)];
  for (let frame = 0; frame < frames; frame++) {
    // Each frame its own shade, so that no two frames are the same picture.
    const pixels = pixelData(width, height, [(frame * 2) % 256]);
    chunks.push(frameControl());
    if (frame === 0) {
      chunks.push(pngChunk('IDAT', pixels));
    } else {
      const number = Buffer.alloc(4);
      number.writeUInt32BE(sequence++);
      chunks.push(pngChunk('fdAT', Buffer.concat([number, pixels])));
    }
  }
  chunks.push(END);
  return Buffer.concat(chunks);
}
