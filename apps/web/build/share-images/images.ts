// The pictures a shared link and a phone's home screen show: the Open Graph picture (1200×630, named by every
// public page's og:image), the touch icon (180×180, apple-touch-icon) and the installed app's icons (192 and
// 512, and a 512 maskable one), drawn from SVG with sharp at build time, with the web app manifest that
// names them. They hold no text, so they need no font on the build machine.
import sharp from 'sharp';
// From the shared package's files themselves: Vite loads its config without resolving the workspace's packages.
import { SHARE_TARGET_FIELD, SHARE_TARGET_PATH } from '../../../../packages/shared/src/app-paths.js';
import { MEDIA_PICKER_ACCEPT } from '../../../../packages/shared/src/media-types.js';

/** The Waymarks pin of public/favicon.svg (a 32×32 box), in the given colours. */
function pin({ body, ring, trail }: { body: string; ring: string; trail: string }): string {
  return (
    `<path d="M16 1.5C9.65 1.5 4.5 6.58 4.5 12.86c0 8.3 9.7 16.58 10.8 17.5a1.1 1.1 0 0 0 1.4 0c1.1-.92 10.8-9.2 10.8-17.5C27.5 6.58 22.35 1.5 16 1.5Z" fill="${body}"/>` +
    `<path d="M9.5 20.5c2.2-1.6 3.4-4.2 6.5-4.2s4.3 2.6 6.5 4.2" fill="none" stroke="${trail}" stroke-width="1.4" stroke-linecap="round" stroke-dasharray="1.6 2.2"/>` +
    `<circle cx="16" cy="12.5" r="5.2" fill="${ring}"/><circle cx="16" cy="12.5" r="2.6" fill="#f46a43"/>`
  );
}

const BRAND = { body: '#135f61', ring: '#ffffff', trail: '#74d1cb' };

/** 180×180: the pin on the light brand tint, with the margin home screens expect. */
export function touchIconSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 180 180">` +
    `<rect width="180" height="180" fill="#effbfa"/>` +
    `<g transform="translate(30 27) scale(3.75)">${pin(BRAND)}</g></svg>`
  );
}

/**
 * size×size: the pin on the light brand tint. A maskable icon keeps the pin inside the circle of 80% that
 * Android may crop it to, so it is drawn smaller.
 */
export function appIconSvg(size: number, maskable: boolean): string {
  const scale = (size * (maskable ? 0.5 : 0.68)) / 32;
  const offset = (size - 32 * scale) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="#effbfa"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${pin(BRAND)}</g></svg>`
  );
}

/** The installed app's icons: what the manifest names and the build writes. */
export const APP_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/**
 * The web app manifest: the app opens on the dashboard, in a window of its own, in the brand's colours, and
 * takes photos and videos from the phone's share sheet.
 * https://www.w3.org/TR/appmanifest/
 */
export function webManifest(): string {
  const manifest = {
    id: '/dashboard',
    name: 'Waymarks',
    short_name: 'Waymarks',
    description: 'Pin the places you have been, with their photos, and watch your world fill in.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#effbfa',
    theme_color: '#135f61',
    icons: APP_ICONS.map(({ file, size, purpose }) => ({
      src: `/${file}`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
    // Photos and videos shared from the phone's gallery open the quick upload with them (lib/shared-files.ts).
    share_target: {
      action: SHARE_TARGET_PATH,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: SHARE_TARGET_FIELD, accept: MEDIA_PICKER_ACCEPT.split(',') }] },
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Small pins scattered over the picture, as on a map that fills in: [x, y, scale]. */
const SCATTERED: [number, number, number][] = [
  [150, 120, 1.6],
  [260, 420, 1.2],
  [420, 200, 1],
  [820, 150, 1.4],
  [960, 380, 1.1],
  [1080, 230, 1.6],
  [700, 470, 1],
  [1010, 520, 1.3],
];

/** 1200×630: the big pin on the brand teal, over a faint graticule and a few pins of past travels. */
export function openGraphSvg(): string {
  const meridians = Array.from({ length: 13 }, (_, i) => {
    const x = 100 * i;
    return `<path d="M${x} 0 Q ${x + (x - 600) * 0.18} 315 ${x} 630" />`;
  }).join('');
  const parallels = Array.from({ length: 7 }, (_, i) => `<path d="M0 ${90 * i} H1200" />`).join('');
  const small = SCATTERED.map(
    ([x, y, scale]) =>
      `<g transform="translate(${x - 16 * scale} ${y - 30 * scale}) scale(${scale})" opacity="0.9">` +
      pin({ body: '#74d1cb', ring: '#135f61', trail: '#135f61' }) +
      '</g>',
  ).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">` +
    `<defs><radialGradient id="glow" cx="50%" cy="45%" r="70%">` +
    `<stop offset="0" stop-color="#1f9692"/><stop offset="1" stop-color="#05262a"/></radialGradient></defs>` +
    `<rect width="1200" height="630" fill="url(#glow)"/>` +
    `<g fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2" stroke-dasharray="4 10">${meridians}${parallels}</g>` +
    small +
    `<circle cx="600" cy="300" r="200" fill="#ffffff" fill-opacity="0.08"/>` +
    `<g transform="translate(472 130) scale(8)">${pin({ body: '#ffffff', ring: '#135f61', trail: '#74d1cb' })}</g>` +
    `</svg>`
  );
}

/** The files, by their path under the site's root. */
export async function shareImages(): Promise<Map<string, Buffer>> {
  const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  const files = new Map([
    ['og-image.png', await png(openGraphSvg())],
    ['apple-touch-icon.png', await png(touchIconSvg())],
  ]);
  for (const { file, size, purpose } of APP_ICONS) {
    files.set(file, await png(appIconSvg(size, purpose === 'maskable')));
  }
  files.set('manifest.webmanifest', Buffer.from(webManifest()));
  return files;
}
