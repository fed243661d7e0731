// The shared continent table (packages/shared/src/continents.ts) against country-coder's UN M49 regions.
import { isIn } from '@rapideditor/country-coder';
import { describe, expect, it } from 'vitest';
import {
  CONTINENTS,
  COUNTED_STATES,
  STATES_BY_CONTINENT,
  continentCount,
  continentOf,
} from '@waymarks/shared';

const M49: Readonly<Record<(typeof CONTINENTS)[number], readonly string[]>> = {
  Africa: ['002'],
  Asia: ['142'],
  Europe: ['150'],
  'North America': ['021', '013', '029'],
  Oceania: ['009'],
  'South America': ['005'],
};
/** Their country-coder feature includes territories in other regions: placed by their capital. */
const PLACED_BY_CAPITAL = ['DK', 'ES', 'FR', 'GB', 'NL', 'NO', 'RU', 'US'];

describe('continents of the 195 states', () => {
  it('gives each of the 195 exactly one continent', () => {
    const listed = CONTINENTS.flatMap((continent) => STATES_BY_CONTINENT[continent]);
    expect([...listed].sort()).toEqual([...COUNTED_STATES].sort());
  });

  it("agrees with country-coder's M49 region for every state not placed by its capital", () => {
    const disagreeing = CONTINENTS.flatMap((continent) =>
      STATES_BY_CONTINENT[continent]
        .filter((state) => !PLACED_BY_CAPITAL.includes(state))
        .filter((state) => !M49[continent].some((region) => isIn(state, region)))
        .map((state) => `${state} is not in ${continent}`),
    );
    expect(disagreeing).toEqual([]);
  });

  it.each([
    ['FR', 'Europe'],
    ['RU', 'Europe'],
    ['US', 'North America'],
    ['MX', 'North America'],
    ['CU', 'North America'],
    ['BR', 'South America'],
    ['EG', 'Africa'],
    ['TR', 'Asia'],
    ['FJ', 'Oceania'],
    ['PR', 'North America'],
    ['HK', 'Asia'],
  ])('puts %s in %s', (code, continent) => {
    expect(continentOf(code)).toBe(continent);
  });

  it('counts the continents a set of codes reaches, territories as their state, and XX as none', () => {
    expect(continentCount([])).toBe(0);
    expect(continentCount(['FR', 'DE', 'IT'])).toBe(1);
    expect(continentCount(['FR', 'JP', 'BR', 'HK', 'XX'])).toBe(3);
  });
});
