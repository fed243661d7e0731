// Bad input to every route that takes a JSON body, query, path or header parameters, on SQLite and
// PostgreSQL: wrong types, missing and unknown fields, huge strings and bodies, deep nesting, invalid
// UTF-8, NUL, numbers at and beyond their bounds. Each answers 400 (413 for a body over the limit; a path
// parameter may also be 404 or 414) in the API's error shape, never 500, and stores and sends nothing;
// without a token a guarded route answers 401 whatever the input. The cases are made from the OpenAPI document's schemas, so a route
// added later is covered without anyone listing it; the last tests prove that the valid request each case
// departs from is accepted, so every case differs from an accepted request only in what it names.
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, ErrorResponse, MB } from '@waymarks/shared';
import {
  lowerBound,
  readAppRoutes,
  startAppWithEveryRoute,
  type AppWithEveryRoute,
  routeName,
  typesOf,
  upperBound,
  validValue,
  UNKNOWN_ID,
  type JsonSchema,
  type Operation,
} from './api-routes.js';
import { storedState, storedTables, type StoredState } from './stored-state.js';
import { accountMaker, testDialects, type SignedInUser, type TestApp } from './test-app.js';

const { operations } = await readAppRoutes();
const tested = operations.filter(
  (op) => op.body || op.query.length > 0 || op.pathParams.length > 0 || op.headers.length > 0,
);

/** A request the route must refuse, and the statuses it may refuse it with. */
interface BadCase {
  name: string;
  statuses: number[];
  /** The query string after `?`, as sent (percent-encoding included). */
  query: string;
  body?: { contentType: string; bytes: Buffer };
  /** Path parameters as sent (percent-encoding included); the others name nothing. */
  path?: Record<string, string>;
  /** Send no bearer token, even to a guarded route. */
  anonymous?: boolean;
  /** Request headers the operation names, as sent. */
  headers?: Record<string, string>;
}

const HUGE_STRING = 100_000;
const DEEP = 10_000;
const deepArrays = '['.repeat(DEEP) + ']'.repeat(DEEP);
const deepObjects = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);

/** Byte sequences that are not UTF-8: a stray byte, an overlong '/', an encoded surrogate, a cut-off character. */
const INVALID_UTF8: { name: string; bytes: number[] }[] = [
  { name: 'a 0xFF byte', bytes: [0xff] },
  { name: "an overlong '/' (C0 AF)", bytes: [0xc0, 0xaf] },
  { name: 'an encoded surrogate (ED A0 80)', bytes: [0xed, 0xa0, 0x80] },
  { name: 'a cut-off character (E2 82)', bytes: [0xe2, 0x82] },
];

const percentEncoded = (bytes: number[]) =>
  `a${bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')}b`;

/** Stands for a value written into the JSON text as is: a token JSON.stringify cannot make, or raw bytes. */
const RAW = '\u0001raw\u0001';
type Raw = { raw: string | Buffer };
const raw = (value: string | Buffer): Raw => ({ raw: value });

/** JSON text of `value` with each Raw spliced in verbatim. */
function jsonBytes(value: unknown): Buffer {
  const raws: (string | Buffer)[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && 'raw' in v) {
      raws.push((v as Raw).raw);
      return RAW;
    }
    return v;
  });
  const parts = text.split(JSON.stringify(RAW));
  return Buffer.concat(
    parts.flatMap((part, i) => [Buffer.from(part), ...(i < raws.length ? [Buffer.from(raws[i]!)] : [])]),
  );
}

const json = (bytes: Buffer | string) => ({
  contentType: 'application/json',
  bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
});

type Path = string[];
const fieldName = (path: Path) => path.join('.');

