// Contract-shaped leaderboard answers for the component tests, with the fields a test cares about given
// as overrides. Imported by tests only.
import type { LeaderboardResponse, LeaderboardUser, LeaderboardUserDetails } from '@waymarks/shared';

const NO_BADGES = {
  authenticTraveler: false,
  verifiedExplorer: false,
  timestampMaster: false,
  locationExpert: false,
};

/** The traveller at place `n` by the ranking rule, named Traveler n. */
export function buildTraveler(n: number, overrides: Partial<LeaderboardUser> = {}): LeaderboardUser {
  return {
    position: n,
    rank: n,
    userId: `user-${n}`,
    displayName: `Traveler ${n}`,
    tier: 'standard',
    profilePicture: null,
    countryCount: Math.max(1, 40 - n),
    pinCount: 100 - n,
    verifiedPinCount: 10,
    verificationScore: 50,
    signupDate: '2024-01-15T10:00:00.000Z',
    travelDuration: { durationDays: 100, firstVisit: '2024-02-01', lastVisit: '2024-05-11' },
    badges: NO_BADGES,
    isCurrentUser: false,
    ...overrides,
  };
}

export function buildPage(
  users: LeaderboardUser[],
  overrides: Partial<LeaderboardResponse> = {},
): LeaderboardResponse {
  return {
    users,
    totalUsers: users.length,
    currentUserRank: users.find((user) => user.isCurrentUser)?.rank ?? null,
    totals: { activeTravelers: users.length, countriesExplored: 12, pinsCreated: 340, verifiedPins: 41 },
    ...overrides,
  };
}

export function buildDetails(
  user: LeaderboardUser,
  overrides: Partial<LeaderboardUserDetails> = {},
): LeaderboardUserDetails {
  return {
    user: {
      userId: user.userId,
      displayName: user.displayName,
      tier: user.tier,
      profilePicture: user.profilePicture,
      rank: user.rank ?? user.position,
      stats: { totalCountries: user.countryCount, totalCities: 3, totalMedia: 12, totalUsedMB: 2.5 },
      countryCount: user.countryCount,
      pinCount: user.pinCount,
      verifiedPinCount: user.verifiedPinCount,
      verificationScore: user.verificationScore,
      travelDuration: user.travelDuration,
      badges: user.badges,
    },
    countries: [],
    cities: [],
    timeline: [],
    ...overrides,
  };
}
