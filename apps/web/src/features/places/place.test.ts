import { describe, expect, it } from 'vitest';
import type { Pin } from '@waymarks/shared';
import { markerTitle, placeFromPin, placeFromReverse, placeStatusText, placeWhenLookupFails } from './place';
import { buildPin } from '@waymarks/shared/testing';

function pin(overrides: Partial<Pin> = {}): Pin {
  return buildPin({
    pinId: 'p1',
    title: 'Lisbon',
    lat: 38.72,
    lng: -9.14,
    mediaCount: 3,
    countryCode: 'PT',
    countryName: 'Portugal',
    ...overrides,
  });
}

describe('location dialog place', () => {
  it('says Saved with the media count for a pin and New location otherwise', () => {
    expect(placeStatusText(placeFromPin(pin()))).toBe('Saved • 3 media');
    expect(placeStatusText(placeWhenLookupFails(0, 0))).toBe('New location');
  });

  it('shows Unknown Location for a pin without a title', () => {
    expect(placeFromPin(pin({ title: '' })).name).toBe('Unknown Location');
  });

  it('names a clicked point by its town, else its region, else its country', () => {
    const found = { city: 'Sintra', region: 'Lisbon', countryCode: 'PT', countryName: 'Portugal' };
    expect(placeFromReverse(38.8, -9.4, found).name).toBe('Sintra');
    expect(placeFromReverse(38.8, -9.4, { ...found, city: 'Unknown City' }).name).toBe('Lisbon');
    expect(
      placeFromReverse(38.8, -9.4, { ...found, city: 'Unknown City', region: 'Unknown Location' }).name,
    ).toBe('Portugal');
  });

  it('calls a point at sea Unknown Location with country XX', () => {
    const atSea = placeFromReverse(30, -40, {
      city: 'Unknown City',
      region: 'Unknown Location',
      countryCode: 'XX',
      countryName: 'Unknown',
    });
    expect(atSea).toMatchObject({ name: 'Unknown Location', countryCode: 'XX', countryName: 'Unknown' });
    expect(placeWhenLookupFails(1, 2)).toMatchObject({ countryCode: 'XX', countryName: 'Unknown' });
  });

  it('adds ✓ Verified to the marker title of a verified pin only, on plans with verification badges', () => {
    expect(markerTitle(pin({ verificationStatus: 'verified' }), true)).toBe('Lisbon ✓ Verified');
    expect(markerTitle(pin({ verificationStatus: 'processing' }), true)).toBe('Lisbon');
    expect(markerTitle(pin({ verificationStatus: 'verified' }), false)).toBe('Lisbon');
  });
});
