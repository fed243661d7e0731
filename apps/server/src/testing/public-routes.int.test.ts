// docs/SECURITY.md lists every route anyone may call without signing in, with what guards it. This suite
// reads the routes from the app itself, with every optional part switched on (Stripe, a PMTiles basemap),
// asks each one without credentials, and fails on a public route the document leaves out or on a listed
// route the app no longer serves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  documentedOperations,
  operationFor,
  routeName,
  routerRoutes,
  startAppWithEveryRoute,
  type AppWithEveryRoute,
  type RouterRoute,
} from './api-routes.js';
import type { TestApp } from './test-app.js';

const SECURITY_MD = path.resolve(import.meta.dirname, '../../../../docs/SECURITY.md');
const TABLE_START = '<!-- public routes -->';
const TABLE_END = '<!-- /public routes -->';

/** The `METHOD /path` entries between the document's public-route markers. */
export function listedPublicRoutes(markdown: string): string[] {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`docs/SECURITY.md has no ${TABLE_START} … ${TABLE_END} block`);
  return [...markdown.slice(start, end).matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/[^`]*)`/g)].map(
    (match) => match[1]!,
  );
}

/** Something to put where a path names a parameter; the answer only has to say whether a session was asked. */
const samplePath = (routePath: string) => routePath.replace(/\{\w+\}/g, '0').replace(/\*/g, 'x');

let every: AppWithEveryRoute;
let t: TestApp;
let actual: string[];

beforeAll(async () => {
  every = await startAppWithEveryRoute();
  t = every.t;
  actual = await publicRoutes();
});

afterAll(async () => every?.close());

/**
 * A route is public unless it asks for a session: documented with a bearer requirement, or (for routes
 * outside the API document) answering 401 to a request without one. HEAD is the GET route's.
 */
async function publicRoutes(): Promise<string[]> {
  const operations = documentedOperations(t.app);
  const routes = routerRoutes(t.app).filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
  const isPublic = async (route: RouterRoute) => {
    const operation = operationFor(operations, route);
    if (operation) return !operation.guarded;
    const res = await t.app.inject({ method: route.method as 'GET', url: samplePath(route.path) });
    return res.statusCode !== 401;
  };
  const found: string[] = [];
  for (const route of routes) if (await isPublic(route)) found.push(routeName(route));
  return found.sort();
}

it('docs/SECURITY.md lists every route that answers without a session, and none that the app does not serve', async () => {
  const listed = listedPublicRoutes(readFileSync(SECURITY_MD, 'utf8'));
  expect(actual).toContain('POST /api/billing/webhook');
  expect(actual).toContain('GET /map/basemap.pmtiles');
  expect(
    actual.filter((route) => !listed.includes(route)),
    'public routes missing from SECURITY.md',
  ).toEqual([]);
  expect(
    listed.filter((route) => !actual.includes(route)),
    'SECURITY.md lists routes the app does not serve',
  ).toEqual([]);
});

it('treats a route that asks for a session as guarded, so the list holds public routes only', () => {
  expect(actual).toContain('POST /api/auth/signin');
  expect(actual).not.toContain('GET /api/pins');
  expect(actual).not.toContain('DELETE /api/account');
});
