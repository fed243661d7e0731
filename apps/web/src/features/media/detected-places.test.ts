import { describe, expect, it } from 'vitest';
import { describePlaces, NO_PLACES } from './detected-places';

describe('describePlaces', () => {
  it('counts every place and names the few it has names for', () => {
    expect(describePlaces({ count: 6, names: ['Arezzo', 'Siena', 'Pisa'] })).toBe(
      '6 locations: Arezzo, Siena, Pisa and 3 more',
    );
  });

  it('names them all when there are no more', () => {
    expect(describePlaces({ count: 3, names: ['Arezzo', 'Siena', 'Pisa'] })).toBe(
      '3 locations: Arezzo, Siena, Pisa',
    );
    expect(describePlaces({ count: 1, names: ['Lisbon'] })).toBe('1 location: Lisbon');
  });

  it('says when no file carries a place', () => {
    expect(describePlaces(NO_PLACES)).toBe('No GPS location found');
  });
});
