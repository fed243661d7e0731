import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '@waymarks/shared';
import { buildPlace, buildPreview } from './imports.testing';
import { defaultSelection, pinRoom, placeKeysToCommit, summariseChoice, yearsVisited } from './selection';

// Largest stays first, as the preview sends them; b is already a pin.
const places = [
  buildPlace('a', { minutes: 9000 }),
  buildPlace('b', { minutes: 8000, pinId: 'pin-1' }),
  buildPlace('c', { minutes: 7000, countryCode: 'PT', countryName: 'Portugal' }),
  buildPlace('d', { minutes: 600 }),
];

describe('pinRoom', () => {
  it('is what the plan has left, never below nothing, and endless on an unlimited plan', () => {
    expect(pinRoom(10, 8)).toBe(2);
    expect(pinRoom(10, 12)).toBe(0);
    expect(pinRoom(UNLIMITED, 4000)).toBe(Infinity);
  });
});

describe('defaultSelection', () => {
  it('chooses the largest new places up to the room, passing over places already on the map', () => {
    expect([...defaultSelection(places, 2)]).toEqual(['a', 'c']);
  });

  it('chooses every new place when the plan is unlimited, and none when it is full', () => {
    expect([...defaultSelection(places, Infinity)]).toEqual(['a', 'c', 'd']);
    expect(defaultSelection(places, 0).size).toBe(0);
  });
});

describe('summariseChoice', () => {
  const preview = buildPreview(places, {
    countries: [
      { countryCode: 'FR', countryName: 'France', places: 3, isNew: false },
      { countryCode: 'PT', countryName: 'Portugal', places: 1, isNew: true },
      { countryCode: 'XX', countryName: 'At sea', places: 1, isNew: true },
    ],
  });

  it('counts only new places as new pins, and a matched one chosen takes no room', () => {
    const summary = summariseChoice(preview, new Set(['a', 'b']), 1);
    expect(summary).toEqual({ newPins: 1, overRoom: 0, newCountries: [] });
  });

  it('says how far a choice goes beyond the room', () => {
    expect(summariseChoice(preview, new Set(['a', 'c', 'd']), 1).overRoom).toBe(2);
  });

  it('names a new country only where a chosen place is, never the sea', () => {
    expect(summariseChoice(preview, new Set(['c']), 5).newCountries).toEqual(['Portugal']);
    expect(summariseChoice(preview, new Set(['a']), 5).newCountries).toEqual([]);
  });
});

describe('placeKeysToCommit', () => {
  it('sends the chosen places and those already on the map, in the preview order', () => {
    expect(placeKeysToCommit(places, new Set(['d', 'a']))).toEqual(['a', 'b', 'd']);
  });
});

describe('yearsVisited', () => {
  it('lists each year of a first or last visit once, oldest first, skipping places without dates', () => {
    expect(
      yearsVisited([
        buildPlace('a', { firstVisit: '2021-01-01', lastVisit: '2023-03-03' }),
        buildPlace('b', { firstVisit: '2019-05-03', lastVisit: '2019-06-01' }),
        buildPlace('c', { firstVisit: null, lastVisit: null }),
      ]),
    ).toEqual([2019, 2021, 2023]);
  });
});
