// The traveller's share picture: a world map with the visited countries filled and the pins dotted, the
// countries figure, the stats line, the name and the avatar, as a PNG for social media. One SVG is drawn
// (every letter as a path, so the picture is the same on any machine) and librsvg renders it via sharp.
import sharp from 'sharp';
import { CAP_HEIGHT, fitText, textPath, textWidth, type TextStyle } from './share-text.js';
import { worldMap, type MapBox } from './world-outline.js';

export type ShareImageFormat = 'og' | 'story';

export const SHARE_IMAGE_SIZES: Record<ShareImageFormat, { width: number; height: number }> = {
  og: { width: 1200, height: 630 },
  story: { width: 1080, height: 1350 },
};

export interface ShareImageInput {
  format: ShareImageFormat;
  /** ISO 3166-1 alpha-2 codes of visited countries, filled on the map. */
  visitedCountries: readonly string[];
  /** Pins already rounded by the caller, drawn as small dots; there may be 10,000 and more. */
  pins: readonly { lat: number; lng: number }[];
  /** The headline figure and the stats line: countries 23 (of 195), cities 61, continents 5. */
  stats: { countries: number; countriesTotal: number; cities: number; continents: number };
  /** The traveller's display name, or null to leave it out. Untrusted: drawn as glyph paths only, cut to fit. */
  displayName: string | null;
  /** The avatar portrait PNG bytes, or null; drawn in a circle in a corner when present. */
  avatarPng: Buffer | null;
}

/**
 * The app's palette (apps/web/src/styles.css): the brand's lagoon teals for the ground and the land, the
 * sunset coral accent for what the traveller has done.
 */
export const SHARE_COLORS = {
  groundTop: '#05262a', // brand-950
  groundBottom: '#133f42', // brand-900
  land: '#1f5a5c', // between brand-800 and brand-700: muted on the ground, the borders still seen
  border: '#0c3336',
  visited: '#f46a43', // accent-500
  pin: '#ffffff',
  text: '#ffffff',
  muted: '#ace6e1', // brand-200
  avatarRing: '#ff8a66', // accent-400
} as const;

/** A name is cut at this many characters (and then to the room it has), an ellipsis marking the cut. */
export const DISPLAY_NAME_MAX_CHARACTERS = 40;

/**
 * Pins are drawn one dot per cell of this many pixels, so 10,000 pins cost no more than the cells they
 * fill; a dense cluster reads as a grid of dots rather than a blot.
 */
const PIN_CELL_PX = 4;
const WORDMARK = 'Waymarks';

const numbers = new Intl.NumberFormat('en-US');
const counted = (n: number, one: string, many: string) => `${numbers.format(n)} ${n === 1 ? one : many}`;

/** The line under the figure: '61 cities · 5 continents'. */
export function statsLine(stats: ShareImageInput['stats']): string {
  return `${counted(stats.cities, 'city', 'cities')} · ${counted(stats.continents, 'continent', 'continents')}`;
}

interface Circle {
  x: number;
  y: number;
  size: number;
}

/** Where each part goes in a format: the map's box, and the text and the avatar's place over it. */
interface Layout {
  map: MapBox;
  pinRadius: number;
  draw(input: ShareImageInput): { svg: string; avatar?: Circle };
}

const fill = (d: string, colour: string) => (d ? `<path d="${d}" fill="${colour}"/>` : '');

