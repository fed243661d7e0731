// Contract objects for tests on either side, with sensible values and the fields a test cares about
// given as overrides. Imported as '@waymarks/shared/testing', never by application code.
import { Pin } from '../api/pins.js';

/** A saved pin in Basel, unverified and without media, unless the overrides say otherwise. */
export function buildPin(overrides: Partial<Pin> = {}): Pin {
  const pin = {
    pinId: '3f1c2a9e-0b7d-4c55-9a51-7c2f0e4d8b11',
    title: 'Basel',
    description: '',
    lat: 47.5596,
    lng: 7.5886,
    mediaCount: 0,
    countryCode: 'CH',
    countryName: 'Switzerland',
    visitDate: null,
    verificationStatus: 'unverified' as const,
    verificationScore: 0,
    ...overrides,
  };
  // The title and country repeated under their second names in step; the schema puts the keys in the
  // contract's order, and a field added to the contract without a value here fails every test that builds one.
  return Pin.parse({
    ...pin,
    country: overrides.country ?? pin.countryName,
    name: overrides.name ?? pin.title,
  });
}
