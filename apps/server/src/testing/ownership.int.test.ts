// Every route that takes an id, called by another user, on SQLite and PostgreSQL: each answers 404 exactly
// as it answers an id that names nothing, and changes no row and no stored object. The routes are read
// from the app's router and OpenAPI document, so a route added later is called here without anyone
// listing it; a route whose id this suite cannot find a victim's value for fails until VICTIM_IDS says
// how, and a route the document leaves out fails until HIDDEN_ROUTES says why.
import { randomUUID } from 'node:crypto';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { ErrorResponse, ImportPreview, TIER_IDS } from '@waymarks/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys, objectKeys } from '../modules/media/media-keys.js';
import { USER_CACHE_TTL_MS } from '../modules/auth/users.repository.js';
import {
  isIdName,
  operationFor,
  readAppRoutes,
  startAppWithEveryRoute,
  type AppWithEveryRoute,
  routeName,
  validValue,
  type JsonSchema,
  type Operation,
  type RouterRoute,
} from './api-routes.js';
import { storedState, storedTables, type StoredState } from './stored-state.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  testDialects,
  type SignedInUser,
  type TestApp,
} from './test-app.js';
import { importFiles } from './imports.js';
import { semanticHistory } from './location-histories.js';
import { uploadFixture } from './uploads.js';
import { importObjectKeys } from '../modules/imports/import-keys.js';

/** The victim's travels, imported: a visit to Lisbon, far from their pins. */
const VICTIM_VISITS = [
  { lat: 38.7223, lng: -9.1393, start: '2019-05-01T12:00:00Z', end: '2019-05-01T18:00:00Z' },
];

const { router, operations } = await readAppRoutes();

interface Victim {
  userId: string;
  /** A pin with media in every stage, and an empty one. */
  pinIds: string[];
  /** Ready, stored but not completed, and reserved only. */
  mediaIds: string[];
  /** Done (its pins made), ready to preview, and still uploading. */
  importIds: string[];
  /** Every key the victim's media and imports may be stored under. */
  storageKeys: string[];
}

/**
 * How to find the victim's ids of each kind, by the name of the path parameter, query parameter or body
 * field that takes one. A route with an id named otherwise fails the suite until it is added here.
 */
const VICTIM_IDS: Record<string, (victim: Victim) => string[]> = {
  // `/pins/{id}`, `/media/{id}`: every id the victim has, of whatever kind.
  id: (v) => [...v.pinIds, ...v.mediaIds, ...v.importIds, v.userId],
  pinId: (v) => v.pinIds,
  mediaId: (v) => v.mediaIds,
  importId: (v) => v.importIds,
  userId: (v) => [v.userId],
};

/**
 * Routes whose path carries a signed, expiring token instead of an id: the signature is the authority,
 * not the session. Another user's ids and storage keys put where the token goes must be refused.
 */
const SIGNED_LINKS: Record<string, string> = {
  'GET /api/media/archive/{token}': "a Download All link, signed for one user's pin (media/archive.ts)",
  'GET /api/account/export/{token}':
    'an export link: a one-time token bound to the session that asked for it (account.service.ts)',
  'PUT /api/storage/upload/*': 'an upload link, signed for one key, type and size (local storage)',
  'GET /api/storage/object/*': 'a download link, signed for one key (local storage)',
  'GET /t/{token}': "a travel page: the token, random and regenerated at will, is the traveller's consent",
  'GET /t/{token}/image.png': 'the share picture of a travel page, under its token',
  'GET /t/{token}/avatar.png': 'the avatar of a travel page, under its token',
  'GET /t/{token}/photos/{key}.webp':
    "a travel page's photo: its token, and a key derived from it and the photo",
  'GET /t/{token}/thumbs/{key}.webp':
    "a travel page's thumbnail: its token, and a key derived from it and the photo",
};

