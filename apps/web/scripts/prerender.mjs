// After `vite build`: renders every public page (src/prerender/pages.ts) to HTML and writes it into
// dist/prerendered/, each inside a copy of the built index.html with the page's title and description and
// the stylesheet inlined.
// The renderer is built for Node first (src/prerender/render.tsx, into a temporary folder removed after).
// The pages carry no inline script (the Content-Security-Policy allows none): main.tsx hydrates them.
import { Buffer } from 'node:buffer';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'vite';

process.env.NODE_ENV = 'production';
const WEB = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DIST = path.join(WEB, 'dist');
const OUT = path.join(DIST, 'prerendered');
const ROOT_TAG = '<div id="root"></div>';

/** Text and attribute escaping as React does it. */
const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c],
  );

/** Sets the content of one <meta name="…"> of the template, failing loudly when index.html lost it. */
function setMeta(html, name, content) {
  const tag = new RegExp(`(<meta\\s+name="${name}"\\s+content=")[^"]*(")`);
  if (!tag.test(html)) throw new Error(`dist/index.html has no <meta name="${name}">`);
  return html.replace(tag, (_match, open, close) => `${open}${escapeHtml(content)}${close}`);
}

/**
 * The template with its stylesheet inlined: the first paint then needs nothing but the HTML, one round trip
 * less on a slow network (the page policy allows inline styles, never scripts). The Latin subset of the
 * font is preloaded beside it, and the font faces become `font-display: optional`: a prerendered page
 * paints before its font may have arrived, and text that moved when the font swapped in would shift the
 * whole page (`max-w-[70ch]` and every line break follow the font). A font that misses the first paint is
 * used from the next page load on, from the cache.
 */
function withInlineStyles(template) {
  const link = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(template);
  if (!link) throw new Error('dist/index.html links no stylesheet from /assets/');
  const css = readFileSync(path.join(DIST, link[1]), 'utf8');
  if (/<\/style/i.test(css))
    throw new Error(`${link[1]} contains '</style', which would end an inline <style>`);
  const font = /url\((\/assets\/inter-latin-wght-normal-[^)]+\.woff2)\)/.exec(css)?.[1];
  if (!font || !css.includes('font-display:swap')) throw new Error(`${link[1]} has no Inter Latin font face`);
  const preload = `<link rel="preload" as="font" type="font/woff2" href="${font}" crossorigin>`;
  const style = `<style>${css.replaceAll('font-display:swap', 'font-display:optional')}</style>`;
  return template.replace(link[0], () => `${preload}\n    ${style}`);
}

/**
 * The template without its module preloads: a prerendered page fetches the app only after its first paint
 * (src/main.tsx), and a preload would start that download with the HTML, racing it for the connection.
 * The entry script itself stays: it is small, and waits for the paint.
 */
function withoutModulePreloads(template) {
  const preloads = /\n?[ \t]*<link rel="modulepreload"[^>]*>/g;
  if (!/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/.test(template))
    throw new Error('dist/index.html has no module script from /assets/');
  return template.replace(preloads, '');
}

const started = performance.now();
const serverBuild = mkdtempSync(path.join(tmpdir(), 'waymarks-prerender-'));
try {
  await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    // Everything in one bundle, so it runs from the temporary folder without node_modules beside it.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender/render.tsx',
      outDir: serverBuild,
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      copyPublicDir: false,
    },
  });
  const entry = readdirSync(serverBuild).find((name) => /^render\.m?js$/.test(name));
  if (!entry) throw new Error(`the prerender build wrote no render.js into ${serverBuild}`);
  const renderer = await import(pathToFileURL(path.join(serverBuild, entry)).href);

  const template = withoutModulePreloads(
    withInlineStyles(readFileSync(path.join(DIST, 'index.html'), 'utf8')),
  );
  if (!template.includes(ROOT_TAG)) throw new Error(`dist/index.html has no empty ${ROOT_TAG}`);
  if (!/<title>[^<]*<\/title>/.test(template)) throw new Error('dist/index.html has no <title>');
  const config = JSON.stringify(renderer.PLACEHOLDER_CONFIG);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT);
  let bytes = 0;
  for (const page of renderer.PRERENDERED_PATHS) {
    const { html, title, description } = await renderer.renderPage(page);
    if (/<script/i.test(html)) throw new Error(`${page} rendered an inline <script>, which the CSP refuses`);
    let document = template
      .replace(ROOT_TAG, () => `<div id="root">${html}</div>`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    document = setMeta(document, 'description', description);
    document = setMeta(document, 'waymarks-config', config);
    writeFileSync(path.join(OUT, renderer.prerenderedFileName(page)), document);
    bytes += Buffer.byteLength(document);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `prerender: ${renderer.PRERENDERED_PATHS.length} pages, ${(bytes / 1024).toFixed(0)} KiB, in ${seconds} s`,
  );
} finally {
  rmSync(serverBuild, { recursive: true, force: true });
}
