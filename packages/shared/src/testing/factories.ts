// Contract objects for tests on either side, with sensible values and the fields a test cares about
// given as overrides. Imported as '@waymarks/shared/testing', never by application code.
import { MediaItem } from '../api/media.js';
import { Pin } from '../api/pins.js';
import type { User } from '../api/auth.js';
import { BillingState } from '../api/profile.js';

/** Ada, a verified traveller on the free plan, unless the overrides say otherwise. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    userId: 'u1',
    email: 'ada@example.com',
    name: 'Ada',
    username: null,
    picture: null,
    emailVerified: true,
    tier: 'free',
    signupDate: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

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

/** A photo of that pin whose thumbnail and preview are made, unverified, unless the overrides say otherwise. */
export function buildMediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  const mediaId = overrides.mediaId ?? 'm1';
  return MediaItem.parse({
    mediaId,
    pinId: buildPin().pinId,
    userId: 'u1',
    r2Key: `media/u1/${mediaId}/original`,
    contentType: 'image/jpeg',
    filename: `${mediaId}.jpg`,
    sizeMB: 1,
    sizeBytes: 1024 * 1024,
    uploadedAt: '2025-11-22T14:05:00.000Z',
    status: 'ready',
    isVideo: false,
    isImage: true,
    width: 4000,
    height: 3000,
    exifData: {
      dateTaken: null,
      dateSource: null,
      location: null,
      camera: 'Unknown',
      cameraMake: null,
      cameraModel: null,
    },
    verification: { status: 'unverified', score: 0, hasLocationVerification: false },
    thumbnailUrl: `/api/storage/object/${mediaId}-thumb.webp`,
    previewUrl: `/api/storage/object/${mediaId}-preview.webp`,
    streamUrl: null,
    refusal: null,
    caption: null,
    ...overrides,
  });
}

/** A Stripe subscription that is paid and renews on May 1, 2025, unless the overrides say otherwise. */
export function buildBillingState(overrides: Partial<BillingState> = {}): BillingState {
  return BillingState.parse({
    mode: 'stripe',
    subscriptionStatus: 'active',
    trialEndsAt: null,
    currentPeriodEnd: '2025-05-01T00:00:00Z',
    cancelAtPeriodEnd: false,
    portalAvailable: true,
    trialDays: 0,
    ...overrides,
  });
}
