// The leaderboard and the figures behind it, on SQLite and PostgreSQL, through the real routes: the opt-in
// (off for a new account, on and off at once), the ranking rule and every sort, the totals, one
// traveller's details, the pictures shown (a saved avatar's render, else the account's), the plans that
// may read it, that no answer carries an e-mail address, and that the figures are rewritten by a job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEADERBOARD_PAGE,
  LeaderboardResponse,
  LeaderboardUserDetails,
  compareTravelers,
  planRequiredMessage,
  type TierId,
} from '@waymarks/shared';
import { InProcessQueue } from '../../jobs/in-process.js';
import type { JobHandlers } from '../../jobs/queue.js';
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';
import { LeaderboardService, TOTALS_TTL_MS } from './leaderboard.service.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { png } from '../../testing/png.js';
import { travelStatsOver, travelerDetailsOver } from '../../testing/repositories.js';

const PLACES = {
  arezzo: { lat: 43.4665, lng: 11.882, title: 'Arezzo' },
  florence: { lat: 43.7696, lng: 11.2558, title: 'Florence' },
  tokyo: { lat: 35.6586, lng: 139.7454, title: 'Tokyo' },
  paris: { lat: 48.8584, lng: 2.2945, title: 'Paris' },
  hongKong: { lat: 22.3193, lng: 114.1694, title: 'Hong Kong' },
  beijing: { lat: 39.9042, lng: 116.4074, title: 'Beijing' },
  taipei: { lat: 25.033, lng: 121.5654, title: 'Taipei' },
  lisbon: { lat: 38.7223, lng: -9.1393, title: 'Lisbon' },
  atSea: { lat: 20, lng: -40, title: 'Mid-Atlantic' },
} as const;