/** `value` with the field at `path` set (or removed, for undefined), building missing parents validly. */
function withField(base: Record<string, unknown>, schema: JsonSchema, path: Path, value: unknown): unknown {
  const copy: Record<string, unknown> = structuredClone(base);
  let parent = copy;
  let parentSchema = schema;
  for (const key of path.slice(0, -1)) {
    const childSchema = parentSchema.properties![key]!;
    parent[key] ??= validValue(childSchema, key);
    parent = parent[key] as Record<string, unknown>;
    parentSchema = childSchema;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

const WRONG_TYPES: { type: string; value: unknown }[] = [
  { type: 'string', value: 'text' },
  { type: 'number', value: 1 },
  { type: 'boolean', value: true },
  { type: 'null', value: null },
  { type: 'object', value: {} },
  { type: 'array', value: [] },
];

/** Whether values of `type` can pass a field whose schema allows `types`. */
const allows = (types: string[], type: string) =>
  types.includes(type) || (type === 'number' && types.includes('integer'));

/** Values the field must refuse, each with what is wrong with it. */
function badValues(schema: JsonSchema, name: string): { what: string; value: unknown }[] {
  const types = typesOf(schema);
  const bad: { what: string; value: unknown }[] = [];
  if (types.length > 0) {
    for (const wrong of WRONG_TYPES) {
      if (!allows(types, wrong.type))
        bad.push({ what: `is ${wrong.type === 'null' ? 'null' : `a ${wrong.type}`}`, value: wrong.value });
    }
  }
  if (!types.includes('array'))
    bad.push({ what: `nests ${DEEP.toLocaleString('en')} arrays`, value: raw(deepArrays) });
  if (types.includes('string')) {
    const valid = String(validValue(schema, name));
    bad.push({ what: 'holds a NUL character', value: `${valid}\u0000` });
    bad.push({ what: 'holds a lone surrogate escape', value: raw(`"${valid}\\ud800"`) });
    for (const invalid of INVALID_UTF8) {
      bad.push({
        what: `holds ${invalid.name}`,
        value: raw(Buffer.concat([Buffer.from('"a'), Buffer.from(invalid.bytes), Buffer.from('b"')])),
      });
    }
    bad.push(...badStrings(schema));
  }
  if (allows(types, 'number')) bad.push(...badNumbers(schema, name));
  return bad;
}

function badStrings(schema: JsonSchema): { what: string; value: string }[] {
  const bad: { what: string; value: string }[] = [];
  bad.push({ what: `has ${HUGE_STRING.toLocaleString('en')} characters`, value: 'x'.repeat(HUGE_STRING) });
  if (schema.maxLength !== undefined && schema.maxLength + 1 < HUGE_STRING) {
    bad.push({
      what: `has ${schema.maxLength + 1} characters, one over its limit`,
      value: 'x'.repeat(schema.maxLength + 1),
    });
  }
  if (schema.minLength) {
    bad.push({
      what: `has ${schema.minLength - 1} characters, one under its minimum`,
      value: 'x'.repeat(schema.minLength - 1),
    });
  }
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test('no match')) {
    bad.push({ what: 'does not match its pattern', value: 'no match' });
  }
  if (schema.enum) bad.push({ what: 'is none of its values', value: 'none-of-them' });
  return bad;
}

function badNumbers(schema: JsonSchema, name: string): { what: string; value: unknown }[] {
  const bad: { what: string; value: unknown }[] = [
    { what: 'is 1e309 (beyond a double)', value: raw('1e309') },
    { what: 'is -1e309', value: raw('-1e309') },
    { what: 'is NaN', value: raw('NaN') },
  ];
  const low = lowerBound(schema);
  if (low) {
    const value = low.exclusive ? low.value : low.value - 1;
    const what = low.exclusive ? 'its exclusive minimum' : `one below its minimum of ${low.value}`;
    bad.push({ what: `is ${value}, ${what}`, value });
  }
  const high = upperBound(schema);
  if (high) {
    const value = high.exclusive ? high.value : high.value + 1;
    const what = high.exclusive ? 'its exclusive maximum' : `one above its maximum of ${high.value}`;
    bad.push({ what: `is ${value}, ${what}`, value });
  }
  if (typesOf(schema).includes('integer')) {
    bad.push({ what: 'is not a whole number', value: Number(validValue(schema, name)) + 0.5 });
  }
  return bad;
}

/** Every field of an object schema at any depth, with whether its parent requires it. */
function fields(
  schema: JsonSchema,
  path: Path = [],
): { path: Path; schema: JsonSchema; required: boolean }[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    const own = { path: [...path, key], schema: property, required: required.has(key) };
    const objectBranch = [property, ...(property.anyOf ?? []), ...(property.oneOf ?? [])].find(
      (s) => s.properties,
    );
    return [own, ...(objectBranch ? fields(objectBranch, own.path) : [])];
  });
}

