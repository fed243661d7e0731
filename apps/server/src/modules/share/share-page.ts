// The travel page at /t/{token}, rendered on the server: one HTML document with its styles inline and the
// world map as inline SVG, so it paints at once and reads the same without JavaScript. Every text from
// the traveller (their name, the places' titles) is escaped; nothing in it names the account.
import { countedStates, SHARE_MESSAGES } from '@waymarks/shared';
import { escapeHtml } from '../../adapters/mail/html.js';
import type { SharedPage, SharedPlace } from './page-contents.js';
import { SHARE_COLORS } from './share-image.js';
import { worldMap } from './world-outline.js';

const MAP_BOX = { x: 0, y: 0, width: 1000, height: 500 } as const;
/** Pins closer than this on the page's map (in its 1000-wide units) are drawn as one dot. */
const PIN_CELL = 4;

const numbers = new Intl.NumberFormat('en-US');
const counted = (n: number, one: string, many: string) => `${numbers.format(n)} ${n === 1 ? one : many}`;
/** A year lists its first places, then says how many more: a page of 10,000 places stays a page. */
const PLACES_PER_YEAR = 12;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const STYLE = `
:root{color-scheme:light;--ink:#0f2b2d;--muted:#4a6b6c;--line:#d7e6e4;--brand:${SHARE_COLORS.groundBottom};--accent:#c2410c}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#f6faf9}
a{color:inherit}
.wrap{max-width:1040px;margin:0 auto;padding:0 16px}
header.hero{background:linear-gradient(${SHARE_COLORS.groundTop},${SHARE_COLORS.groundBottom});color:#fff;padding:28px 0 20px}
.who{display:flex;align-items:center;gap:16px}
.who img{width:72px;height:72px;border-radius:50%;border:3px solid ${SHARE_COLORS.avatarRing};background:${SHARE_COLORS.groundTop}}
h1{font-size:clamp(1.5rem,4vw,2.25rem);line-height:1.2;margin:0}
.brand{margin:0 0 4px;color:${SHARE_COLORS.muted};font-size:.875rem;letter-spacing:.04em;text-transform:uppercase}
.figure{margin:20px 0 0;font-size:clamp(2rem,7vw,3.5rem);font-weight:800;line-height:1}
.figure small{font-size:.45em;font-weight:600;color:${SHARE_COLORS.muted}}
.stats{margin:8px 0 0;color:${SHARE_COLORS.muted};font-size:1.0625rem}
.map{margin:20px 0 0;background:${SHARE_COLORS.groundTop};border-radius:12px;overflow:hidden}
.map svg{display:block;width:100%;height:auto}
section{padding:28px 0 8px}
h2{font-size:1.375rem;margin:0 0 12px}
h3{font-size:1.0625rem;margin:20px 0 6px}
ol,ul{margin:0;padding:0;list-style:none}
.year{border-top:1px solid var(--line);padding:12px 0}
.year p{margin:0;color:var(--muted)}
.year li{padding:2px 0}
.more{color:var(--muted);font-style:italic}
.when{color:var(--muted);font-variant-numeric:tabular-nums;display:inline-block;min-width:3.5em}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px}
.grid a{display:block;aspect-ratio:1;border-radius:8px;overflow:hidden;background:var(--line)}
.grid img{width:100%;height:100%;object-fit:cover;display:block}
footer{margin:32px 0 0;padding:20px 0 32px;border-top:1px solid var(--line);color:var(--muted);font-size:.875rem}
.empty{color:var(--muted)}
`;

/** The page's HTML; `origin` is the site's public address, for the preview picture's absolute URL. */
export function sharePageHtml(page: SharedPage, origin: string): string {
  const base = `/t/${page.token}`;
  const title = `${page.displayName}'s travels`;
  const summary = `${counted(page.stats.countries, 'country', 'countries')} of ${page.stats.countriesTotal}, ${counted(page.stats.cities, 'city', 'cities')} and ${counted(page.stats.continents, 'continent', 'continents')}, on Waymarks.`;
  const imageUrl = `${origin}${base}/image.png`;
  const { sections } = page;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Waymarks</title>`,
    `<meta name="description" content="${escapeHtml(summary)}">`,
    page.indexable ? '' : '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<meta name="theme-color" content="${SHARE_COLORS.groundTop}">`,
    '<meta property="og:type" content="profile">',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(summary)}">`,
    `<meta property="og:url" content="${escapeHtml(`${origin}${base}`)}">`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}">`,
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    `<meta property="og:image:alt" content="${escapeHtml(`A world map with ${title.toLowerCase()} filled in`)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<style>${STYLE}</style>`,
  ];
  const avatar =
    sections.showAvatar && page.hasAvatar
      ? `<img src="${base}/avatar.png" alt="" width="72" height="72">`
      : '';
  const figure = sections.showStats
    ? `<p class="figure">${numbers.format(page.stats.countries)} <small>/ ${page.stats.countriesTotal} countries</small></p>
<p class="stats">${escapeHtml(`${counted(page.stats.cities, 'city', 'cities')} · ${counted(page.stats.continents, 'continent', 'continents')} · ${counted(page.stats.places, 'place', 'places')}`)}</p>`
    : '';
  const map = sections.showMap ? `<div class="map">${mapSvg(page)}</div>` : '';
  const body = [
    `<header class="hero"><div class="wrap">`,
    `<div class="who">${avatar}<div><p class="brand">Waymarks</p><h1>${escapeHtml(title)}</h1></div></div>`,
    figure,
    map,
    `</div></header>`,
    '<main class="wrap">',
    sections.showTimeline ? timeline(page.places) : '',
    sections.showPhotos ? photos(base, page.places) : '',
    '</main>',
    `<footer><div class="wrap"><p>Places are shown to about 1 km. ${escapeHtml(`Shared from Waymarks, where travellers pin the places they have been.`)} <a href="/">Start your own map</a></p></div></footer>`,
  ];
  return `<!doctype html>\n<html lang="en"><head>${head.filter(Boolean).join('\n')}</head>\n<body>${body.join('\n')}</body></html>\n`;
}

