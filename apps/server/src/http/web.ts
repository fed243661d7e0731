// Serves the built web app: hashed assets cached for a year; the public pages prerendered at build time
// (apps/web/scripts/prerender.mjs) as their own HTML; every other page path gets index.html.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppPath, PUBLIC_CONFIG_META, type PublicConfig } from '@waymarks/shared';

/** Where the web build puts the prerendered pages, inside its dist folder. */
const PRERENDERED_DIR = 'prerendered';

/** The map's glyph ranges, made by the web build (apps/web/src/features/map/glyphs.ts). */
const GLYPHS_URL_PREFIX = '/map/glyphs/';
/** Glyphs change only with a new release: a day keeps map loads from asking again for every range. */
const GLYPHS_CACHE_CONTROL = 'public, max-age=86400';

/**
 * One page's HTML with this instance's settings filled in, compressed on its first request in each
 * encoding (compressing every page at start-up would add its time to every start).
 */
export class PageBody {
  private readonly compressed = new Map<'br' | 'gzip', Buffer>();

  constructor(readonly html: string) {}

  encoded(encoding: 'br' | 'gzip'): Buffer {
    let body = this.compressed.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.html, { level: 6 });
      this.compressed.set(encoding, body);
    }
    return body;
  }
}

export interface WebApp {
  /** index.html with this instance's public settings filled in, ready to send for every page path. */
  indexHtml: string;
  /** The prerendered public pages by path ('/', '/about', …), filled in the same way. */
  pages: ReadonlyMap<string, PageBody>;
}

export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  publicConfig: PublicConfig,
): Promise<WebApp | undefined> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  // The files' routes live in a scope of their own, so the hook that names the glyphs' type runs for
  // them alone, not for every answer the server sends (decision 096).
  await app.register(async (files) => {
    await files.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: false,
      // The prerendered pages hold placeholders for the settings: they go out only filled in, below.
      globIgnore: [`${PRERENDERED_DIR}/**`],
      // Cache headers are set below, per kind of file.
      cacheControl: false,
      // The web build writes .br and .gz copies beside each asset (apps/web/compress.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const glyphs = filePath.includes(path.normalize(GLYPHS_URL_PREFIX));
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : glyphs ? GLYPHS_CACHE_CONTROL : 'no-cache',
        );
        // The same URL answers brotli, gzip or plain bytes: shared caches must key on the encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // @fastify/static knows no type for .pbf and would call the glyphs application/octet-stream.
    files.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith(GLYPHS_URL_PREFIX) && reply.statusCode === 200) {
        reply.type('application/x-protobuf');
      }
      done(null, payload);
    });
  });
  return {
    indexHtml: withPublicConfig(readFileSync(indexFile, 'utf8'), publicConfig),
    pages: loadPrerenderedPages(path.join(webDistDir, PRERENDERED_DIR), publicConfig),
  };
}

/** Puts the settings into the page's <meta name="waymarks-config" content="…"> tag, attribute-escaped. */
export function withPublicConfig(html: string, config: PublicConfig): string {
  const tag = configTag();
  if (!tag.test(html)) throw new Error(`index.html has no <meta name="${PUBLIC_CONFIG_META}"> tag`);
  return html.replace(
    tag,
    (_match, open: string, _content: string, close: string) =>
      `${open}${escapeHtml(JSON.stringify(config))}${close}`,
  );
}

/**
 * A prerendered page with this instance's settings: its meta tag names the placeholder that stands for
 * each text setting in the page ('{{supportEmail}}'), which is replaced, escaped as React escapes text and
 * attributes, wherever it occurs; then the tag gets the settings as index.html does.
 */
export function fillPrerenderedPage(html: string, config: PublicConfig): string {
  const content = configTag().exec(html)?.[2];
  if (content === undefined)
    throw new Error(`a prerendered page has no <meta name="${PUBLIC_CONFIG_META}"> tag`);
  const placeholders = JSON.parse(unescapeHtml(content)) as Record<string, unknown>;
  let filled = withPublicConfig(html, config);
  for (const [key, placeholder] of Object.entries(placeholders)) {
    const value = config[key as keyof PublicConfig];
    if (typeof placeholder !== 'string' || typeof value !== 'string') continue;
    filled = filled.replaceAll(placeholder, escapeHtml(value));
  }
  return filled;
}

/** '/' from index.html, '/about' from about.html (the names apps/web/src/prerender/pages.ts gives). */
function loadPrerenderedPages(dir: string, config: PublicConfig): Map<string, PageBody> {
  const pages = new Map<string, PageBody>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
    const html = fillPrerenderedPage(readFileSync(path.join(dir, file), 'utf8'), config);
    pages.set(file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`, new PageBody(html));
  }
  return pages;
}

/** A path the web app's router shows: never under /api or /map/ (files such as the basemap), which 404. */
export function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api') &&
    !request.url.startsWith('/map/')
  );
}

/**
 * Sends the page for the request's path: its prerendered HTML when it has one, else index.html, whose app
 * shows the page. A path the app has no page for is answered 404, with the same index.html: the app shows
 * its "Page not found" there.
 */
export function sendIndexPage(reply: FastifyReply, web: WebApp) {
  const pathname = reply.request.url.split('?')[0] ?? '';
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  if (!isAppPath(pathname)) reply.status(404);
  const page = web.pages.get(pathname);
  if (!page) return reply.send(web.indexHtml);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(page.encoded(encoding));
}

/** brotli, else gzip, else none, by what the Accept-Encoding header allows (an encoding with q=0 is refused). */
function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function configTag(): RegExp {
  return new RegExp(`(<meta name="${PUBLIC_CONFIG_META}" content=")([^"]*)(")`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&"<>']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_match, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