const refusesUnknownKeys = (schema: JsonSchema) => schema.additionalProperties === false;

function bodyCases(op: Operation, query: string): BadCase[] {
  const schema = op.body!;
  const base = validValue(schema, 'body') as Record<string, unknown>;
  const valid = JSON.stringify(base);
  const cases: BadCase[] = [
    { name: 'body is not JSON', statuses: [400], query, body: json('{"') },
    { name: 'body is empty', statuses: [400], query, body: json('') },
    ...['null', '[]', '"text"', '1', 'true'].map((text) => ({
      name: `body is the JSON ${text}`,
      statuses: [400],
      query,
      body: json(text),
    })),
    {
      name: 'body of 2 MB is over the 1 MB limit',
      statuses: [413],
      query,
      body: json(JSON.stringify({ ...base, padding: 'x'.repeat(2 * MB) })),
    },
    {
      name: `body nests ${DEEP.toLocaleString('en')} arrays`,
      statuses: [400],
      query,
      body: json(deepArrays),
    },
    {
      name: 'body has a __proto__ key',
      statuses: [400],
      query,
      body: json(`{"__proto__":{"x":1},${valid.slice(1)}`),
    },
    {
      name: 'body has a constructor.prototype key',
      statuses: [400],
      query,
      body: json(`{"constructor":{"prototype":{"x":1}},${valid.slice(1)}`),
    },
    {
      name: 'body is sent as text/plain',
      statuses: [400, 415],
      query,
      body: { contentType: 'text/plain', bytes: Buffer.from(valid) },
    },
    {
      name: 'body is sent as a form',
      statuses: [400, 415],
      query,
      body: { contentType: 'application/x-www-form-urlencoded', bytes: Buffer.from('a=1') },
    },
  ];
  if (refusesUnknownKeys(schema)) {
    cases.push(
      {
        name: 'body has an unknown field',
        statuses: [400],
        query,
        body: json(JSON.stringify({ ...base, unknownField: 'x' })),
      },
      {
        name: `body nests ${DEEP.toLocaleString('en')} objects`,
        statuses: [400],
        query,
        body: json(deepObjects),
      },
    );
  }
  for (const field of fields(schema)) {
    const name = `body field ${fieldName(field.path)}`;
    if (field.required) {
      cases.push({
        name: `${name} is missing`,
        statuses: [400],
        query,
        body: json(jsonBytes(withField(base, schema, field.path, undefined))),
      });
    }
    if (refusesUnknownKeys(field.schema)) {
      const value = { ...(validValue(field.schema, field.path.at(-1)!) as object), unknownField: 'x' };
      cases.push({
        name: `${name} has an unknown field`,
        statuses: [400],
        query,
        body: json(jsonBytes(withField(base, schema, field.path, value))),
      });
    }
    for (const { what, value } of badValues(field.schema, field.path.at(-1)!)) {
      cases.push({
        name: `${name} ${what}`,
        statuses: [400],
        query,
        body: json(jsonBytes(withField(base, schema, field.path, value))),
      });
    }
  }
  return cases;
}

/** Query parameters as sent: name and already percent-encoded value. */
type QueryEntries = [string, string][];
const queryString = (entries: QueryEntries) => entries.map(([name, value]) => `${name}=${value}`).join('&');

function validQuery(op: Operation): QueryEntries {
  return op.query
    .filter((param) => param.required)
    .map((param) => [param.name, encodeURIComponent(String(validValue(param.schema, param.name)))]);
}

