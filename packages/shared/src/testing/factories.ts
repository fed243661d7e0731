// Contract objects for tests on either side, with sensible values and the fields a test cares about
// given as overrides. Imported as '@waymarks/shared/testing', never by application code.
import type { Pin } from '../api/pins.js';

/** A saved pin in Basel, unverified and without media, unless the overrides say otherwise. */
export function buildPin(overrides: Partial<Pin> = {}): Pin {
  const title = overrides.title ?? 'Basel';
  const countryName = overrides.countryName ?? 'Switzerland';
  return {
    pinId: '3f1c2a9e-0b7d-4c55-9a51-7c2f0e4d8b11',
    description: '',
    lat: 47.5596,
    lng: 7.5886,
    mediaCount: 0,
    countryCode: 'CH',
    visitDate: null,
    verificationStatus: 'unverified',
    verificationScore: 0,
    ...overrides,
    // The contract repeats the title and the country under a second name: kept in step.
    title,
    name: overrides.name ?? title,
    countryName,
    country: overrides.country ?? countryName,
  };
}
