import { describe, expect, it } from 'vitest';
import { achievementsFor } from './achievements.js';

function earned(countries: number): string[] {
  return achievementsFor(countries)
    .filter((achievement) => achievement.earned)
    .map((achievement) => achievement.name);
}

describe('achievementsFor', () => {
  it('earns nothing with no country', () => {
    expect(earned(0)).toEqual([]);
  });

  it('earns Explorer from the first country', () => {
    expect(earned(1)).toEqual(['Explorer']);
    expect(earned(4)).toEqual(['Explorer']);
  });

  it('adds Wanderer at 5 and Traveler at 10 countries', () => {
    expect(earned(5)).toEqual(['Explorer', 'Wanderer']);
    expect(earned(9)).toEqual(['Explorer', 'Wanderer']);
    expect(earned(10)).toEqual(['Explorer', 'Wanderer', 'Traveler']);
    expect(earned(195)).toEqual(['Explorer', 'Wanderer', 'Traveler']);
  });

  it('lists all three in order whether earned or not', () => {
    expect(achievementsFor(0).map((achievement) => achievement.id)).toEqual([
      'explorer',
      'wanderer',
      'traveler',
    ]);
  });
});