function queryCases(op: Operation, body: BadCase['body']): BadCase[] {
  const base = validQuery(op);
  const cases: BadCase[] = [];
  const withParam = (name: string, values: string[]) =>
    queryString([
      ...base.filter(([n]) => n !== name),
      ...values.map((value): [string, string] => [name, value]),
    ]);
  for (const param of op.query) {
    const name = `query ${param.name}`;
    const valid = encodeURIComponent(String(validValue(param.schema, param.name)));
    const add = (what: string, ...values: string[]) =>
      cases.push({
        name: `${name} ${what}`,
        statuses: [400],
        query: withParam(param.name, values),
        ...(body ? { body } : {}),
      });
    if (param.required) add('is missing');
    add('is given twice', valid, valid);
    for (const invalid of INVALID_UTF8) {
      add(`holds ${invalid.name}`, percentEncoded(invalid.bytes));
    }
    const types = typesOf(param.schema);
    if (allows(types, 'number')) {
      for (const text of ['', ' ', 'abc', 'NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '0x1g']) {
        add(`is ${JSON.stringify(text)}`, encodeURIComponent(text));
      }
      for (const { what, value } of badNumbers(param.schema, param.name)) {
        if (typeof value === 'number') add(what, String(value));
      }
    } else if (types.includes('string')) {
      for (const { what, value } of badStrings(param.schema)) add(what, encodeURIComponent(value));
    }
  }
  return cases;
}

/**
 * A path parameter is an id or a signed token: a malformed one is refused by the router (400, or 414 over
 * its length limit) or looked up and found to name nothing (404, or 403 for a token).
 */
const PATH_REFUSALS = [400, 403, 404, 414];

function pathCases(op: Operation, query: string, body: BadCase['body']): BadCase[] {
  return op.pathParams.flatMap((param) => {
    const add = (what: string, value: string): BadCase => ({
      name: `path ${param} ${what}`,
      statuses: PATH_REFUSALS,
      query,
      path: { [param]: value },
      ...(body ? { body } : {}),
    });
    return [
      add(`has ${HUGE_STRING.toLocaleString('en')} characters`, 'x'.repeat(HUGE_STRING)),
      add('holds a NUL character', 'a%00b'),
      ...INVALID_UTF8.map((invalid) => add(`holds ${invalid.name}`, percentEncoded(invalid.bytes))),
    ];
  });
}

function casesFor(op: Operation): BadCase[] {
  const query = queryString(validQuery(op));
  const body = op.body ? json(JSON.stringify(validValue(op.body, 'body'))) : undefined;
  const cases = [
    ...(op.body ? bodyCases(op, query) : []),
    ...queryCases(op, body),
    ...pathCases(op, query, body),
    ...headerCases(op, query, body),
  ];
  const first = op.query[0];
  if (op.guarded && (op.body || first)) {
    // Input the schemas refuse (a parameter given twice, a body cut short), so only the token decides.
    const valid = first ? encodeURIComponent(String(validValue(first.schema, first.name))) : '';
    cases.push({
      name: 'without a token, bad input answers 401: the token is checked before the input is read',
      statuses: [401],
      query: first
        ? queryString([
            [first.name, valid],
            [first.name, valid],
          ])
        : query,
      ...(op.body ? { body: json('{"') } : {}),
      anonymous: true,
    });
  }
  return cases;
}

/**
 * Each header the operation names, with strings its schema refuses. A header cannot carry NUL, line
 * breaks or bytes beyond Latin-1, so only the schema's own limits are tried; over HTTP a header far too
 * long is 431 from Node before the route sees it.
 */
function headerCases(op: Operation, query: string, body: BadCase['body']): BadCase[] {
  return op.headers.flatMap((header) =>
    [
      ...(header.required ? [{ what: 'is missing', value: undefined }] : []),
      ...badStrings(header.schema),
    ].map(({ what, value }): BadCase => ({
      name: `header ${header.name} ${what}`,
      statuses: [400],
      query,
      ...(body ? { body } : {}),
      headers: value === undefined ? {} : { [header.name]: value },
    })),
  );
}

/** The operation's headers, each with a value its schema accepts (the optional ones too). */
const validHeaders = (op: Operation): Record<string, string> =>
  Object.fromEntries(
    op.headers.map((header) => [header.name, String(validValue(header.schema, header.name))]),
  );

/** Path parameters are filled with an id that names nothing: the input is refused before it is looked up. */
const urlOf = (op: Operation, query: string, path: Record<string, string> = {}) => {
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? UNKNOWN_ID);
  return query ? `${filled}?${query}` : filled;
};

