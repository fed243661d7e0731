// The avatar wardrobe API on SQLite and PostgreSQL: parts unlock from the traveller's own pins (countries,
// continents, verified pins, achievements, a flag per visited country), the plan decides what can be worn,
// and the filters narrow the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvatarItemsResponse, AvatarProgress, avatarItems } from '@waymarks/shared';
import {
  accountMaker,
  apiCaller,
  createPinAs,
  startTestApp,
  testDialects,
  type SignedInUser,
  type TestApp,
} from '../../testing/test-app.js';
import { USER_CACHE_TTL_MS } from '../auth/users.repository.js';

describe.each(testDialects())('the avatar wardrobe on %s', (dialect) => {
  let t: TestApp;
  const signedInUser = accountMaker(() => t, { label: 'dresser', subnet: '10.9.3' });
  const call = apiCaller(() => t);

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const items = async (user: SignedInUser, query = '') => {
    const res = await call('GET', `/api/avatar/items${query}`, user);
    expect(res.statusCode).toBe(200);
    return AvatarItemsResponse.parse(res.json()).items;
  };
  const progress = async (user: SignedInUser) => {
    const res = await call('GET', '/api/avatar/progress', user);
    expect(res.statusCode).toBe(200);
    return AvatarProgress.parse(res.json());
  };
  const setTier = async (user: SignedInUser, tier: string) => {
    await t.db.updateTable('users').set({ tier }).where('id', '=', user.userId).execute();
    t.advance(USER_CACHE_TTL_MS + 1);
  };

  it('gives a new free traveller the parts to start with, none of them wearable on free', async () => {
    const ada = await signedInUser();
    const all = await items(ada);
    expect(all).toHaveLength(avatarItems().length);
    const unlocked = all.filter((item) => item.unlocked);
    expect(unlocked.length).toBeGreaterThan(0);
    expect(unlocked.every((item) => item.unlockHint === 'Available from the start')).toBe(true);
    expect(all.some((item) => item.wearable)).toBe(false);
    expect(all.find((item) => item.id === 'flag-fr')).toMatchObject({
      unlocked: false,
      unlockHint: 'Visit France',
    });
    expect(await progress(ada)).toMatchObject({
      countriesVisited: 0,
      continentsVisited: 0,
      verifiedPins: 0,
      unlockedCount: unlocked.length,
      totalCount: all.length,
      customizationLevel: null,
    });
  });

  it('unlocks from the traveller’s own pins, and lets the plan wear up to its level', async () => {
    const ben = await signedInUser();
    const other = await signedInUser();
    await setTier(ben, 'basic');
    const paris = await createPinAs(call, ben, { lat: 48.8566, lng: 2.3522, title: 'Paris' });
    await createPinAs(call, ben, { lat: 52.52, lng: 13.405, title: 'Berlin' });
    await createPinAs(call, ben, { lat: 35.6762, lng: 139.6503, title: 'Tokyo' });

    const flags = await items(ben, '?category=flag&unlocked=true');
    expect(flags.map((item) => item.id)).toEqual(['flag-de', 'flag-fr', 'flag-jp']);
    expect(flags.every((item) => item.wearable)).toBe(true);

    // Two continents unlock the parka, a rare part: the basic plan wears up to uncommon.
    const parka = (await items(ben, '?category=top')).find((item) => item.id === 'top-parka');
    expect(parka).toMatchObject({ unlocked: true, wearable: false, rarity: 'rare' });
    await setTier(ben, 'standard');
    expect((await items(ben, '?category=top')).find((item) => item.id === 'top-parka')?.wearable).toBe(true);

    expect((await items(ben, '?category=accessory')).find((i) => i.id === 'accessory-camera')?.unlocked).toBe(
      false,
    );
    await t.db
      .updateTable('pins')
      .set({ verification_status: 'verified' })
      .where('id', '=', paris.pinId)
      .execute();
    expect((await items(ben, '?category=accessory')).find((i) => i.id === 'accessory-camera')?.unlocked).toBe(
      true,
    );
    expect(await progress(ben)).toMatchObject({
      countriesVisited: 3,
      continentsVisited: 2,
      verifiedPins: 1,
      customizationLevel: 'full',
    });
    const achievements = (await call('GET', '/api/avatar/achievements', ben)).json().achievements;
    expect(achievements.map((a: { id: string; earned: boolean }) => [a.id, a.earned])).toEqual([
      ['explorer', true],
      ['wanderer', false],
      ['traveler', false],
    ]);
    const unlockedIds = (await call('GET', '/api/avatar/unlocked', ben)).json().itemIds as string[];
    expect(unlockedIds).toEqual(expect.arrayContaining(['flag-fr', 'top-parka', 'accessory-camera']));

    // Another traveller's pins unlock nothing for them.
    expect(await items(other, '?category=flag&unlocked=true')).toEqual([]);
    expect((await progress(other)).countriesVisited).toBe(0);
  });

  it('narrows by subcategory and rarity, and refuses an unknown category or rarity', async () => {
    const cleo = await signedInUser();
    const hats = await items(cleo, '?category=headwear&subcategory=hat');
    expect(hats.length).toBeGreaterThan(0);
    expect(hats.every((item) => item.category === 'headwear' && item.subcategory === 'hat')).toBe(true);
    const legendary = await items(cleo, '?rarity=legendary');
    expect(legendary.length).toBeGreaterThan(0);
    expect(legendary.every((item) => item.rarity === 'legendary' && !item.unlocked)).toBe(true);
    expect(await items(cleo, '?rarity=legendary&unlocked=true')).toEqual([]);
    for (const query of ['?category=wings', '?rarity=mythic', '?unlocked=yes', '?subcategory=helmet']) {
      expect((await call('GET', `/api/avatar/items${query}`, cleo)).statusCode, query).toBe(400);
    }
  });
});
