// Screen pixels as the traveller sees them, read from Playwright screenshots: one pixel's colour, or a
// whole area decoded (8-bit RGB or RGBA PNG, as Chromium writes them) for counting what is drawn there.
import type { Locator, Page } from '@playwright/test';
import { inflateSync } from 'node:zlib';

export type Rgb = [number, number, number];

export interface Picture {
  width: number;
  height: number;
  at(x: number, y: number): Rgb;
}

/** Undoes PNG's per-row filters (0 none, 1 sub, 2 up, 3 average, 4 Paeth). */
export function decodePng(png: Buffer): Picture {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29);
  if (bitDepth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) {
    throw new Error(`unexpected PNG: depth ${bitDepth}, colour type ${colourType}, interlace ${interlace}`);
  }
  const chunks: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    if (png.toString('latin1', offset + 4, offset + 8) === 'IDAT') {
      chunks.push(png.subarray(offset + 8, offset + 8 + length));
    }
    offset += 12 + length;
  }
  const data = inflateSync(Buffer.concat(chunks));
  const channels = colourType === 6 ? 4 : 3;
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const raw = data[y * (stride + 1) + 1 + i] ?? 0;
      const left = i >= channels ? (pixels[y * stride + i - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + i] ?? 0) : 0;
      const upLeft = y > 0 && i >= channels ? (pixels[(y - 1) * stride + i - channels] ?? 0) : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter ?? 0] ?? 0;
      pixels[y * stride + i] = (raw + predicted) & 255;
    }
  }
  return {
    width,
    height,
    at: (x, y) => {
      const start = y * stride + x * channels;
      return [pixels[start] ?? 0, pixels[start + 1] ?? 0, pixels[start + 2] ?? 0];
    },
  };
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

export async function pixelAt(page: Page, x: number, y: number): Promise<Rgb> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return decodePng(png).at(0, 0);
}

/** What an element shows, one image pixel per CSS pixel. */
export async function pictureOf(element: Locator): Promise<Picture> {
  return decodePng(await element.screenshot({ scale: 'css' }));
}

/** Parses '#rrggbb'. */
export function hexColour(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `top` drawn with `opacity` over `bottom`. */
export function blend(bottom: Rgb, top: Rgb, opacity: number): Rgb {
  return bottom.map((channel, index) => channel * (1 - opacity) + (top[index] ?? 0) * opacity) as Rgb;
}

/** The largest difference of any channel. */
export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.max(...a.map((channel, index) => Math.abs(channel - (b[index] ?? 0))));
}
