// Serves the built web app: hashed assets cached for a year, every other page path gets index.html.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_CONFIG_META, type PublicConfig } from '@waymarks/shared';

export interface WebApp {
  /** index.html with this instance's public settings filled in, ready to send for every page path. */
  indexHtml: string;
}

export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  publicConfig: PublicConfig,
): Promise<WebApp | undefined> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    wildcard: false,
    // Cache headers are set below, per kind of file.
    cacheControl: false,
    // The web build writes .br and .gz copies beside each asset (apps/web/compress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same URL answers brotli, gzip or plain bytes: shared caches must key on the encoding.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return { indexHtml: withPublicConfig(readFileSync(indexFile, 'utf8'), publicConfig) };
}

/** Puts the settings into the page's <meta name="waymarks-config" content="…"> tag, attribute-escaped. */
export function withPublicConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/[&"<>']/g, (c) => `&#${c.charCodeAt(0)};`);
  const tag = new RegExp(`(<meta name="${PUBLIC_CONFIG_META}" content=")[^"]*(")`);
  if (!tag.test(html)) throw new Error(`index.html has no <meta name="${PUBLIC_CONFIG_META}"> tag`);
  return html.replace(tag, `$1${json}$2`);
}

/** A path the web app's router shows: never under /api or /map/ (files such as the basemap), which 404. */
export function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api') &&
    !request.url.startsWith('/map/')
  );
}

export function sendIndexPage(reply: FastifyReply, web: WebApp) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(web.indexHtml);
}