/** Routes the OpenAPI document leaves out (schema.hide), each with why no other user's id reaches it. */
const HIDDEN_ROUTES: { routes: string[]; reason: string }[] = [
  {
    routes: ['GET /api/auth/google/start', 'GET /api/auth/google/callback'],
    reason: "Google sign-in's browser legs: no id; the flow's state travels in a signed cookie",
  },
  {
    routes: ['PUT /api/storage/upload/*', 'GET /api/storage/object/*'],
    reason: 'signed storage links (SIGNED_LINKS), which a browser follows without a session',
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
    reason: 'the API description and its documentation pages: public, the same for everyone',
  },
  {
    routes: ['GET /map/tiles/basemap/{z}/{x}/{y}.pbf', 'GET /map/tiles/places/{z}/{x}/{y}.pbf'],
    reason:
      "the map's vector tiles: public binary tiles, the same for everyone; z/x/y name a tile, no one's data",
  },
  {
    routes: ['GET /map/basemap.pmtiles'],
    reason: "the operator's PMTiles basemap (MAP_PMTILES): one public file, the same for everyone, no id",
  },
  {
    routes: ['POST /share-target'],
    reason:
      "the installed app's share target when no service worker took it: reads nothing it keeps, takes no id, and answers everyone with the same redirect",
  },
];

/** HEAD is served by the GET route (Fastify adds it), so it is listed and documented as GET. */
const listedAs = (route: RouterRoute) =>
  routeName({ ...route, method: route.method === 'HEAD' ? 'GET' : route.method });
const hiddenReason = (route: RouterRoute) =>
  HIDDEN_ROUTES.find((group) => group.routes.includes(listedAs(route)))?.reason;

/** Where a route takes an id: a path parameter, a query parameter or a body field (by its path of keys). */
type IdSlot =
  { in: 'path'; name: string } | { in: 'query'; name: string } | { in: 'body'; name: string; keys: string[] };

const pathParamsOf = (routePath: string) =>
  [...routePath.matchAll(/\{(\w+)\}|\*/g)].map((match) => match[1] ?? '*');

/** A field whose schema lists its values (an enum) names one of a fixed set, such as a plan, not an object. */
function bodyIdFields(schema: JsonSchema | undefined, keys: string[] = []): IdSlot[] {
  return Object.entries(schema?.properties ?? {}).flatMap(([name, property]): IdSlot[] => [
    ...(isIdName(name) && !property.enum ? [{ in: 'body' as const, name, keys: [...keys, name] }] : []),
    ...bodyIdFields(property, [...keys, name]),
  ]);
}

function idSlots(route: RouterRoute, op: Operation | undefined): IdSlot[] {
  return [
    ...pathParamsOf(route.path).map((name) => ({ in: 'path' as const, name })),
    ...(op?.query ?? []).filter((p) => isIdName(p.name)).map((p) => ({ in: 'query' as const, name: p.name })),
    ...bodyIdFields(op?.body),
  ];
}

/** Every way of filling the slots with one value each. */
function combinations(slots: IdSlot[], valuesOf: (slot: IdSlot) => string[]): string[][] {
  return slots.reduce<string[][]>(
    (partial, slot) => partial.flatMap((chosen) => valuesOf(slot).map((value) => [...chosen, value])),
    [[]],
  );
}

interface RouteRequest {
  method: HTTPMethods;
  url: string;
  payload?: { contentType: string; body: string };
}

