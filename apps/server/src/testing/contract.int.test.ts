// The web app calls the API by the names of ENDPOINTS and checks each answer against ENDPOINT_SCHEMAS; the
// server validates and serialises with the schemas its routes register. This suite holds the three to one
// another, on an app with every optional part switched on (Stripe, a PMTiles basemap): every entry names a
// route the app serves, every /api route is an entry or listed in INTERNAL_ROUTES with its reason, and
// each entry's query, body and answer schemas are the very zod objects its route registers.
import type { FastifySchema } from 'fastify';
import { ENDPOINT_SCHEMAS, ENDPOINTS, type EndpointName } from '@waymarks/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as TypeProvider from 'fastify-type-provider-zod';
import {
  routeName,
  routerRoutes,
  startAppWithEveryRoute,
  type AppWithEveryRoute,
  type RouterRoute,
} from './api-routes.js';
import type { TestApp } from './test-app.js';

/**
 * The schema each documented route registered, by `METHOD /path` (`:name` placeholders), as the app hands
 * it to the OpenAPI transform. Fastify lets no one read a route's options back, and the transform receives
 * the route's own schema object, so recording it there lets this suite compare identity rather than a
 * JSON rendering that cannot show refinements.
 */
const registered = vi.hoisted(() => new Map<string, FastifySchema>());

vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const original = await importOriginal<typeof TypeProvider>();
  const recordingTransform: typeof original.jsonSchemaTransform = (document) => {
    const { route, schema, url } = document;
    for (const method of [route.method].flat()) {
      if (schema) registered.set(`${method} ${url}`, schema);
    }
    return original.jsonSchemaTransform(document);
  };
  return { ...original, jsonSchemaTransform: recordingTransform };
});

/** /api routes the web app does not call, each with why it is no entry of ENDPOINTS. */
const INTERNAL_ROUTES: { routes: string[]; reason: string }[] = [
  {
    routes: ['GET /api/health', 'GET /api/ready'],
    reason: 'liveness and readiness, for the load balancer and the deploy',
  },
  {
    routes: ['GET /api/auth/google/start', 'GET /api/auth/google/callback'],
    reason: 'Google sign-in’s browser legs: the browser navigates to them, no script calls them',
  },
  {
    routes: ['PUT /api/storage/upload/*', 'GET /api/storage/object/*'],
    reason: 'signed storage links: the browser uploads to and downloads from the URL an endpoint answered',
  },
  {
    routes: ['GET /api/media/archive/{token}', 'GET /api/account/export/{token}'],
    reason: 'signed download links (Download All, the account export), followed from a DownloadUrlResponse',
  },
  {
    routes: ['GET /api/account/export'],
    reason: 'the ZIP for clients that send a bearer token; a browser follows the link of accountExportUrl',
  },
  { routes: ['POST /api/billing/webhook'], reason: 'Stripe’s webhook, called by Stripe only' },
  {
    routes: ['GET /api/pins/{id}', 'GET /api/pins/{id}/verification'],
    reason: 'documented API for other clients; the web app reads pins from the list and PUT answers',
  },
  {
    routes: [
      'GET /api/openapi.json',
      'GET /api/docs',
      'GET /api/docs/',
      'GET /api/docs/json',
      'GET /api/docs/yaml',
      'GET /api/docs/static/index.html',
      'GET /api/docs/static/swagger-initializer.js',
      'GET /api/docs/static/*',
    ],
    reason: 'the API description and its documentation pages',
  },
];

/** A path with its placeholders unnamed: ENDPOINTS names them for the client (`:pinId`), routes by their own. */
const shapeOf = (routePath: string) => routePath.replace(/:\w+|\{\w+\}/g, '{}');
const entryRouteName = (name: EndpointName) =>
  `${ENDPOINTS[name].method} ${shapeOf(`/api${ENDPOINTS[name].path}`)}`;

let every: AppWithEveryRoute;
let t: TestApp;
/** The /api routes the router serves, HEAD (the GET route's, added by Fastify) left out. */
let apiRoutes: RouterRoute[];

beforeAll(async () => {
  every = await startAppWithEveryRoute();
  t = every.t;
  t.app.swagger();
  apiRoutes = routerRoutes(t.app).filter(
    (route) => route.path.startsWith('/api/') && route.method !== 'HEAD',
  );
});

