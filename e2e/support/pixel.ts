// The colour of one screen pixel, read from a 1×1 Playwright screenshot. A one-pixel PNG needs no real
// decoder: every PNG row filter leaves a first pixel of a first row unchanged, so the inflated image
// data is one filter byte followed by the pixel's bytes.
import type { Page } from '@playwright/test';
import { inflateSync } from 'node:zlib';

export type Rgb = [number, number, number];

export async function pixelAt(page: Page, x: number, y: number): Promise<Rgb> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  const chunks: Buffer[] = [];
  let offset = 8; // PNG signature
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') chunks.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const data = inflateSync(Buffer.concat(chunks));
  return [data[1] ?? 0, data[2] ?? 0, data[3] ?? 0];
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