/** The route's request with each slot holding the given value, and every other field valid. */
function requestFor(route: RouterRoute, op: Operation | undefined, slots: IdSlot[], values: string[]) {
  const valueOf = (slot: IdSlot) => values[slots.indexOf(slot)]!;
  const url = route.path.replace(/\{(\w+)\}|\*/g, (_, name: string | undefined) => {
    const slot = slots.find((s) => s.in === 'path' && s.name === (name ?? '*'))!;
    return encodeURIComponent(valueOf(slot));
  });
  const query = new URLSearchParams();
  for (const param of op?.query ?? []) {
    const slot = slots.find((s) => s.in === 'query' && s.name === param.name);
    if (slot) query.set(param.name, valueOf(slot));
    else if (param.required) query.set(param.name, String(validValue(param.schema, param.name)));
  }
  const request: RouteRequest = {
    method: route.method as HTTPMethods,
    url: query.size ? `${url}?${query}` : url,
  };
  if (op?.body) {
    const body = validValue(op.body, 'body') as Record<string, unknown>;
    for (const slot of slots) {
      if (slot.in !== 'body') continue;
      let parent = body;
      for (const key of slot.keys.slice(0, -1)) parent = (parent[key] ??= {}) as Record<string, unknown>;
      parent[slot.name] = valueOf(slot);
    }
    request.payload = { contentType: 'application/json', body: JSON.stringify(body) };
  }
  return request;
}

const describeRequest = (request: RouteRequest) =>
  `${request.method} ${request.url}${request.payload ? ` ${request.payload.body}` : ''}`;

it('every route the router serves is in the OpenAPI document or listed in HIDDEN_ROUTES with its reason', () => {
  const unlisted = router
    .filter((route) => !operationFor(operations, route) && hiddenReason(route) === undefined)
    .map(routeName);
  expect(unlisted, 'document these routes, or add them to HIDDEN_ROUTES saying why').toEqual([]);
  const served = new Set(router.map(listedAs));
  const stale = HIDDEN_ROUTES.flatMap((group) => group.routes).filter((name) => !served.has(name));
  expect(stale, 'HIDDEN_ROUTES lists routes the app no longer serves').toEqual([]);
});