describe.each(testDialects())('the leaderboard on %s', (dialect) => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'ranked', name: 'Freya Stark' });
  const emails: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  /** A new account on the plan, its e-mail remembered for the privacy check. */
  async function traveller(tier: TierId, username?: string): Promise<SignedInUser> {
    const user = await newAccount();
    const { email } = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    emails.push(email);
    await t.db
      .updateTable('users')
      .set({ tier, ...(username ? { username, username_key: username.toLowerCase() } : {}) })
      .where('id', '=', user.userId)
      .execute();
    t.advance(USER_CACHE_TTL_MS + 1);
    return user;
  }

  const optIn = async (user: SignedInUser, showOnLeaderboard = true) => {
    const res = await call('PUT', '/api/leaderboard/settings', user, { showOnLeaderboard });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ showOnLeaderboard });
  };

  const board = async (user: SignedInUser, query = '') => {
    const res = await call('GET', `/api/leaderboard${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return LeaderboardResponse.parse(res.json());
  };

  const pinsAt = async (user: SignedInUser, ...places: (keyof typeof PLACES)[]) => {
    const made = [];
    for (const place of places) made.push(await createPinAs(call, user, PLACES[place]));
    return made;
  };

  /** Marks a pin verified with a score, as a photo whose GPS matched would; a date change refreshes. */
  async function verify(user: SignedInUser, pinId: string, score: number, visitDate: string) {
    await t.db
      .updateTable('pins')
      .set({ verification_status: 'verified', verification_score: score })
      .where('id', '=', pinId)
      .execute();
    const res = await call('PUT', `/api/pins/${pinId}`, user, { visitDate });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('starts with the opt-in off for a new account, and lists nobody who did not opt in', async () => {
    const reader = await traveller('standard');
    await pinsAt(reader, 'arezzo');
    expect((await call('GET', '/api/leaderboard/settings', reader)).json()).toEqual({
      showOnLeaderboard: false,
    });
    const page = await board(reader);
    expect(page.users.map((user) => user.userId)).not.toContain(reader.userId);
    expect(page.currentUserRank).toBeNull();
  });

  it('ranks by countries, then verification score, then pins, and sorts by each figure', async () => {
    const viewer = await traveller('pro', 'viewer');
    // Three countries (IT, JP, FR) and nothing verified.
    const wide = await traveller('free', 'wide');
    await pinsAt(wide, 'arezzo', 'tokyo', 'paris');
    // Two countries, verified: behind `wide` on countries, whatever the score.
    const verified = await traveller('basic', 'verified');
    const [vArezzo, vTokyo] = await pinsAt(verified, 'arezzo', 'tokyo');
    await verify(verified, vArezzo!.pinId, 100, '2024-03-01');
    await verify(verified, vTokyo!.pinId, 80, '2024-05-01');
    // Two countries, unverified, more pins: behind `verified` on score although it has more pins.
    const many = await traveller('standard', 'many');
    await pinsAt(many, 'arezzo', 'florence', 'tokyo', 'atSea');
    // Hong Kong and Beijing count once (China); Taipei counts toward none: one country, two cities.
    const china = await traveller('plus', 'china');
    await pinsAt(china, 'hongKong', 'beijing', 'taipei');
    for (const user of [wide, verified, many, china]) await optIn(user);

    const ranked = await board(viewer);
    const ids = [wide, verified, many, china].map((user) => user.userId);
    const ours = ranked.users.filter((user) => ids.includes(user.userId));
    expect(ours.map((user) => user.displayName)).toEqual(['wide', 'verified', 'many', 'china']);
    expect(ours.map((user) => [user.countryCount, user.verificationScore, user.pinCount])).toEqual([
      [3, 0, 3],
      [2, 90, 2],
      [2, 0, 4],
      [1, 0, 3],
    ]);
    // The page's order is the shared rule's order, rank by rank.
    const facts = ranked.users.map((user) => ({
      countryCount: user.countryCount,
      verificationScore: user.verificationScore,
      pinCount: user.pinCount,
      signupAt: Date.parse(user.signupDate),
      userId: user.userId,
    }));
    expect([...facts].sort(compareTravelers)).toEqual(facts);
    expect(ranked.users.map((user) => user.rank)).toEqual(ranked.users.map((_, index) => index + 1));
    expect(ranked.users.find((user) => user.userId === verified.userId)).toMatchObject({
      verifiedPinCount: 2,
      travelDuration: { durationDays: 61, firstVisit: '2024-03-01', lastVisit: '2024-05-01' },
      tier: 'basic',
    });

    const sorted = async (sort: string, figure: (user: (typeof ranked.users)[number]) => number) => {
      const page = await board(viewer, `?sort=${sort}`);
      const figures = page.users.map(figure);
      expect(figures).toEqual([...figures].sort((a, b) => b - a));
      expect(page.users.map((user) => user.position)).toEqual(page.users.map((_, index) => index + 1));
      return page;
    };
    expect((await sorted('pins', (user) => user.pinCount)).users[0]!.userId).toBe(many.userId);
    expect((await sorted('verified', (user) => user.verifiedPinCount)).users[0]!.userId).toBe(
      verified.userId,
    );
    const byScore = await sorted('score', (user) => user.verificationScore);
    expect(byScore.users[0]!.userId).toBe(verified.userId);
    // Other sorts than the rule's give no rank: a position there is not a place on the leaderboard.
    expect(byScore.users.every((user) => user.rank === null)).toBe(true);
    expect((await sorted('countries', (user) => user.countryCount)).users.map((user) => user.userId)).toEqual(
      ranked.users.map((user) => user.userId),
    );

    // Pages of two, read one after another, give the same list without a gap or a repeat.
    const paged = [];
    for (let offset = 0; ; offset += 2) {
      const { users } = await board(viewer, `?limit=2&offset=${offset}`);
      paged.push(...users);
      if (users.length < 2) break;
    }
    expect(paged.map((user) => user.userId)).toEqual(ranked.users.map((user) => user.userId));

    // Each listed traveller sees their own rank; the viewer, not listed, has none.
    for (const [index, user] of [wide, verified, many, china].entries()) {
      const own = ranked.users.findIndex((entry) => entry.userId === user.userId);
      t.advance(USER_CACHE_TTL_MS + 1);
      await t.db.updateTable('users').set({ tier: 'standard' }).where('id', '=', user.userId).execute();
      t.advance(USER_CACHE_TTL_MS + 1);
      const seen = await board(user);
      expect(seen.currentUserRank, `rank of traveller ${index}`).toBe(own + 1);
      expect(seen.users.find((entry) => entry.userId === user.userId)?.isCurrentUser).toBe(true);
    }
    expect(ranked.currentUserRank).toBeNull();
  });

  it('totals the listed travellers: how many, the countries any of them reach, their pins and verified pins', async () => {
    const viewer = await traveller('standard');
    t.advance(TOTALS_TTL_MS);
    const before = (await board(viewer)).totals;
    const first = await traveller('free');
    const second = await traveller('free');
    const [lisbon] = await pinsAt(first, 'lisbon', 'hongKong');
    await pinsAt(second, 'beijing', 'lisbon', 'atSea');
    await verify(first, lisbon!.pinId, 60, '2023-01-01');
    const unlisted = await traveller('free');
    await pinsAt(unlisted, 'paris');
    await optIn(first);
    await optIn(second);

    // An opt-in reads the totals afresh; a pin made since is counted within TOTALS_TTL_MS.
    const third = await traveller('free');
    await optIn(third);
    const listedNow = await board(viewer);
    expect(listedNow.totals.activeTravelers - before.activeTravelers).toBe(3);
    await pinsAt(third, 'paris');
    expect((await board(viewer)).totals.pinsCreated).toBe(listedNow.totals.pinsCreated);
    t.advance(TOTALS_TTL_MS);
    expect((await board(viewer)).totals.pinsCreated).toBe(listedNow.totals.pinsCreated + 1);
    await optIn(third, false);
    const after = await board(viewer);
    expect(after.totalUsers).toBe(after.totals.activeTravelers);
    expect(after.totals.activeTravelers - before.activeTravelers).toBe(2);
    expect(after.totals.pinsCreated - before.pinsCreated).toBe(5);
    expect(after.totals.verifiedPins - before.verifiedPins).toBe(1);
    // Portugal and China (Hong Kong counts toward it) are reached by listed travellers by now; France only
    // by someone unlisted, so listing them adds it.
    const explored = after.totals.countriesExplored;
    await optIn(unlisted);
    t.advance(TOTALS_TTL_MS);
    const withFrance = (await board(viewer)).totals;
    const franceListedBefore = explored === withFrance.countriesExplored;
    expect(withFrance.countriesExplored).toBe(franceListedBefore ? explored : explored + 1);
    await optIn(unlisted, false);
    t.advance(TOTALS_TTL_MS);
    expect((await board(viewer)).totals.countriesExplored).toBe(explored);
  });

  it('shows one listed traveller’s countries, cities and timeline, and no e-mail anywhere', async () => {
    const viewer = await traveller('standard');
    const shown = await traveller('free', 'shown');
    const [arezzo, florence, hongKong, beijing] = await pinsAt(
      shown,
      'arezzo',
      'florence',
      'hongKong',
      'beijing',
    );
    await call('PUT', `/api/pins/${arezzo!.pinId}`, shown, { visitDate: '2022-07-01' });
    await call('PUT', `/api/pins/${florence!.pinId}`, shown, { visitDate: '2022-07-01' });
    await call('PUT', `/api/pins/${hongKong!.pinId}`, shown, { visitDate: '2023-02-10' });
    await t.db.updateTable('pins').set({ media_count: 4 }).where('id', '=', beijing!.pinId).execute();
    await optIn(shown);

    const res = await call('GET', `/api/leaderboard/user/${shown.userId}`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const details = LeaderboardUserDetails.parse(res.json());
    expect(details.user).toMatchObject({
      userId: shown.userId,
      displayName: 'shown',
      rank: expect.any(Number),
      stats: { totalCountries: 2, totalCities: 4, totalMedia: 0, totalUsedMB: 0 },
      countryCount: 2,
      travelDuration: { durationDays: 224, firstVisit: '2022-07-01', lastVisit: '2023-02-10' },
    });
    // Most media first (China's Beijing pin carries 4), then most pins (two in Italy).
    expect(details.countries.map((country) => country.countryCode)).toEqual(['CN', 'IT', 'HK']);
    expect(details.cities.map((city) => city.title).sort()).toEqual(
      // The gazetteer's town for the Hong Kong pin is Kowloon.
      ['Arezzo', 'Beijing', 'Florence', 'Kowloon'].sort(),
    );
    expect(details.timeline).toEqual([
      { date: '2023-02-10', places: ['Hong Kong'], mediaCount: 0 },
      { date: '2022-07-01', places: ['Arezzo', 'Florence'], mediaCount: 0 },
    ]);

    const everything = [res.body, (await call('GET', '/api/leaderboard?limit=100', viewer)).body].join('\n');
    for (const email of emails) expect(everything).not.toContain(email);
    expect(everything).not.toMatch(/@example\.com/);
  });

  it('shows a saved avatar’s render as the profile picture, and the account’s picture otherwise', async () => {
    const viewer = await traveller('standard');
    const setPicture = (user: SignedInUser, picture: string) =>
      t.db.updateTable('users').set({ picture }).where('id', '=', user.userId).execute();
    const saveAvatar = async (user: SignedInUser) => {
      const parts = { body: 'body-regular', skin: 'skin-olive', face: 'face-smile' };
      const res = await call('PUT', '/api/avatar', user, { parts });
      expect(res.statusCode, res.body).toBe(200);
    };
    // A render and an account picture: the render wins.
    const rendered = await traveller('standard');
    await setPicture(rendered, 'https://pictures.test/rendered.jpg');
    await saveAvatar(rendered);
    const render = png(2, 2);
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/avatar/image',
      headers: { authorization: `Bearer ${rendered.token}`, 'content-type': 'image/png' },
      payload: render,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    // The render as stored (the server encodes the bytes sent again): what the leaderboard links to.
    const stored = (await t.app.inject({ method: 'GET', url: upload.json().imageUrl as string })).rawPayload;
    // An avatar saved but never rendered: the account picture stays.
    const unrendered = await traveller('standard');
    await setPicture(unrendered, 'https://pictures.test/unrendered.jpg');
    await saveAvatar(unrendered);
    // Neither: no picture at all.
    const plain = await traveller('free');
    for (const user of [rendered, unrendered, plain]) {
      await pinsAt(user, 'lisbon');
      await optIn(user);
    }

    const pictureIn = async (user: SignedInUser) => {
      const listed = (await board(viewer, '?limit=100')).users.find((entry) => entry.userId === user.userId);
      const res = await call('GET', `/api/leaderboard/user/${user.userId}`, viewer);
      expect(res.statusCode, res.body).toBe(200);
      return {
        listed: listed?.profilePicture,
        details: LeaderboardUserDetails.parse(res.json()).user.profilePicture,
      };
    };
    const renderLinks = await pictureIn(rendered);
    for (const link of [renderLinks.listed, renderLinks.details]) {
      expect(link).toEqual(expect.any(String));
      const image = await t.app.inject({ method: 'GET', url: link! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(stored)).toBe(true);
    }
    expect(await pictureIn(unrendered)).toEqual({
      listed: 'https://pictures.test/unrendered.jpg',
      details: 'https://pictures.test/unrendered.jpg',
    });
    expect(await pictureIn(plain)).toEqual({ listed: null, details: null });

    // Links are signed for each answer and only for a render: over the same rows, a storage that records
    // what it signs is asked for the one render on every answer, and for nothing else.
    const signed: string[] = [];
    const recorded = new LeaderboardService({
      stats: travelStatsOver(t.db),
      details: travelerDetailsOver(t.db),
      storage: {
        createDownloadUrl: async (key) => {
          signed.push(key);
          return `signed:${key}`;
        },
      },
      now: () => Date.now(),
    });
    const reader = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', viewer.userId)
      .executeTakeFirstOrThrow();
    const { image_key: renderKey } = await t.db
      .selectFrom('avatars')
      .select('image_key')
      .where('user_id', '=', rendered.userId)
      .executeTakeFirstOrThrow();
    for (let answer = 1; answer <= 2; answer += 1) {
      const page = await recorded.list(reader, { sort: 'rank', limit: 100, offset: 0 });
      expect(page.users.find((entry) => entry.userId === rendered.userId)?.profilePicture).toBe(
        `signed:${renderKey}`,
      );
      expect(signed).toEqual(Array.from({ length: answer }, () => renderKey));
    }
    for (const user of [unrendered, plain]) await recorded.details(reader, user.userId);
    expect(signed).toHaveLength(2);
  });

  it('answers a traveller who did not opt in, or who opted out, exactly like an id that names nobody', async () => {
    const viewer = await traveller('standard');
    const leaving = await traveller('free');
    await pinsAt(leaving, 'tokyo');
    await optIn(leaving);
    expect((await call('GET', `/api/leaderboard/user/${leaving.userId}`, viewer)).statusCode).toBe(200);
    expect((await board(viewer, '?limit=100')).users.map((user) => user.userId)).toContain(leaving.userId);

    await optIn(leaving, false);
    const gone = await call('GET', `/api/leaderboard/user/${leaving.userId}`, viewer);
    const nobody = await call('GET', '/api/leaderboard/user/00000000-0000-4000-8000-000000000000', viewer);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(nobody.json());
    expect((await board(viewer, '?limit=100')).users.map((user) => user.userId)).not.toContain(
      leaving.userId,
    );
    const neverListed = await traveller('free');
    expect((await call('GET', `/api/leaderboard/user/${neverListed.userId}`, viewer)).json()).toEqual(
      nobody.json(),
    );
  });

  it('keeps the list and details for the plans with the leaderboard, and the opt-in for every plan', async () => {
    for (const tier of ['free', 'basic'] as const) {
      const user = await traveller(tier);
      // Opting in works on every plan; reading the list or anyone listed (themselves too) does not.
      await optIn(user);
      for (const url of ['/api/leaderboard', `/api/leaderboard/user/${user.userId}`]) {
        const res = await call('GET', url, user);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          error: { code: 'FEATURE_REQUIRED', message: planRequiredMessage('leaderboard') },
        });
      }
      await optIn(user, false);
    }
    expect((await call('GET', '/api/leaderboard', null)).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/leaderboard/settings', null, { showOnLeaderboard: true })).statusCode,
    ).toBe(401);
  });

  it('refuses unknown sorts and page sizes and offsets out of range with 400', async () => {
    const viewer = await traveller('standard');
    for (const query of [
      'sort=name',
      'sort=',
      'limit=0',
      'limit=-1',
      `limit=${LEADERBOARD_PAGE.maxSize + 1}`,
      'limit=99999999999999999999',
      'limit=2.5',
      'limit=',
      'offset=-1',
      `offset=${LEADERBOARD_PAGE.maxOffset + 1}`,
    ]) {
      const res = await call('GET', `/api/leaderboard?${query}`, viewer);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await board(viewer, `?limit=${LEADERBOARD_PAGE.maxSize}`)).users.length).toBeLessThanOrEqual(
      LEADERBOARD_PAGE.maxSize,
    );
  });

  it('counts every pin of a listed traveller made at the same moment', async () => {
    const viewer = await traveller('standard');
    const busy = await traveller('pro');
    await optIn(busy);
    const places = [
      'arezzo',
      'florence',
      'tokyo',
      'paris',
      'lisbon',
      'beijing',
      'hongKong',
      'taipei',
    ] as const;
    await Promise.all(places.map((place) => createPinAs(call, busy, PLACES[place])));
    const entry = (await board(viewer, '?limit=100')).users.find((user) => user.userId === busy.userId);
    // IT, JP, FR, PT, CN (Hong Kong with it); Taiwan counts toward none.
    expect(entry).toMatchObject({ pinCount: 8, countryCount: 5 });
  });
});

describe.each(testDialects())('progress figures on %s', (dialect) => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'progress' });

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  it('gives the same country count in the summary and in visited-count, with cities and achievements', async () => {
    const user = await newAccount();
    for (const place of ['arezzo', 'florence', 'hongKong', 'beijing', 'taipei', 'atSea'] as const) {
      await createPinAs(call, user, PLACES[place]);
    }
    const summary = (await call('GET', '/api/countries', user)).json();
    const visited = (await call('GET', '/api/countries/visited-count', user)).json();
    // Italy and China (Hong Kong with it); Taiwan and the sea count toward none.
    expect(summary.totalCountries).toBe(2);
    expect(visited).toEqual({ count: summary.totalCountries });
    // Five places with a town or region; the point at sea has none.
    expect(summary.totalCities).toBe(5);
    expect(summary.achievements).toEqual([
      { id: 'explorer', name: 'Explorer', countries: 1, earned: true },
      { id: 'wanderer', name: 'Wanderer', countries: 5, earned: false },
      { id: 'traveler', name: 'Traveler', countries: 10, earned: false },
    ]);
  });

  it('lets only plans with timelineView read the timeline of pins', async () => {
    const user = await newAccount();
    const locked = await call('GET', '/api/pins?timeline=true', user);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({
      error: { code: 'FEATURE_REQUIRED', message: planRequiredMessage('timelineView') },
    });
    expect((await call('GET', '/api/pins', user)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ tier: 'basic' }).where('id', '=', user.userId).execute();
    t.advance(USER_CACHE_TTL_MS + 1);
    expect((await call('GET', '/api/pins?timeline=true', user)).statusCode).toBe(200);
  });
});

/** The in-process queue with every rewrite of figures held until release(), and the rewrites counted. */
class HeldRefreshes extends InProcessQueue {
  readonly rewritten: string[] = [];
  readonly failures: string[] = [];
  private open: () => void = () => {};
  private readonly opened = new Promise<void>((resolve) => {
    this.open = resolve;
  });

  constructor() {
    super({
      log: {
        warn: (_object, message) => this.failures.push(message),
        error: (_object, message) => this.failures.push(message),
      },
    });
  }

  release(): void {
    this.open();
  }

  override start(handlers: JobHandlers): void {
    super.start({
      ...handlers,
      'progress.refresh': async (payload) => {
        await this.opened;
        this.rewritten.push(payload.userId);
        await handlers['progress.refresh'](payload);
      },
    });
  }
}

describe.each(testDialects())('figures rewritten by a job on %s', (dialect) => {
  const jobs = new HeldRefreshes();
  let t: TestApp;
  const newAccount = accountMaker(() => t, { label: 'burst' });

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { jobs });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers pin changes before the figures are rewritten, then rewrites them once for the burst', async () => {
    const user = await newAccount();
    const stats = travelStatsOver(t.db);
    const places = [PLACES.arezzo, PLACES.tokyo, PLACES.paris, PLACES.lisbon];
    // Straight to the routes, not through apiCaller, which waits for the jobs.
    for (const place of places) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pins',
        headers: { authorization: `Bearer ${user.token}` },
        payload: place,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Every pin is saved and answered while the rewrite still waits.
    expect(jobs.rewritten).toEqual([]);
    expect((await stats.find(user.userId))?.pin_count ?? 0).toBe(0);

    jobs.release();
    await t.jobsDone();
    expect(await stats.find(user.userId)).toMatchObject({ pin_count: 4, country_count: 4 });
    // The first change's job was already running when the others came; they shared one more.
    expect(jobs.rewritten).toEqual([user.userId, user.userId]);
    expect(jobs.failures).toEqual([]);
  });
});