const CODE_OF_STATUS: Record<number, string> = {
  400: ErrorCode.validation,
  401: ErrorCode.unauthorized,
  404: ErrorCode.notFound,
  413: ErrorCode.payloadTooLarge,
};

describe.each(testDialects())('bad input to every route on %s', (dialect) => {
  let every: AppWithEveryRoute;
  let t: TestApp;
  let user: SignedInUser;
  let tables: string[];
  let stored: StoredState;
  let requests = 0;
  const signedInUser = accountMaker(() => t, { label: 'bad-input' });

  beforeAll(async () => {
    // The routes were read from the app with every optional part on; the suite asks that same app.
    every = await startAppWithEveryRoute(dialect);
    t = every.t;
    user = await signedInUser();
    tables = await storedTables(t);
    stored = await storedState(t, tables);
  }, 60_000);
  afterAll(async () => every?.close());

  /**
   * Each request comes from its own client address, so the per-address limits of the auth routes (30 a
   * minute, and the throttle) never answer before validation does; they are tested on their own.
   */
  function send(op: Operation, request: Omit<BadCase, 'name' | 'statuses'>) {
    requests += 1;
    const headers: Record<string, string> = { ...request.headers };
    if (op.guarded && !request.anonymous) headers.authorization = `Bearer ${user.token}`;
    if (request.body) headers['content-type'] = request.body.contentType;
    return t.app.inject({
      method: op.method as HTTPMethods,
      url: urlOf(op, request.query, request.path),
      headers,
      remoteAddress: `10.17.${Math.floor(requests / 250)}.${(requests % 250) + 1}`,
      ...(request.body ? { payload: request.body.bytes } : {}),
    });
  }

  for (const op of tested) {
    describe(routeName(op), () => {
      for (const badCase of casesFor(op)) {
        it(`${badCase.name}: ${badCase.statuses.join(' or ')}, nothing stored or sent`, async () => {
          const mails = t.mail.messages.length;
          const res = await send(op, badCase);
          // Read what is stored before any assertion, so a failing case does not fail the ones after it.
          const before = stored;
          stored = await storedState(t, tables);

          expect(badCase.statuses, res.body.slice(0, 500)).toContain(res.statusCode);
          const parsed = ErrorResponse.safeParse(res.json());
          expect(parsed.success, `not the API's error shape: ${res.body.slice(0, 500)}`).toBe(true);
          const code = CODE_OF_STATUS[res.statusCode];
          if (code) expect(parsed.data?.error.code).toBe(code);
          expect(stored, 'the request changed what is stored').toEqual(before);
          expect(t.mail.messages.slice(mails), 'the request sent mail').toEqual([]);
        });
      }
    });
  }

  it('a body with an escaped backslash before u0000, and an escaped surrogate pair, is accepted as sent', async () => {
    const createPin = operations.find((op) => op.method === 'POST' && op.path === '/api/pins')!;
    // The title's JSON reads C:\\u0000 \ud83d\ude00: a backslash and the text u0000, then one emoji.
    const body = json('{"lat":1,"lng":1,"title":"C:\\\\u0000 \\ud83d\\ude00"}');
    const res = await send(createPin, { query: '', body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().pin.title).toBe('C:\\u0000 \u{1F600}');
  });

  describe('the valid request every case departs from passes validation', () => {
    for (const op of tested) {
      it(routeName(op), async () => {
        const res = await send(op, {
          query: queryString(validQuery(op)),
          headers: validHeaders(op),
          ...(op.body ? { body: json(JSON.stringify(validValue(op.body, 'body'))) } : {}),
        });
        expect(res.statusCode, res.body).not.toBe(500);
        expect(res.statusCode, res.body).not.toBe(401);
        if (res.statusCode === 400) expect(res.json().error.code, res.body).not.toBe(ErrorCode.validation);
      });
    }
  });
});