describe.each(testDialects())('ownership of every route on %s', (dialect) => {
  let every: AppWithEveryRoute;
  let t: TestApp;
  let tables: string[];
  let victim: Victim;
  const attackers: { plan: string; user: SignedInUser }[] = [];
  const newAccount = accountMaker(() => t, { label: 'owner' });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    // The routes were read from the app with every optional part on; the suite asks that same app.
    every = await startAppWithEveryRoute(dialect);
    t = every.t;
    tables = await storedTables(t);

    const owner = await newAccount();
    const withMedia = await createPinAs(call, owner, { lat: 43.4665, lng: 11.882, title: 'Arezzo' });
    const empty = await createPinAs(call, owner, { lat: 35.6586, lng: 139.7454, title: 'Tokyo' });
    const upload = (fixture: string, until: 'reserved' | 'stored' | 'ready') =>
      uploadFixture(t, call, owner, withMedia.pinId, fixture, { contentType: 'image/jpeg', until });
    const mediaIds = [
      await upload('photos/gps/DSCN0010.jpg', 'ready'),
      await upload('photos/gps/DSCN0012.jpg', 'stored'),
      await upload('photos/gps/DSCN0021.jpg', 'reserved'),
    ];
    const history = (name: string) => [{ name, bytes: semanticHistory(VICTIM_VISITS) }];
    const done = await importFiles(t, call, owner, history('done.json'));
    const { places } = ImportPreview.parse((await call('GET', `/api/imports/${done}/preview`, owner)).json());
    await call('POST', `/api/imports/${done}/commit`, owner, { placeKeys: places.map((p) => p.placeKey) });
    const importIds = [
      done,
      await importFiles(t, call, owner, history('ready.json')),
      await importFiles(t, call, owner, history('uploading.json'), 'stored'),
    ];
    victim = {
      userId: owner.userId,
      pinIds: [withMedia.pinId, empty.pinId],
      mediaIds,
      importIds,
      storageKeys: [
        ...mediaIds.flatMap((id) => objectKeys(mediaKeys(owner.userId, id))),
        ...importIds.flatMap((id) => importObjectKeys(owner.userId, id, 1)),
      ],
    };

    // Two other users with pins and media of their own: one on the free plan, one on the top plan, so
    // that no plan check answers before the ownership check does.
    for (const plan of ['free', TIER_IDS[TIER_IDS.length - 1]!]) {
      const user = await newAccount();
      await t.db.updateTable('users').set({ tier: plan }).where('id', '=', user.userId).execute();
      const own = await createPinAs(call, user, { lat: 43.4665, lng: 11.882, title: 'Also Arezzo' });
      await uploadFixture(t, call, user, own.pinId, 'photos/gps/DSCN0025.jpg', { contentType: 'image/jpeg' });
      attackers.push({ plan, user });
    }
    // The signed-in user is cached for up to a second: move past it so the plans count.
    t.advance(USER_CACHE_TTL_MS + 1);
  }, 60_000);

  afterAll(async () => every?.close());

  // Each request from an address of its own, as the bad-input suite sends them: the hundreds of requests
  // a route gets here must meet its ownership check, not a per-address limit standing in for it.
  let requests = 0;
  const send = (request: RouteRequest, user: SignedInUser) =>
    t.app.inject({
      method: request.method,
      url: request.url,
      remoteAddress: `10.23.${Math.floor(requests / 250) % 250}.${(requests++ % 250) + 1}`,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(request.payload ? { 'content-type': request.payload.contentType } : {}),
      },
      ...(request.payload ? { payload: request.payload.body } : {}),
    });

  const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });

  async function expectUnchanged(before: StoredState, request: RouteRequest, plan: string) {
    expect(
      await storedState(t, tables),
      `${describeRequest(request)} as a ${plan} user changed what is stored`,
    ).toEqual(before);
  }

  for (const route of router) {
    const op = operationFor(operations, route);
    const slots = idSlots(route, op);
    const name = routeName(route);
    const signed = SIGNED_LINKS[listedAs(route)];

    if (signed) {
      it(`${name} refuses another user's ids and storage keys in place of its signed token`, async () => {
        const before = await storedState(t, tables);
        const forged = [
          ...victim.pinIds,
          ...victim.mediaIds,
          ...victim.importIds,
          victim.userId,
          ...victim.storageKeys,
        ];
        for (const { plan, user } of attackers) {
          for (const values of combinations(slots, () => forged)) {
            const request = requestFor(route, op, slots, values);
            if (route.method === 'PUT') request.payload = { contentType: 'image/jpeg', body: 'forged' };
            const res = await send(request, user);
            expect([403, 404], `${describeRequest(request)} as a ${plan} user: ${res.body}`).toContain(
              res.statusCode,
            );
            if (route.method !== 'HEAD')
              expect(ErrorResponse.safeParse(res.json()).success, res.body).toBe(true);
            await expectUnchanged(before, request, plan);
          }
        }
      });
      continue;
    }
    // A route without an id has nothing of anyone's to reach; a hidden one is exempt for its listed reason.
    if (slots.length === 0 || (!op && hiddenReason(route) !== undefined)) continue;

    it(`${name} answers another user's ids with 404, as for ids that name nothing, and changes nothing`, async () => {
      const unknown = slots
        .filter((slot) => !VICTIM_IDS[slot.name])
        .map((slot) => `${slot.in} '${slot.name}'`);
      if (unknown.length > 0) {
        throw new Error(
          `${name} takes ${unknown.join(', ')}: add it to VICTIM_IDS (how to find the victim's id of that ` +
            'kind), or to SIGNED_LINKS if it is a signed token rather than an id',
        );
      }
      const before = await storedState(t, tables);
      for (const { plan, user } of attackers) {
        for (const values of combinations(slots, (slot) => VICTIM_IDS[slot.name]!(victim))) {
          const request = requestFor(route, op, slots, values);
          const res = await send(request, user);
          expect(res.statusCode, `${describeRequest(request)} as a ${plan} user: ${res.body}`).toBe(404);
          await expectUnchanged(before, request, plan);

          const nothing = requestFor(
            route,
            op,
            slots,
            values.map(() => randomUUID()),
          );
          expect(answer(res), `${describeRequest(request)} answers unlike an id that names nothing`).toEqual(
            answer(await send(nothing, user)),
          );
          await expectUnchanged(before, nothing, plan);
        }
      }
    });
  }
});
