// GET and PUT /api/profile and the local plan changes (POST /api/tier-upgrade and friends), through the
// real app on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Profile, USERNAME_RESERVED_MESSAGE } from '@waymarks/shared';
import { uploadFixture } from '../../testing/uploads.js';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type TestApp,
} from '../../testing/test-app.js';

const BASEL = { lat: 47.5596, lng: 7.5886, title: 'Basel' };
const LISBON = { lat: 38.7223, lng: -9.1393, title: 'Lisbon' };

describe.each(testDialects())('the profile and plan changes on %s', (dialect) => {
  let t: TestApp;
  const call = apiCaller(() => t);
  const newAccount = accountMaker(() => t, { label: 'profile' });

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  it('shows the account, the plan, what it holds and that billing is local', async () => {
    const ada = await newAccount();
    const pin = await createPinAs(call, ada, BASEL);
    await createPinAs(call, ada, LISBON);
    await uploadFixture(t, call, ada, pin.pinId, 'photos/gps/DSCN0012.jpg', { contentType: 'image/jpeg' });

    const res = await call('GET', '/api/profile', ada);
    expect(res.statusCode).toBe(200);
    const profile = Profile.parse(res.json());
    const bytes = await t.db
      .selectFrom('media')
      .select('size_bytes')
      .where('user_id', '=', ada.userId)
      .execute();
    expect(bytes).toHaveLength(1);
    expect(profile).toMatchObject({
      userId: ada.userId,
      email: 'profile1@example.com',
      name: 'Ida Pfeiffer',
      username: null,
      tier: { current: 'free', name: 'Wanderer', price: 0, storageGB: 1 },
      pendingTierChange: null,
      usage: { mediaCount: 1, totalPins: 2, maxPins: 10 },
      billing: { mode: 'local', subscriptionStatus: 'none', portalAvailable: false },
    });
    expect(profile.usage.totalUsedMB).toBeCloseTo(bytes[0]!.size_bytes / 1024 / 1024, 2);
    expect(profile.usage.storageUsagePercentage).toBeCloseTo((profile.usage.totalUsedMB / 1024) * 100, 2);
    expect(JSON.stringify(res.json())).not.toMatch(/password|token_version|google_sub/);
  });

  it('changes the username, trimmed, unique without regard to case, and refuses bad ones', async () => {
    const [bea, cy] = [await newAccount(), await newAccount()];
    const saved = await call('PUT', '/api/profile', bea, { username: '  Bea_Travels-1  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().username).toBe('Bea_Travels-1');
    const taken = await call('PUT', '/api/profile', cy, { username: 'bea_travels-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({ code: 'USERNAME_TAKEN', message: 'Username is already taken' });
    // Keeping one's own name in another case is allowed.
    expect((await call('PUT', '/api/profile', bea, { username: 'BEA_TRAVELS-1' })).statusCode).toBe(200);
    for (const [username, message] of [
      ['b', 'Username must be at least 2 characters'],
      ['x'.repeat(50), 'Username must be less than 50 characters'],
      ['with space', 'Username can only contain letters, numbers, underscore, and hyphen'],
      ['   ', 'Username must be at least 2 characters'],
    ]) {
      const res = await call('PUT', '/api/profile', cy, { username });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const stored = await t.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', cy.userId)
      .executeTakeFirst();
    expect(stored?.username).toBeNull();
  });

  it('changes the name others see, trimmed, with the sign-up’s rules, alone or with the username', async () => {
    const hana = await newAccount();
    const saved = await call('PUT', '/api/profile', hana, { name: '  Hana Ito  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Hana Ito', username: null });
    expect((await call('GET', '/api/auth/me', hana)).json().name).toBe('Hana Ito');

    for (const [name, message] of [
      ['H', 'Name must be at least 2 characters'],
      ['   ', 'Name is required'],
      ['x'.repeat(201), 'Too long'],
    ] as const) {
      const res = await call('PUT', '/api/profile', hana, { name });
      expect([res.statusCode, res.json().error.message], name).toEqual([
        400,
        expect.stringContaining(message),
      ]);
    }
    // Nothing given changes nothing; both given change both.
    expect((await call('PUT', '/api/profile', hana, {})).json().name).toBe('Hana Ito');
    const both = await call('PUT', '/api/profile', hana, {
      name: 'Hana I.',
      username: `hana_${hana.userId.slice(0, 6)}`,
    });
    expect(both.json()).toMatchObject({ name: 'Hana I.', username: `hana_${hana.userId.slice(0, 6)}` });
    expect(both.json().googleOnly).toBe(false);
  });

  it('refuses usernames that pass for Waymarks or its staff, with separators and lookalikes too', async () => {
    const fay = await newAccount();
    for (const username of [
      'admin',
      'ad-min',
      'Way_Marks',
      'w4ymarks',
      'SUPPORT',
      'moderator',
      'staff_ana',
    ]) {
      const res = await call('PUT', '/api/profile', fay, { username });
      expect([res.statusCode, res.json().error.message], username).toEqual([400, USERNAME_RESERVED_MESSAGE]);
    }
    expect((await call('PUT', '/api/profile', fay, { username: 'badminton_fan' })).statusCode).toBe(200);
  });

  it('gives one of two travellers asking for the same name at once the name, the other a 409', async () => {
    const [dee, eve] = [await newAccount(), await newAccount()];
    const answers = await Promise.all([
      call('PUT', '/api/profile', dee, { username: 'same_moment' }),
      call('PUT', '/api/profile', eve, { username: 'Same_Moment' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const holders = await t.db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', 'same_moment')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('applies a plan change at once, limits and features with it, and refuses the current plan', async () => {
    const fay = await newAccount();
    const up = await call('POST', '/api/tier-upgrade', fay, { newTierId: 'standard' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({
      success: true,
      message: 'You have upgraded to the Explorer plan. It applies now.',
      redirectToCheckoutUrl: null,
      tier: 'standard',
      pendingTierChange: null,
    });
    // The very next request sees the new plan: the leaderboard needs standard.
    expect((await call('GET', '/api/leaderboard', fay)).statusCode).toBe(200);
    expect((await call('GET', '/api/profile', fay)).json().tier.current).toBe('standard');

    const same = await call('POST', '/api/tier-upgrade', fay, { newTierId: 'standard' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toEqual({ code: 'PLAN_UNCHANGED', message: 'You are already on this plan.' });

    const down = await call('POST', '/api/tier-upgrade', fay, { newTierId: 'free' });
    expect(down.json().message).toBe('You have moved to the Wanderer plan. It applies now.');
    expect((await call('GET', '/api/leaderboard', fay)).statusCode).toBe(403);
    const pending = await call('POST', '/api/process-pending-tier-change', fay);
    expect(pending.json()).toEqual({ processed: false, tier: 'free', pendingTierChange: null });
  });

  it('refuses an unknown plan and the billing portal, changing nothing', async () => {
    const gus = await newAccount();
    const unknown = await call('POST', '/api/tier-upgrade', gus, { newTierId: 'platinum' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Unknown plan: platinum. Choose one of the plans shown.');
    const portal = await call('POST', '/api/billing/portal', gus);
    expect(portal.statusCode).toBe(409);
    expect(portal.json().error.code).toBe('BILLING_NOT_CONFIGURED');
    const stored = await t.db
      .selectFrom('users')
      .select('tier')
      .where('id', '=', gus.userId)
      .executeTakeFirst();
    expect(stored?.tier).toBe('free');
  });
});
