// Every route of the app, read from the app itself, for the route-wide suites (ownership, bad input, the
// contract, the public routes): the app with every optional part switched on, the router's own table,
// hidden routes included, and the OpenAPI document with what each route accepts. A route added later shows
// up here without anyone listing it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startFakeStripe, type FakeStripe } from './stripe-fake.js';
import { startTestApp, TEST_PASSWORD, type Dialect, type TestApp } from './test-app.js';

/** The part of JSON Schema (as the OpenAPI document writes it) the suites read. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 writes a boolean beside minimum/maximum; JSON Schema 2020-12 the bound itself. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
}

export interface QueryParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One documented operation: method and path as the OpenAPI document names them (`/api/pins/{id}`). */
export interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: QueryParameter[];
  /** Request headers the operation's schema names (an Idempotency-Key, say), as parameters. */
  headers: QueryParameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  /** Needs a bearer token. */
  guarded: boolean;
}

/** A method and path the router serves, the path written as in OpenAPI (`{id}`; `*` for a wildcard). */
export interface RouterRoute {
  method: string;
  path: string;
}

export interface AppRoutes {
  router: RouterRoute[];
  operations: Operation[];
}

export interface AppWithEveryRoute {
  t: TestApp;
  /** The fake Stripe API the app's billing talks to (billing by Stripe, its webhook route). */
  stripe: FakeStripe;
  close(): Promise<void>;
}

/**
 * The app with every route it can serve: Stripe billing (with its webhook) against the fake Stripe API,
 * and a PMTiles basemap (/map/basemap.pmtiles), on local storage in a data folder of its own.
 */
export async function startAppWithEveryRoute(dialect: Dialect = 'sqlite'): Promise<AppWithEveryRoute> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waymarks-routes-'));
  const pmtiles = path.join(dataDir, 'world.pmtiles');
  writeFileSync(pmtiles, Buffer.alloc(1024));
  const stripe = await startFakeStripe();
  try {
    const t = await startTestApp(dialect, { ...stripe.env(), MAP_PMTILES: pmtiles, DATA_DIR: dataDir });
    return {
      t,
      stripe,
      close: async () => {
        await t.close();
        await stripe.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The routes of the app with every route (startAppWithEveryRoute), read once when a suite is collected so
 * each route becomes its own test.
 */
export async function readAppRoutes(): Promise<AppRoutes> {
  const every = await startAppWithEveryRoute();
  try {
    return { router: routerRoutes(every.t.app), operations: documentedOperations(every.t.app) };
  } finally {
    await every.close();
  }
}

/**
 * Every method and path in the router, read from its printed tree: Fastify has no public list of routes,
 * and the tree is the router's own. A line that does not read as a node fails loudly rather than hiding a
 * route.
 */
export function routerRoutes(app: FastifyInstance): RouterRoute[] {
  const routes: RouterRoute[] = [];
  const labels: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: true }).split('\n')) {
    if (line.trim() === '') continue;
    const node = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) throw new Error(`Unreadable line in the router's tree: ${JSON.stringify(line)}`);
    const [, indent = '', label = '', methods] = node;
    labels.length = indent.length / 4;
    labels.push(label);
    if (!methods) continue;
    const routePath = labels.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of methods.split(', ')) routes.push({ method, path: routePath });
  }
  return routes;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}

export function documentedOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [routePath, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path: routePath,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema })),
        headers: parameters
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        guarded: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** The documented operation a router route serves; HEAD is the GET route's, which Fastify adds itself. */
export function operationFor(operations: Operation[], route: RouterRoute): Operation | undefined {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return operations.find((op) => op.method === method && op.path === route.path);
}

export const routeName = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** A field, parameter or path segment that names an object by its id: `id`, `pinId`, `mediaId`, … */
export const isIdName = (name: string) => name === 'id' || name.endsWith('Id');

/** An id that names nothing: well-formed, so it is looked up like a real one. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Valid values for fields a generic value would not satisfy (a pattern, a rule the schema cannot say,
 * like a strong password or a real date), and optional fields worth sending so a body is accepted (an
 * update needs one field). By field name.
 */
const SAMPLE_VALUES: Record<string, unknown> = {
  email: 'route-suite@example.com',
  newEmail: 'route-suite-moved@example.com',
  password: TEST_PASSWORD,
  newPassword: 'Another-Horse2',
  visitDate: '2020-05-01',
  contentType: 'image/jpeg',
  filename: 'photo.jpg',
  // The SHA-256 of no bytes: no file anybody keeps.
  contentHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'idempotency-key': 'route-suite-idempotency-key',
};

export const typesOf = (schema: JsonSchema): string[] => {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const own = schema.type === undefined ? [] : [schema.type].flat();
  const fromEnum = (schema.enum ?? []).map((value) => (value === null ? 'null' : typeof value));
  return [
    ...new Set([
      ...own,
      ...fromEnum,
      ...(schema.nullable ? ['null'] : []),
      ...branches.flatMap((branch) => typesOf(branch)),
    ]),
  ];
};

/**
 * A value the schema accepts, built from the schema: an enum's first value, a sample for fields that need
 * one, the required properties of an object (plus optional ones that have a sample). Throws for a field it
 * cannot satisfy, naming it, so a new route gets a sample instead of cases that prove nothing.
 */
export function validValue(schema: JsonSchema, name: string): unknown {
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? null;
  if (schema.const !== undefined) return schema.const;
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch && schema.type === undefined) return validValue(branch, name);
  const type = typesOf(schema).find((t) => t !== 'null');
  const sample = SAMPLE_VALUES[name];
  if (sample !== undefined && (typeof sample === type || (type === 'integer' && Number.isInteger(sample)))) {
    return sample;
  }
  switch (type) {
    case 'string':
      if (isIdName(name)) return UNKNOWN_ID;
      if (schema.pattern) throw new Error(`No valid value for field '${name}': add one to SAMPLE_VALUES`);
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'number':
    case 'integer':
      return numberWithin(schema);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return validObject(schema);
    default:
      throw new Error(`No valid value for field '${name}' of schema ${JSON.stringify(schema)}`);
  }
}

function validObject(schema: JsonSchema): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const value: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (required.has(key) || SAMPLE_VALUES[key] !== undefined) value[key] = validValue(property, key);
  }
  return value;
}

/** 1 when the bounds allow it, else a value just inside them. */
function numberWithin(schema: JsonSchema): number {
  const low = lowerBound(schema);
  const high = upperBound(schema);
  const accepts = (n: number) =>
    (!low || (low.exclusive ? n > low.value : n >= low.value)) &&
    (!high || (high.exclusive ? n < high.value : n <= high.value));
  if (accepts(1)) return 1;
  if (low && accepts(Math.floor(low.value) + 1)) return Math.floor(low.value) + 1;
  if (high && accepts(Math.ceil(high.value) - 1)) return Math.ceil(high.value) - 1;
  throw new Error(`No number within ${JSON.stringify(schema)}`);
}

export interface Bound {
  value: number;
  exclusive: boolean;
}

export function lowerBound(schema: JsonSchema): Bound | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return { value: schema.exclusiveMinimum, exclusive: true };
  if (schema.minimum === undefined) return undefined;
  return { value: schema.minimum, exclusive: schema.exclusiveMinimum === true };
}

export function upperBound(schema: JsonSchema): Bound | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return { value: schema.exclusiveMaximum, exclusive: true };
  if (schema.maximum === undefined) return undefined;
  return { value: schema.maximum, exclusive: schema.exclusiveMaximum === true };
}
