import { describe, expect, it } from 'vitest';
import {
  MEDIA_LIMITS,
  distanceKm,
  groupByLocation,
  hasCoordinates,
  mediaPerPinMessage,
  storageFullMessage,
  uploadFailedMessage,
  verifyMedia,
  verifyPin,
} from './media-rules.js';

const AREZZO = { lat: 43.4665, lng: 11.882 };

describe('distanceKm', () => {
  it('is the great-circle distance on a sphere of 6371 km', () => {
    // One degree of latitude is 6371 × π / 180 km.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((6371 * Math.PI) / 180, 6);
    expect(distanceKm({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(343.5, 0);
    expect(distanceKm(AREZZO, AREZZO)).toBe(0);
  });

  it('goes the short way across the antimeridian', () => {
    expect(distanceKm({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(22.24, 1);
  });
});

describe('hasCoordinates', () => {
  it('counts coordinates only when both are truthy, as SPEC §5 says', () => {
    expect(hasCoordinates({ lat: 43.4, lng: 11.8 })).toBe(true);
    expect(hasCoordinates({ lat: 0, lng: 0 })).toBe(false);
    expect(hasCoordinates({ lat: 0, lng: 11.8 })).toBe(false);
    expect(hasCoordinates(null)).toBe(false);
    expect(hasCoordinates(undefined)).toBe(false);
  });
});

describe('groupByLocation', () => {
  const at = (lat: number, lng: number) => ({ location: { lat, lng } });

  it('puts files within the distance into one group at their mean position', () => {
    const files = [at(43.4665, 11.882), at(43.4684, 11.8854), at(43.4645, 11.8792)];
    const groups = groupByLocation(files, (f) => f.location, 1, null);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.items).toEqual(files);
    expect(groups[0]!.centre.lat).toBeCloseTo((43.4665 + 43.4684 + 43.4645) / 3, 6);
    expect(groups[0]!.fallback).toBe(false);
  });

  it('starts a new group beyond the distance, so a smaller distance splits what a larger one joins', () => {
    // About 1.5 km apart.
    const files = [at(43.4665, 11.882), at(43.4665, 11.9005)];
    expect(groupByLocation(files, (f) => f.location, 1, null)).toHaveLength(2);
    expect(groupByLocation(files, (f) => f.location, 2, null)).toHaveLength(1);
  });

  it('sends files without GPS to one fallback group at the selected place, last', () => {
    const noGps = { location: null };
    const files = [noGps, at(40.44697, -3.72475), { location: { lat: 0, lng: 0 } }];
    const groups = groupByLocation(files, (f) => f.location, 1, AREZZO);
    expect(groups.map((g) => [g.fallback, g.items.length])).toEqual([
      [false, 1],
      [true, 2],
    ]);
    expect(groups[1]!.centre).toEqual(AREZZO);
  });

  it('drops files without GPS when there is no selected place (quick upload)', () => {
    expect(groupByLocation([{ location: null }], (f) => f.location, 1, null)).toEqual([]);
  });
});

describe('verification', () => {
  const full = {
    location: { lat: 43.4674, lng: 11.8851 },
    dateSource: 'original',
    cameraMake: 'NIKON',
    cameraModel: 'COOLPIX P6000',
  };

  it('gives 100 and verified to a dated camera photo taken at the pin', () => {
    expect(verifyMedia(full, AREZZO)).toEqual({
      status: 'verified',
      score: 100,
      hasLocationVerification: true,
    });
  });

  it('gives GPS far from the pin its 30 points but no verification', () => {
    const madrid = { ...full, location: { lat: 40.44697, lng: -3.72475 } };
    expect(verifyMedia(madrid, AREZZO)).toEqual({
      status: 'unverified',
      score: 70,
      hasLocationVerification: false,
    });
  });

  it('verifies up to 5 km from the pin and not beyond', () => {
    const kmPerDegree = (Math.PI * MEDIA_LIMITS.earthRadiusKm) / 180;
    const near = { ...full, location: { lat: AREZZO.lat + 4.9 / kmPerDegree, lng: AREZZO.lng } };
    const far = { ...full, location: { lat: AREZZO.lat + 5.1 / kmPerDegree, lng: AREZZO.lng } };
    expect(verifyMedia(near, AREZZO).hasLocationVerification).toBe(true);
    expect(verifyMedia(far, AREZZO).hasLocationVerification).toBe(false);
  });

  it("does not count a file's last-modified time as a capture date, nor a make without a model", () => {
    const weak = { location: null, dateSource: 'file', cameraMake: 'Apple', cameraModel: null };
    expect(verifyMedia(weak, AREZZO)).toEqual({
      status: 'unverified',
      score: 0,
      hasLocationVerification: false,
    });
    expect(verifyMedia({ ...weak, dateSource: 'creation' }, AREZZO).score).toBe(20);
  });

  it('makes a pin verified by any verified media, scored by its best', () => {
    expect(verifyPin([])).toEqual({ verificationStatus: 'unverified', verificationScore: 0 });
    const unverified = { status: 'unverified' as const, score: 40, hasLocationVerification: false };
    const verified = { status: 'verified' as const, score: 80, hasLocationVerification: true };
    expect(verifyPin([unverified])).toEqual({ verificationStatus: 'unverified', verificationScore: 40 });
    expect(verifyPin([unverified, verified])).toEqual({
      verificationStatus: 'verified',
      verificationScore: 80,
    });
  });
});

it("words a failed upload 'Upload failed: {status}'", () => {
  expect(uploadFailedMessage(503)).toBe('Upload failed: 503');
});

describe('limit messages after a move to a smaller plan', () => {
  it('say a file does not fit, or past the allowance that everything stored is kept', () => {
    expect(storageFullMessage('Wanderer', 1, 1000)).toBe(
      "This file does not fit in your Wanderer plan's 1 GB of storage. Delete some media or upgrade for more.",
    );
    expect(storageFullMessage('Wanderer', 1, 2048)).toBe(
      'You store 2 GB and your Wanderer plan includes 1 GB. Everything stored is kept; delete some media or upgrade to add more.',
    );
  });

  it('say the per-place limit, or past it that every photo and video is kept', () => {
    expect(mediaPerPinMessage('Wanderer', 10, 10)).toBe(
      'Your Wanderer plan allows 10 photos and videos per place. Upgrade to add more.',
    );
    expect(mediaPerPinMessage('Wanderer', 10, 25)).toBe(
      'This place has 25 photos and videos and your Wanderer plan allows 10 per place. All of them are kept; upgrade to add more.',
    );
  });
});
