import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { shareImages } from './images.js';

describe('the pictures of shared links and home screens', () => {
  it('writes the app icons the manifest names, at their sizes, and a manifest an installed app starts from', async () => {
    const files = await shareImages();
    const manifest = JSON.parse(files.get('manifest.webmanifest')!.toString('utf8'));
    expect(manifest).toMatchObject({
      name: 'Waymarks',
      short_name: 'Waymarks',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#135f61',
    });
    expect(
      manifest.icons.map((icon: { sizes: string; purpose: string }) => [icon.sizes, icon.purpose]),
    ).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const png = files.get(icon.src.slice(1));
      expect(png, icon.src).toBeDefined();
      const { format, width, height } = await sharp(png!).metadata();
      expect([format, `${width}x${height}`]).toEqual(['png', icon.sizes]);
      expect((await sharp(png!).stats()).isOpaque).toBe(true);
    }
  });

  it('draws a 1200×630 Open Graph picture and a 180×180 touch icon, as opaque PNGs', async () => {
    const files = await shareImages();

    const pictures = ['og-image.png', 'apple-touch-icon.png'];
    const sizes = await Promise.all(
      pictures.map(async (name) => {
        const png = files.get(name)!;
        const { format, width, height } = await sharp(png).metadata();
        const { isOpaque } = await sharp(png).stats();
        return { format, width, height, isOpaque };
      }),
    );
    expect(sizes).toEqual([
      { format: 'png', width: 1200, height: 630, isOpaque: true },
      { format: 'png', width: 180, height: 180, isOpaque: true },
    ]);
  });

  it("puts the white pin at the centre of the Open Graph picture and the brand teal at the icon's", async () => {
    const files = await shareImages();
    const pixel = async (png: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };

    // Below the pin's ring, on its white body.
    expect(await pixel(files.get('og-image.png')!, 600, 330)).toEqual([255, 255, 255]);
    // The icon's pin body, beside its ring: #135f61.
    expect(await pixel(files.get('apple-touch-icon.png')!, 90, 130)).toEqual([0x13, 0x5f, 0x61]);
  });
});
