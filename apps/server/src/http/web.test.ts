// The web app's pages: prerendered public pages go out as their own HTML with this instance's settings
// filled in and compressed for the browsers that accept it; every other page path gets index.html, with 404
// where the app has no such page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '@waymarks/shared';
import { isPageRequest, registerWebApp, sendIndexPage } from './web.js';

const SETTINGS: PublicConfig = {
  ...DEFAULT_PUBLIC_CONFIG,
  supportEmail: 'help+1@example.org',
  discordUrl: 'https://chat.example.org/?a=1&b="2"',
};

/** A page as apps/web/scripts/prerender.mjs writes it: placeholders in the page and named in the meta tag. */
function prerendered(heading: string): string {
  const placeholders = JSON.stringify({
    ...DEFAULT_PUBLIC_CONFIG,
    supportEmail: '{{supportEmail}}',
    discordUrl: '{{discordUrl}}',
  }).replace(/"/g, '&quot;');
  return (
    `<!doctype html><meta name="waymarks-config" content="${placeholders}" /><title>${heading}</title>` +
    `<div id="root"><h1>${heading}</h1><a href="mailto:{{supportEmail}}">{{supportEmail}}</a>` +
    `<a href="{{discordUrl}}">Discord</a>${'<p>Long enough to be worth compressing.</p>'.repeat(50)}</div>`
  );
}

const meta = (html: string) => {
  const content = /<meta name="waymarks-config" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(content.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))));
};

describe('the web app with prerendered pages', () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'waymarks-web-pages-'));
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'prerendered'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><meta name="waymarks-config" content="{}" /><title>Waymarks</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'prerendered', 'index.html'), prerendered('Map Your Adventures'));
    writeFileSync(path.join(webDir, 'prerendered', 'about.html'), prerendered('About Waymarks'));
    app = Fastify();
    const web = await registerWebApp(app, webDir, SETTINGS);
    app.setNotFoundHandler((request, reply) => {
      if (web && isPageRequest(request)) return sendIndexPage(reply, web);
      return reply.status(404).send();
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends / and /about as their prerendered HTML, also with a query string', async () => {
    for (const [url, heading] of [
      ['/', 'Map Your Adventures'],
      ['/about', 'About Waymarks'],
      ['/about?ref=mail', 'About Waymarks'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<h1>${heading}</h1>`);
    }
  });

  it("fills this instance's settings into the page's text, links and meta tag, escaped", async () => {
    const html = (await app.inject({ url: '/about' })).body;
    expect(html).not.toContain('{{');
    expect(html).toContain('<a href="mailto:help+1@example.org">help+1@example.org</a>');
    expect(html).toContain('<a href="https://chat.example.org/?a=1&#38;b=&#34;2&#34;">');
    expect(meta(html)).toEqual(SETTINGS);
  });

  it('sends index.html for the other page paths, a trailing slash included', async () => {
    for (const url of ['/signin', '/dashboard', '/about/']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(meta(res.body)).toEqual(SETTINGS);
    }
  });

  it('answers a path the app has no page for with 404 and index.html, where the app says so', async () => {
    for (const url of ['/nowhere', '/dashboard/extra', '/about.html?x=1', '/Dashboard']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
    }
    expect((await app.inject({ url: '/dashboard?from=mail' })).statusCode).toBe(200);
  });

  it('never serves a page file with its placeholders', async () => {
    const res = await app.inject({ url: '/prerendered/about.html' });
    expect(res.body).not.toContain('{{');
  });

  it('compresses a page with brotli, else gzip, as the browser accepts, and says the answer varies', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Map Your Adventures</h1>');

    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Map Your Adventures</h1>');

    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Map Your Adventures</h1>');
  });
});

describe("the map's glyph ranges", () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'waymarks-web-glyphs-'));
  const range = Buffer.from(Array.from({ length: 2048 }, (_, i) => i % 7));
  let app: FastifyInstance;

  beforeAll(async () => {
    const stackDir = path.join(webDir, 'map', 'glyphs', 'Inter Regular');
    mkdirSync(stackDir, { recursive: true });
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><meta name="waymarks-config" content="{}" />',
    );
    writeFileSync(path.join(stackDir, '0-255.pbf'), range);
    writeFileSync(path.join(stackDir, '0-255.pbf.br'), brotliCompressSync(range));
    app = Fastify();
    const web = await registerWebApp(app, webDir, SETTINGS);
    app.setNotFoundHandler((request, reply) => {
      if (web && isPageRequest(request)) return sendIndexPage(reply, web);
      return reply.status(404).send();
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends a range as a protocol buffer, cached for a day, compressed when the browser accepts it', async () => {
    const url = '/map/glyphs/Inter%20Regular/0-255.pbf';
    const plain = await app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/x-protobuf');
    expect(plain.headers['cache-control']).toBe('public, max-age=86400');
    expect(plain.rawPayload).toEqual(range);

    const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/x-protobuf');
    expect(brotliDecompressSync(br.rawPayload)).toEqual(range);
  });

  it('answers a range the fonts lack with a 404, not a page', async () => {
    const missing = await app.inject({ url: '/map/glyphs/Inter%20Regular/19968-20223.pbf' });
    expect(missing.statusCode).toBe(404);
  });
});