/** The app's map-pin mark and the word Waymarks, on the baseline at x (its start or its middle). */
function wordmark(x: number, baseline: number, size: number, anchor: 'start' | 'middle'): string {
  const style: TextStyle = { size, weight: 600, tracking: -0.01 };
  const r = size * 0.32;
  const gap = size * 0.3;
  const width = 2 * r + gap + textWidth(WORDMARK, style);
  const cx = (anchor === 'start' ? x : x - width / 2) + r;
  const cy = baseline - size * CAP_HEIGHT + r * 0.8;
  const tip = baseline + size * 0.06;
  const mark =
    `M${cx} ${tip}C${cx - r * 0.4} ${cy + r * 1.5} ${cx - r} ${cy + r} ${cx - r} ${cy}` +
    `A${r} ${r} 0 0 1 ${cx + r} ${cy}C${cx + r} ${cy + r} ${cx + r * 0.4} ${cy + r * 1.5} ${cx} ${tip}Z`;
  return (
    fill(mark, SHARE_COLORS.visited) +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.4}" fill="${SHARE_COLORS.groundTop}"/>` +
    fill(textPath(WORDMARK, cx + r + gap, baseline, style), SHARE_COLORS.text)
  );
}

/**
 * The figure as '23 / 195', the total smaller on the same baseline, at most maxWidth wide: a figure of
 * three digits shrinks rather than run into the map.
 */
function figure(stats: ShareImageInput['stats'], size: number, maxWidth: number) {
  const count = numbers.format(stats.countries);
  const total = `/ ${numbers.format(stats.countriesTotal)}`;
  const measure = (scale: number) => {
    const countStyle: TextStyle = { size: size * scale, weight: 800, tracking: -0.03 };
    const totalStyle: TextStyle = { size: size * scale * 0.34, weight: 600, tracking: -0.02 };
    const gap = size * scale * 0.08;
    const width = textWidth(count, countStyle) + gap + textWidth(total, totalStyle);
    return { countStyle, totalStyle, gap, width };
  };
  const natural = measure(1);
  const fitted = natural.width <= maxWidth ? natural : measure(maxWidth / natural.width);
  return {
    width: fitted.width,
    height: fitted.countStyle.size * CAP_HEIGHT,
    draw(x: number, baseline: number) {
      const totalX = x + fitted.width - textWidth(total, fitted.totalStyle);
      return (
        fill(textPath(count, x, baseline, fitted.countStyle), SHARE_COLORS.text) +
        fill(textPath(total, totalX, baseline, fitted.totalStyle), SHARE_COLORS.muted)
      );
    },
  };
}

function displayName(input: ShareImageInput, style: TextStyle, maxWidth: number): string {
  if (input.displayName === null) return '';
  return fitText(input.displayName, style, DISPLAY_NAME_MAX_CHARACTERS, maxWidth);
}

const LAYOUTS: Record<ShareImageFormat, Layout> = {
  // The text in a column on the left (the word mark at the top, the traveller at the foot), the map on
  // the right two-thirds.
  og: {
    map: { x: 392, y: 40, width: 784, height: 550 },
    pinRadius: 1.4,
    draw(input) {
      const left = 64;
      const countries: TextStyle = { size: 44, weight: 600, tracking: -0.02 };
      const nameStyle: TextStyle = { size: 26, weight: 600 };
      const avatar = input.avatarPng ? { x: left, y: 502, size: 64 } : undefined;
      const nameX = avatar ? left + avatar.size + 18 : left;
      const name = displayName(input, nameStyle, 440 - nameX);
      const svg = [
        wordmark(left, 96, 30, 'start'),
        figure(input.stats, 128, 310).draw(left - 4, 318),
        fill(textPath('countries', left, 370, countries), SHARE_COLORS.text),
        fill(textPath(statsLine(input.stats), left, 418, { size: 26, weight: 500 }), SHARE_COLORS.muted),
        fill(textPath(name, nameX, 534 + (nameStyle.size * CAP_HEIGHT) / 2, nameStyle), SHARE_COLORS.text),
      ];
      return { svg: svg.join(''), avatar };
    },
  },
  // The traveller and the figure on top, the map across the middle, the stats and the word mark below.
  story: {
    map: { x: 40, y: 640, width: 1000, height: 470 },
    pinRadius: 1.5,
    draw(input) {
      const centre = 540;
      const nameStyle: TextStyle = { size: 40, weight: 600 };
      const countries: TextStyle = { size: 56, weight: 600, tracking: -0.02 };
      const name = displayName(input, nameStyle, 920);
      const avatarSize = input.avatarPng ? 144 : 0;
      // Without an avatar the figure grows into its room.
      const headline = figure(input.stats, avatarSize ? 184 : 232, 920);
      // The top block is stacked from what there is and centred above the map.
      const nameHeight = name ? nameStyle.size * CAP_HEIGHT + 64 : 0;
      const height =
        (avatarSize ? avatarSize + 44 : 0) + nameHeight + headline.height + 32 + countries.size * CAP_HEIGHT;
      // Whole pixels: sharp composites the avatar at an integer offset.
      let y = Math.round(Math.max(72, (640 - height) / 2));
      const avatar = avatarSize ? { x: centre - avatarSize / 2, y, size: avatarSize } : undefined;
      if (avatar) y += avatarSize + 44;
      const svg = [
        fill(textPath(name, centre, y + nameStyle.size * CAP_HEIGHT, nameStyle, 'middle'), SHARE_COLORS.text),
      ];
      y += nameHeight + headline.height;
      svg.push(headline.draw(centre - headline.width / 2, y));
      y += 32 + countries.size * CAP_HEIGHT;
      svg.push(
        fill(textPath('countries', centre, y, countries, 'middle'), SHARE_COLORS.text),
        fill(
          textPath(statsLine(input.stats), centre, 1190, { size: 40, weight: 500 }, 'middle'),
          SHARE_COLORS.muted,
        ),
        wordmark(centre, 1276, 34, 'middle'),
      );
      return { svg: svg.join(''), avatar };
    },
  },
};

