import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MAX_CHARACTERS,
  renderShareImage,
  SHARE_COLORS,
  SHARE_IMAGE_SIZES,
  shareImageSvg,
  shareMapPoint,
  statsLine,
  type ShareImageFormat,
  type ShareImageInput,
} from './share-image.js';
import { fitText, textWidth, type TextStyle } from './share-text.js';

const FORMATS: ShareImageFormat[] = ['og', 'story'];
/** Inside France, well away from its borders and from any other country's. */
const FRANCE = { lng: 2.5, lat: 46.8 };

function buildInput(overrides: Partial<ShareImageInput> = {}): ShareImageInput {
  return {
    format: 'og',
    visitedCountries: [],
    pins: [],
    stats: { countries: 23, countriesTotal: 195, cities: 61, continents: 5 },
    displayName: 'Ada Lovelace',
    avatarPng: null,
    ...overrides,
  };
}

/** The colours of the pixels within `radius` of a point, as '#rrggbb'; the point's own first. */
async function pixels(png: Buffer, [x, y]: [number, number], radius = 0): Promise<string[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours: string[] = [];
  for (const dy of [0, ...Array.from({ length: 2 * radius + 1 }, (_, i) => i - radius)]) {
    for (const dx of [0, ...Array.from({ length: 2 * radius + 1 }, (_, i) => i - radius)]) {
      const offset = ((Math.round(y) + dy) * info.width + Math.round(x) + dx) * info.channels;
      colours.push(
        `#${[...data.subarray(offset, offset + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`,
      );
    }
  }
  return colours;
}

async function pixel(png: Buffer, point: [number, number]): Promise<string> {
  return (await pixels(png, point))[0]!;
}

function solidPng(colour: string, size = 200): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function parseXml(svg: string): string[] {
  const elements: string[] = [];
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => elements.push(tag.name));
  parser.write(svg).close();
  return elements;
}

describe('renderShareImage', () => {
  it.each(FORMATS)('renders a %s picture as a PNG of the format’s size, with no metadata', async (format) => {
    const png = await renderShareImage(buildInput({ format }));
    const metadata = await sharp(png).metadata();
    expect(metadata.format).toBe('png');
    expect({ width: metadata.width, height: metadata.height }).toEqual(SHARE_IMAGE_SIZES[format]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.comments).toBeUndefined();
  });

  it.each(FORMATS)(
    'fills a visited country in the accent and leaves the others as land (%s)',
    async (format) => {
      const inFrance = shareMapPoint(format, FRANCE.lng, FRANCE.lat);
      const visited = await renderShareImage(buildInput({ format, visitedCountries: ['FR', 'JP'] }));
      const notVisited = await renderShareImage(buildInput({ format, visitedCountries: ['JP'] }));
      expect(await pixel(visited, inFrance)).toBe(SHARE_COLORS.visited);
      expect(await pixel(notVisited, inFrance)).toBe(SHARE_COLORS.land);
    },
  );

  it('fills a visited country too small for the coarse map (Singapore) from the finer one', () => {
    const { svg: plain } = shareImageSvg(buildInput());
    const { svg: singapore } = shareImageSvg(buildInput({ visitedCountries: ['SG'] }));
    expect(singapore).not.toBe(plain);
    expect(singapore).toContain(`fill="${SHARE_COLORS.visited}" stroke`);
  });

  it.each(FORMATS)('draws the avatar in its circle (%s)', async (format) => {
    const avatarPng = await solidPng('#ff0000');
    const { avatar } = shareImageSvg(buildInput({ format, avatarPng }));
    if (!avatar) throw new Error('no place for the avatar');
    const centre: [number, number] = [avatar.x + avatar.size / 2, avatar.y + avatar.size / 2];
    expect(await pixel(await renderShareImage(buildInput({ format, avatarPng })), centre)).toBe('#ff0000');
    expect(await pixel(await renderShareImage(buildInput({ format })), centre)).not.toBe('#ff0000');
    // The corner of the avatar's square is outside its circle: the picture shows there, not the avatar.
    const corner: [number, number] = [avatar.x + 2, avatar.y + 2];
    expect(await pixel(await renderShareImage(buildInput({ format, avatarPng })), corner)).not.toBe(
      '#ff0000',
    );
  });

  it('draws 10,000 pins as dots', async () => {
    // A 20° × 10° block of the United States, a pin every 0.2° of longitude and 0.1° of latitude.
    const pins = Array.from({ length: 10_000 }, (_, i) => ({
      lat: Math.round((40 + (i % 100) * 0.1) * 100) / 100,
      lng: Math.round((-100 + Math.floor(i / 100) * 0.2) * 100) / 100,
    }));
    for (const format of FORMATS) {
      const centre = shareMapPoint(format, -90, 45);
      // Dots sit on a grid of cells, a little apart: one of them is within a cell of any point.
      expect(await pixels(await renderShareImage(buildInput({ format, pins })), centre, 2)).toContain(
        SHARE_COLORS.pin,
      );
      expect(await pixels(await renderShareImage(buildInput({ format })), centre, 2)).not.toContain(
        SHARE_COLORS.pin,
      );
    }
  });

  it('leaves out pins the map does not show (Antarctica)', () => {
    const { svg: plain } = shareImageSvg(buildInput());
    expect(shareImageSvg(buildInput({ pins: [{ lat: -80, lng: 0 }] })).svg).toBe(plain);
  });
});

