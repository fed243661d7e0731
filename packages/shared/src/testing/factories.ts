// Contract objects for tests on either side, with sensible values and the fields a test cares about
// given as overrides. Imported as '@waymarks/shared/testing', never by application code.
import type { Pin } from '../api/pins.js';

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
  // Keys in the contract's order, and the title and country repeated under their second names in step.
  return {
    pinId: pin.pinId,
    title: pin.title,
    description: pin.description,
    lat: pin.lat,
    lng: pin.lng,
    mediaCount: pin.mediaCount,
    countryCode: pin.countryCode,
    countryName: pin.countryName,
    country: overrides.country ?? pin.countryName,
    visitDate: pin.visitDate,
    verificationStatus: pin.verificationStatus,
    verificationScore: pin.verificationScore,
    name: overrides.name ?? pin.title,
  };
}