/** The pixel of the picture where a place lands on its map. */
export function shareMapPoint(format: ShareImageFormat, lng: number, lat: number): [number, number] {
  return worldMap(LAYOUTS[format].map).project(lng, lat);
}

/** One dot per occupied cell, as zero-length strokes with round caps: one path, however many pins. */
function pinDots(input: ShareImageInput, layout: Layout): string {
  const map = worldMap(layout.map);
  const { x, y, width, height } = map.extent;
  const columns = Math.ceil(width / PIN_CELL_PX) + 1;
  const cells = new Set<number>();
  for (const pin of input.pins) {
    const [px, py] = map.project(pin.lng, pin.lat);
    // Antarctica is not on the map: a pin there (or further off) is not drawn.
    if (!(px >= x && px <= x + width && py >= y && py <= y + height)) continue;
    cells.add(Math.round((py - y) / PIN_CELL_PX) * columns + Math.round((px - x) / PIN_CELL_PX));
  }
  let d = '';
  for (const cell of cells) {
    d += `M${x + (cell % columns) * PIN_CELL_PX} ${y + Math.floor(cell / columns) * PIN_CELL_PX}h0`;
  }
  if (!d) return '';
  return `<path d="${d}" fill="none" stroke="${SHARE_COLORS.pin}" stroke-width="${layout.pinRadius * 2}" stroke-linecap="round"/>`;
}

/**
 * What every picture of a format has: the ground, the graticule and the land. It is most of the picture's
 * paths, and the same for every traveller, so it is rasterised once per format and process.
 */
function backgroundSvg(format: ShareImageFormat): string {
  const { width, height } = SHARE_IMAGE_SIZES[format];
  const map = worldMap(LAYOUTS[format].map);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="ground" x1="0" y1="0" x2="0.4" y2="1">`,
    `<stop offset="0" stop-color="${SHARE_COLORS.groundTop}"/><stop offset="1" stop-color="${SHARE_COLORS.groundBottom}"/>`,
    `</linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#ground)"/>`,
    `<path d="${map.graticule}" fill="none" stroke="${SHARE_COLORS.land}" stroke-width="1" opacity="0.5"/>`,
    `<path d="${map.land}" fill="${SHARE_COLORS.land}" ${BORDERS}/>`,
    `</svg>`,
  ].join('');
}