/** The answer for every address that is not a page now: the same bytes whatever the token was. */
export const SHARE_NOT_FOUND_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Travel page not found · Waymarks</title><style>${STYLE}</style></head>
<body><main class="wrap"><section><h1>Travel page not found</h1><p>${escapeHtml(SHARE_MESSAGES.pageGone)}</p><p><a href="/">Go to Waymarks</a></p></section></main></body></html>
`;

function mapSvg(page: SharedPage): string {
  const world = worldMap(MAP_BOX);
  const visited = page.countries.map((code) => world.country(code)).join('');
  const dots = new Set<string>();
  for (const place of page.places) {
    const [x, y] = world.project(place.lng, place.lat);
    dots.add(`${Math.round(x / PIN_CELL) * PIN_CELL},${Math.round(y / PIN_CELL) * PIN_CELL}`);
  }
  const pins = [...dots].map((dot) => {
    const [x, y] = dot.split(',');
    return `M${x} ${y}m-3.5 0a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0`;
  });
  const label = `World map: ${counted(page.stats.countries, 'country', 'countries')} visited, ${counted(page.places.length, 'place', 'places')} pinned`;
  return `<svg viewBox="0 0 ${MAP_BOX.width} ${MAP_BOX.height}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg"><path d="${world.land}" fill="${SHARE_COLORS.land}" stroke="${SHARE_COLORS.border}" stroke-width="0.5"/><path d="${visited}" fill="${SHARE_COLORS.visited}" stroke="${SHARE_COLORS.border}" stroke-width="0.5"/><path d="${pins.join('')}" fill="${SHARE_COLORS.pin}" fill-opacity="0.9"/></svg>`;
}

function timeline(places: readonly SharedPlace[]): string {
  const byYear = new Map<string, SharedPlace[]>();
  for (const place of places) {
    if (!place.visitDate) continue;
    const year = place.visitDate.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), place]);
  }
  if (byYear.size === 0) {
    return '<section aria-labelledby="timeline"><h2 id="timeline">Timeline</h2><p class="empty">No dated places yet.</p></section>';
  }
  const years = [...byYear.entries()].sort(([a], [b]) => b.localeCompare(a));
  const items = years.map(([year, inYear]) => {
    const sorted = [...inYear].sort((a, b) => (a.visitDate ?? '').localeCompare(b.visitDate ?? ''));
    const countries = countedStates(sorted.map((place) => place.countryCode)).size;
    const more = sorted.length - PLACES_PER_YEAR;
    const rows = sorted.slice(0, PLACES_PER_YEAR).map((place) => {
      const month = MONTHS[Number(place.visitDate?.slice(5, 7)) - 1] ?? '';
      // The town only where the title does not already say it: "Kyoto · Japan", "Old Town · Tallinn, Estonia".
      const town = place.city && !place.title.includes(place.city) ? place.city : '';
      const where = [town, place.countryName].filter(Boolean).join(', ');
      return `<li><span class="when">${month}</span> ${escapeHtml(place.title)}${where ? ` <span class="when">· ${escapeHtml(where)}</span>` : ''}</li>`;
    });
    const rest =
      more > 0
        ? `<li class="more">${escapeHtml(`and ${counted(more, 'more place', 'more places')}`)}</li>`
        : '';
    return `<li class="year"><h3>${year}</h3><p>${escapeHtml(`${counted(sorted.length, 'place', 'places')} in ${counted(countries, 'country', 'countries')}`)}</p><ol>${rows.join('')}${rest}</ol></li>`;
  });
  return `<section aria-labelledby="timeline"><h2 id="timeline">Timeline</h2><ol>${items.join('')}</ol></section>`;
}

function photos(base: string, places: readonly SharedPlace[]): string {
  const withPhotos = places.filter((place) => place.photos.length > 0);
  if (withPhotos.length === 0) return '';
  const groups = withPhotos.map((place) => {
    const items = place.photos.map(
      (photo) =>
        `<a href="${base}/photos/${photo.key}.webp"><img src="${base}/thumbs/${photo.key}.webp" alt="${escapeHtml(`${photo.video ? 'Video' : 'Photo'} at ${place.title}`)}" width="200" height="200" loading="lazy" decoding="async"></a>`,
    );
    return `<h3>${escapeHtml(place.title)}</h3><div class="grid">${items.join('')}</div>`;
  });
  return `<section aria-labelledby="photos"><h2 id="photos">Photos</h2>${groups.join('')}</section>`;
}