describe('shareImageSvg', () => {
  it.each(FORMATS)('keeps a hostile name out of the markup, which stays well-formed (%s)', (format) => {
    const displayName = '<script>alert(1)</script>&"\' </svg>';
    const { svg } = shareImageSvg(buildInput({ format, displayName }));
    expect(parseXml(svg)).not.toContain('script');
    expect(svg).not.toContain('alert');
    // The name is drawn, as paths.
    expect(svg).not.toBe(shareImageSvg(buildInput({ format, displayName: null })).svg);
  });

  it.each(FORMATS)('draws a name of 500 characters as its first %s characters and an ellipsis', (format) => {
    const long = 'Wanderer '.repeat(60).slice(0, 500);
    const cut = `${[...long]
      .slice(0, DISPLAY_NAME_MAX_CHARACTERS - 1)
      .join('')
      .trimEnd()}…`;
    const { svg } = shareImageSvg(buildInput({ format, displayName: long }));
    expect(svg).toBe(shareImageSvg(buildInput({ format, displayName: cut })).svg);
  });
});

describe('statsLine', () => {
  it('counts cities and continents in the singular and the plural, with thousands separated', () => {
    expect(statsLine({ countries: 1, countriesTotal: 195, cities: 1, continents: 1 })).toBe(
      '1 city · 1 continent',
    );
    expect(statsLine({ countries: 9, countriesTotal: 195, cities: 1204, continents: 3 })).toBe(
      '1,204 cities · 3 continents',
    );
  });
});

describe('fitText', () => {
  const style: TextStyle = { size: 26, weight: 600 };

  it('cuts a name to the most characters allowed, an ellipsis the last', () => {
    const cut = fitText('x'.repeat(500), style, 40, Infinity);
    expect([...cut]).toHaveLength(40);
    expect(cut.endsWith('x…')).toBe(true);
  });

  it('cuts a name further to the room it has, and keeps one that fits whole', () => {
    const cut = fitText('Maximilian Alexander von Humboldt-Habsburg', style, 40, 200);
    expect(textWidth(cut, style)).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/^Maximilian .*…$/);
    expect(fitText('  Zoë Ng  ', style, 40, 200)).toBe('Zoë Ng');
  });

  it('gives nothing for a name Inter cannot draw any of', () => {
    expect(fitText('🌍🧭', style, 40, 200)).toBe('');
    expect(textWidth('🌍 Ana', style)).toBe(textWidth(' Ana', style));
  });
});
