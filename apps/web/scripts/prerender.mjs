// After `vite build`: renders every public page (src/prerender/pages.ts) to HTML and writes it into
// dist/prerendered/, each inside a copy of the built index.html with the page's title and description and
// the stylesheet inlined (build/prerender/page-html.ts).
// The renderer is built for Node first (src/prerender/render.tsx, into a temporary folder removed after).
// The pages carry no inline script (the Content-Security-Policy allows none): main.tsx hydrates them.
import { Buffer } from 'node:buffer';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';

process.env.NODE_ENV = 'production';
const WEB = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DIST = path.join(WEB, 'dist');
const OUT = path.join(DIST, 'prerendered');
// The HTML is edited by build/prerender/page-html.ts, which finds each element with an HTML parser.
const { pageDocument, pageTemplate } = await tsImport('../build/prerender/page-html.ts', import.meta.url);

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

  const template = pageTemplate(readFileSync(path.join(DIST, 'index.html'), 'utf8'), (href) =>
    readFileSync(path.join(DIST, href), 'utf8'),
  );
  const config = JSON.stringify(renderer.PLACEHOLDER_CONFIG);
  // Absolute addresses for shared links: the server puts this instance's address in place of the placeholder.
  const site = renderer.PLACEHOLDER_CONFIG.siteUrl;
  const image = `${site}/og-image.png`;
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT);
  let bytes = 0;
  for (const page of renderer.PRERENDERED_PATHS) {
    const { html, title, description } = await renderer.renderPage(page);
    if (/<script/i.test(html)) throw new Error(`${page} rendered an inline <script>, which the CSP refuses`);
    const document = pageDocument(template, {
      html,
      title,
      description,
      url: `${site}${page}`,
      image,
      config,
    });
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
