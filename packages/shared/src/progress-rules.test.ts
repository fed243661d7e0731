import { describe, expect, it } from 'vitest';
import {
  BADGES,
  BADGE_THRESHOLDS,
  badgesFor,
  compareTravelers,
  isVerifiedTraveler,
  leaderboardName,
  travelDurationDays,
  travelSpanText,
  travelerVerificationScore,
  type RankedFacts,
  type TravelerFacts,
} from './progress-rules.js';

const traveler = (overrides: Partial<RankedFacts>): RankedFacts => ({
  countryCount: 0,
  verificationScore: 0,
  pinCount: 0,
  signupAt: 0,
  userId: 'a',
  ...overrides,
});

const NOBODY: TravelerFacts = {
  countryCount: 0,
  pinCount: 0,
  verifiedPinCount: 0,
  verifiedCountryCount: 0,
  verificationScore: 0,
  mediaCount: 0,
  cameraDatedMediaCount: 0,
  gpsVerifiedMediaCount: 0,
};

describe('the ranking rule', () => {
  it('puts more countries first, whatever the score and pins', () => {
    const wide = traveler({ countryCount: 3 });
    const verified = traveler({ countryCount: 2, verificationScore: 100, pinCount: 50 });
    expect([verified, wide].sort(compareTravelers)).toEqual([wide, verified]);
  });

  it('breaks a tie in countries by verification score, then by pins', () => {
    const scored = traveler({ countryCount: 2, verificationScore: 40, pinCount: 1 });
    const many = traveler({ countryCount: 2, verificationScore: 0, pinCount: 9 });
    const few = traveler({ countryCount: 2, verificationScore: 0, pinCount: 3 });
    expect([few, many, scored].sort(compareTravelers)).toEqual([scored, many, few]);
  });

  it('lists travellers equal in all three by who joined first, then by id, so the order is total', () => {
    const early = traveler({ signupAt: 1, userId: 'z' });
    const lateA = traveler({ signupAt: 2, userId: 'a' });
    const lateB = traveler({ signupAt: 2, userId: 'b' });
    expect([lateB, lateA, early].sort(compareTravelers)).toEqual([early, lateA, lateB]);
    expect(compareTravelers(lateA, { ...lateA })).toBe(0);
  });
});

describe('a traveller’s verification score', () => {
  it('is the rounded mean of the pins’ scores, and 0 without pins', () => {
    expect(travelerVerificationScore(0, 0)).toBe(0);
    expect(travelerVerificationScore(180, 2)).toBe(90);
    expect(travelerVerificationScore(100, 3)).toBe(33);
    expect(travelerVerificationScore(200, 3)).toBe(67);
  });

  it('shows verified on the leaderboard only above 0', () => {
    expect(isVerifiedTraveler({ verificationScore: 0 })).toBe(false);
    expect(isVerifiedTraveler({ verificationScore: 1 })).toBe(true);
  });
});

describe('badges', () => {
  it('gives none to a traveller with nothing', () => {
    expect(badgesFor(NOBODY)).toEqual({
      authenticTraveler: false,
      verifiedExplorer: false,
      timestampMaster: false,
      locationExpert: false,
    });
  });

  it('awards each badge exactly at its threshold and not one below', () => {
    const T = BADGE_THRESHOLDS;
    const cases: [keyof typeof T, TravelerFacts, TravelerFacts][] = [
      [
        'authenticTraveler',
        {
          ...NOBODY,
          verifiedPinCount: T.authenticTraveler.verifiedPins,
          verificationScore: T.authenticTraveler.score,
        },
        {
          ...NOBODY,
          verifiedPinCount: T.authenticTraveler.verifiedPins,
          verificationScore: T.authenticTraveler.score - 1,
        },
      ],
      [
        'verifiedExplorer',
        { ...NOBODY, verifiedCountryCount: T.verifiedExplorer.verifiedCountries },
        { ...NOBODY, verifiedCountryCount: T.verifiedExplorer.verifiedCountries - 1 },
      ],
      [
        'timestampMaster',
        { ...NOBODY, mediaCount: 20, cameraDatedMediaCount: 18 },
        { ...NOBODY, mediaCount: 20, cameraDatedMediaCount: 17 },
      ],
      [
        'locationExpert',
        { ...NOBODY, gpsVerifiedMediaCount: T.locationExpert.gpsVerifiedMedia },
        { ...NOBODY, gpsVerifiedMediaCount: T.locationExpert.gpsVerifiedMedia - 1 },
      ],
    ];
    for (const [id, earned, missed] of cases) {
      expect(badgesFor(earned)[id], `${id} at its threshold`).toBe(true);
      expect(badgesFor(missed)[id], `${id} one below`).toBe(false);
    }
  });

  it('states each rule with its numbers, as the page shows it', () => {
    expect(BADGES.map((badge) => [badge.name, badge.rule])).toEqual([
      ['Authentic Traveler', 'At least 3 verified pins and a verification score of 50 or more'],
      ['Verified Explorer', 'Verified pins in at least 5 countries'],
      ['Timestamp Master', 'At least 20 photos and videos, 90% of them dated by the camera'],
      ['Location Expert', 'At least 50 photos and videos whose GPS confirms their place'],
    ]);
  });
});

describe('the travel span', () => {
  it('counts whole days from the first visit to the last, 0 without both', () => {
    expect(travelDurationDays(null, null)).toBe(0);
    expect(travelDurationDays('2024-03-01', null)).toBe(0);
    expect(travelDurationDays('2024-03-01', '2024-03-01')).toBe(0);
    // 2024 is a leap year.
    expect(travelDurationDays('2024-02-01', '2024-03-01')).toBe(29);
    expect(travelDurationDays('2023-03-26', '2023-03-27')).toBe(1);
  });

  it('reads as days under 30, months (days / 30) under 365, else years', () => {
    expect(travelSpanText(0)).toBe('0 days');
    expect(travelSpanText(1)).toBe('1 day');
    expect(travelSpanText(29)).toBe('29 days');
    expect(travelSpanText(30)).toBe('1 month');
    expect(travelSpanText(364)).toBe('12 months');
    expect(travelSpanText(365)).toBe('1 year');
    expect(travelSpanText(3 * 365 + 200)).toBe('3 years');
  });
});

describe('the name on the leaderboard', () => {
  it('is the username, else the name, and never falls back to anything from the e-mail', () => {
    expect(leaderboardName({ username: 'marco', name: 'Marco Polo' })).toBe('marco');
    expect(leaderboardName({ username: null, name: 'Marco Polo' })).toBe('Marco Polo');
    expect(leaderboardName({ username: '  ', name: '  ' })).toBe('Traveler');
  });
});
