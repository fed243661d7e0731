import { describe, expect, it } from 'vitest';
import { COUNTED_STATES } from '../geo.js';
import { AVATAR_CATEGORIES, AVATAR_SUBCATEGORIES, avatarItems, type AvatarItem } from './catalog.js';
import { isUnlocked, unlockHint, wearableRarities, type AvatarFigures } from './unlocks.js';

const item = (id: string): AvatarItem => {
  const found = avatarItems().find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};
const figures = (changes: Partial<AvatarFigures> = {}): AvatarFigures => ({
  countries: [],
  continents: 0,
  verifiedPins: 0,
  ...changes,
});

describe('the avatar wardrobe', () => {
  it('lists exactly the subcategories its parts use', () => {
    const used = new Set(avatarItems().map((candidate) => candidate.subcategory));
    expect([...used].sort()).toEqual([...AVATAR_SUBCATEGORIES]);
  });

  it('names every part by a unique id', () => {
    const ids = avatarItems().map((candidate) => candidate.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lets a new traveller dress a whole figure: every category but flags has parts from the start', () => {
    for (const category of AVATAR_CATEGORIES.filter((c) => c !== 'flag')) {
      const start = avatarItems().filter((c) => c.category === category && c.unlock.kind === 'start');
      expect(start.length, category).toBeGreaterThan(0);
      expect(
        start.every((c) => c.rarity === 'common'),
        category,
      ).toBe(true);
    }
  });

  it('has a flag for each of the 195 states, unlocked by visiting it', () => {
    const flags = avatarItems().filter((c) => c.category === 'flag');
    expect(flags).toHaveLength(195);
    expect(flags.map((flag) => flag.unlock)).toEqual(
      [...COUNTED_STATES].sort().map((country) => ({ kind: 'country', country })),
    );
    expect(item('flag-fr').name).toBe('Flag of France');
    expect(unlockHint(item('flag-jp'))).toBe('Visit Japan');
  });

  it('unlocks parts by countries, continents, verified pins and achievements', () => {
    const none = figures();
    const traveller = figures({
      countries: ['FR', 'DE', 'IT', 'ES', 'PT'],
      continents: 2,
      verifiedPins: 1,
    });
    for (const [id, hint] of [
      ['hair-braids', 'Visit 5 countries'],
      ['top-parka', 'Visit 2 continents'],
      ['accessory-camera', 'Verify 1 pin with photo GPS'],
      ['headwear-explorer-hat', 'Earn the Wanderer achievement'],
      ['flag-pt', 'Visit Portugal'],
    ] as const) {
      expect(isUnlocked(item(id), none), id).toBe(false);
      expect(isUnlocked(item(id), traveller), id).toBe(true);
      expect(unlockHint(item(id))).toBe(hint);
    }
    expect(isUnlocked(item('headwear-pilot-cap'), traveller)).toBe(false);
    expect(unlockHint(item('headwear-pilot-cap'))).toBe('Earn the Traveler achievement');
    expect(isUnlocked(item('flag-jp'), traveller)).toBe(false);
    expect(isUnlocked(item('body-regular'), none)).toBe(true);
  });

  it('lets each plan wear rarities up to its customisation level, and free none', () => {
    expect(wearableRarities('free')).toEqual([]);
    expect(wearableRarities('basic')).toEqual(['common', 'uncommon']);
    expect(wearableRarities('standard')).toEqual(['common', 'uncommon', 'rare']);
    expect(wearableRarities('plus')).toEqual(['common', 'uncommon', 'rare', 'epic']);
    expect(wearableRarities('pro')).toEqual(['common', 'uncommon', 'rare', 'epic', 'legendary']);
  });
});
