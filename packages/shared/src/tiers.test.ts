import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER, TIERS, TIER_IDS, UNLIMITED, getTier, isTierId, tierRank } from './tiers.js';

// SPEC.md §9 tier table, written out by hand so a change to TIERS has to be a change to the spec too.
const SPEC_TIERS = [
  { id: 'free', name: 'Wanderer', price: 0, storageGB: 1, maxPins: 10, maxMediaPerPin: 10 },
  { id: 'basic', name: 'Adventurer', price: 4.99, storageGB: 25, maxPins: 100, maxMediaPerPin: 25 },
  { id: 'standard', name: 'Explorer', price: 9.99, storageGB: 100, maxPins: 500, maxMediaPerPin: 50 },
  { id: 'plus', name: 'Pathfinder', price: 19.99, storageGB: 500, maxPins: -1, maxMediaPerPin: 100 },
  { id: 'pro', name: 'Cartographer', price: 39.99, storageGB: 2000, maxPins: -1, maxMediaPerPin: -1 },
] as const;

describe('tier table (SPEC.md §9)', () => {
  it('lists the five tiers in ladder order free, basic, standard, plus, pro', () => {
    expect(TIER_IDS).toEqual(['free', 'basic', 'standard', 'plus', 'pro']);
    expect(TIERS.map((tier) => tier.id)).toEqual([...TIER_IDS]);
  });

  it.each(SPEC_TIERS)(
    '$id is $name at $price with $storageGB GB, $maxPins pins, $maxMediaPerPin media per pin',
    (row) => {
      expect(getTier(row.id)).toMatchObject(row);
    },
  );

  it('uses -1 for unlimited', () => {
    expect(UNLIMITED).toBe(-1);
  });

  it.each([
    ['free', 'Trial users, testing'],
    ['basic', 'Casual travelers'],
    ['standard', 'Regular use'],
    ['plus', 'Enthusiasts, digital nomads'],
    ['pro', 'Prosumer'],
  ] as const)('%s targets the audience "%s" (SPEC.md §2)', (id, audience) => {
    expect(getTier(id).audience).toBe(audience);
  });

  it('flags only the standard tier as popular', () => {
    expect(TIERS.filter((tier) => tier.popular).map((tier) => tier.id)).toEqual(['standard']);
  });

  it('defaults new users to the free tier', () => {
    expect(DEFAULT_TIER).toBe('free');
  });
});

describe('tier helpers', () => {
  it('recognises exactly the five tier ids', () => {
    for (const id of TIER_IDS) expect(isTierId(id)).toBe(true);
    for (const value of ['Free', 'gold', '', undefined, null, 1, {}]) expect(isTierId(value)).toBe(false);
  });

  it('ranks tiers from free (0) to pro (4)', () => {
    expect(TIER_IDS.map(tierRank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('throws on an id that is not a tier', () => {
    expect(() => getTier('gold' as never)).toThrow('Unknown tier: gold');
  });
});