afterAll(async () => every?.close());

/** The schema the route of an entry registered; fails the test when the app serves no such route. */
function registeredSchema(name: EndpointName): FastifySchema {
  const wanted = entryRouteName(name);
  const served = apiRoutes.find((route) => shapeOf(routeName(route)) === wanted);
  expect(served, `${name}: the app serves no ${wanted}`).toBeDefined();
  const found = [...registered].find(([route]) => shapeOf(route) === wanted);
  expect(found, `${name}: ${wanted} registers no schema`).toBeDefined();
  return found![1];
}

/** The success answers a route registered, by status. */
function successes(schema: FastifySchema): Map<number, unknown> {
  const response = (schema.response ?? {}) as Record<string, unknown>;
  return new Map(
    Object.entries(response)
      .map(([status, answer]) => [Number(status), answer] as const)
      .filter(([status]) => status >= 200 && status < 300),
  );
}

/**
 * An entry's query is its route's; an entry without one calls the route with no query, which the route's
 * schema must then accept (GET /pins takes an optional `timeline` the web app does not send).
 */
function expectSameQuery(name: EndpointName, entry: z.ZodType | undefined, route: unknown) {
  if (entry) {
    expect(entry, `${name}'s query is not the schema its route registers`).toBe(route);
  } else if (route !== undefined) {
    expect(route, `${name}: its route's query schema`).toBeInstanceOf(z.ZodType);
    expect((route as z.ZodType).safeParse({}).success, `${name} is called without a query`).toBe(true);
  }
}

/**
 * The answer an entry promises, from its route's success answers: the one schema when there is one; none
 * (z.undefined, an empty body) for 204 alone; optional when the route answers 200 or an empty 204.
 */
function expectSameAnswer(name: EndpointName, schema: FastifySchema) {
  const entry: z.ZodType = ENDPOINT_SCHEMAS[name].response;
  const answers = successes(schema);
  const statuses = [...answers.keys()].sort();
  if (statuses.length === 1 && statuses[0] === 204) {
    expect(entry, `${name} answers 204 without a body`).toBeInstanceOf(z.ZodUndefined);
  } else if (statuses.join() === '200,204') {
    expect(entry, `${name} answers 200 or an empty 204`).toBeInstanceOf(z.ZodOptional);
    expect((entry as z.ZodOptional).unwrap(), `${name}'s answer`).toBe(answers.get(200));
  } else {
    expect(statuses, `${name}: one success answer`).toHaveLength(1);
    expect(entry, `${name}'s answer is not the schema its route registers`).toBe(answers.get(statuses[0]!));
  }
}

describe('every entry of ENDPOINTS', () => {
  it.each(Object.keys(ENDPOINTS) as EndpointName[])(
    '%s names a route the app serves, with the query, body and answer schemas of ENDPOINT_SCHEMAS',
    (name) => {
      const schema = registeredSchema(name);
      const entry: { query?: z.ZodType; body?: z.ZodType; response: z.ZodType } = ENDPOINT_SCHEMAS[name];
      expectSameQuery(name, entry.query, schema.querystring);
      expect(entry.body, `${name}'s body is not the schema its route registers`).toBe(schema.body);
      expectSameAnswer(name, schema);
    },
  );
});

it('every /api route the app serves is an entry of ENDPOINTS or listed in INTERNAL_ROUTES with its reason', () => {
  const entries = new Set((Object.keys(ENDPOINTS) as EndpointName[]).map(entryRouteName));
  const internal = new Set(INTERNAL_ROUTES.flatMap((group) => group.routes));
  const names = apiRoutes.map(routeName);
  expect(names).toContain('POST /api/billing/webhook');
  const unlisted = names.filter((route) => !entries.has(shapeOf(route)) && !internal.has(route));
  expect(unlisted, 'add these routes to ENDPOINTS, or to INTERNAL_ROUTES saying why').toEqual([]);
  const stale = [...internal].filter((route) => !names.includes(route));
  expect(stale, 'INTERNAL_ROUTES lists routes the app no longer serves').toEqual([]);
});