const BORDERS = `stroke="${SHARE_COLORS.border}" stroke-width="0.6" stroke-linejoin="round"`;

/**
 * What is the traveller's, drawn over the background: the visited countries, the pins, the text and the
 * avatar's ring; and where the avatar goes (it is composited as pixels). Every letter is drawn as a path,
 * so no text of the input (the name least of all) reaches the markup.
 */
function overlaySvg(input: ShareImageInput): { svg: string; avatar?: Circle } {
  const { width, height } = SHARE_IMAGE_SIZES[input.format];
  const layout = LAYOUTS[input.format];
  const map = worldMap(layout.map);
  const visited = [...new Set(input.visitedCountries.map((code) => code.toUpperCase()))]
    .map((code) => map.country(code))
    .join('');
  const { svg: text, avatar } = layout.draw(input);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    visited ? `<path d="${visited}" fill="${SHARE_COLORS.visited}" ${BORDERS}/>` : '',
    pinDots(input, layout),
    text,
    avatar
      ? `<circle cx="${avatar.x + avatar.size / 2}" cy="${avatar.y + avatar.size / 2}" r="${avatar.size / 2 + 3}" fill="${SHARE_COLORS.avatarRing}"/>`
      : '',
    `</svg>`,
  ];
  return { svg: svg.join(''), avatar };
}

/** The whole picture as one SVG (the background and the overlay), and where the avatar goes. */
export function shareImageSvg(input: ShareImageInput): { svg: string; avatar?: Circle } {
  const background = backgroundSvg(input.format).replace(/<\/svg>$/, '');
  const { svg: overlay, avatar } = overlaySvg(input);
  return { svg: `${background}${overlay.replace(/^<svg[^>]*>/, '')}`, avatar };
}

const backgrounds = new Map<ShareImageFormat, Promise<Buffer>>();

/** The format's background as raw pixels, rasterised on first use and kept. */
function background(format: ShareImageFormat): Promise<Buffer> {
  let pixels = backgrounds.get(format);
  if (!pixels) {
    pixels = sharp(Buffer.from(backgroundSvg(format)))
      .ensureAlpha()
      .raw()
      .toBuffer();
    backgrounds.set(format, pixels);
    pixels.catch(() => backgrounds.delete(format));
  }
  return pixels;
}

/**
 * Makes ready what every picture of either format draws (the world's outlines, the fonts, the two
 * backgrounds), so that a traveller's first picture costs only what is theirs. Run once the server
 * listens.
 */
export async function prepareShareImages(): Promise<void> {
  for (const format of Object.keys(SHARE_IMAGE_SIZES) as ShareImageFormat[]) {
    await background(format);
    overlaySvg({
      format,
      visitedCountries: [],
      pins: [],
      stats: { countries: 0, countriesTotal: 0, cities: 0, continents: 0 },
      displayName: 'Waymarks',
      avatarPng: null,
    });
  }
}

/** The avatar cut to a circle of the given size. */
async function circleAvatar(png: Buffer, size: number): Promise<Buffer> {
  const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`;
  return sharp(png)
    .resize(size, size, { fit: 'cover' })
    .ensureAlpha()
    .composite([{ input: Buffer.from(mask), blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/**
 * A PNG of the exact size of the format, with no metadata: sharp writes none unless asked to. Zlib's
 * level 3 writes it in a tenth of the time of its default 6, for a file about a sixth larger.
 */
export async function renderShareImage(input: ShareImageInput): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE_SIZES[input.format];
  const { svg, avatar } = overlaySvg(input);
  const layers: sharp.OverlayOptions[] = [{ input: Buffer.from(svg) }];
  if (avatar && input.avatarPng) {
    layers.push({ input: await circleAvatar(input.avatarPng, avatar.size), left: avatar.x, top: avatar.y });
  }
  return sharp(await background(input.format), { raw: { width, height, channels: 4 } })
    .composite(layers)
    .png({ compressionLevel: 3 })
    .toBuffer();
}
