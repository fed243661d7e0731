// Progress and the leaderboard (SPEC.md §2 /leaderboard, §6, §9 Profile and leaderboard): the ranking rule,
// the four badges and their thresholds, a traveller's verification score, the travel span and the
// leaderboard's sort keys and page sizes. The server ranks and awards with these; the page shows the same
// texts, so what the page explains is what the server does.

import { NEUTRAL_NAME } from './username-rules.js';

/** The facts about one traveller that ranking and badges are decided on, all kept by the server. */
export interface TravelerFacts {
  /** Toward the 195 (geo.ts): a territory counts toward its state, Taiwan toward none. */
  countryCount: number;
  pinCount: number;
  /** Pins with at least one photo or video whose GPS places it at the pin. */
  verifiedPinCount: number;
  /** Counted countries (as countryCount) among the verified pins. */
  verifiedCountryCount: number;
  /** 0 to 100: the mean of the pins' scores (a pin without media scores 0). */
  verificationScore: number;
  /** Ready photos and videos. */
  mediaCount: number;
  /** Media whose capture date came from the file's own metadata, not its last-modified time. */
  cameraDatedMediaCount: number;
  /** Media whose GPS placed them within the verification radius of their pin. */
  gpsVerifiedMediaCount: number;
}

/** The sort keys of GET /api/leaderboard (SPEC.md §9); 'rank' is the ranking rule itself. */
export const LEADERBOARD_SORTS = ['rank', 'countries', 'pins', 'verified', 'score'] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

export const LEADERBOARD_SORT_LABELS: Readonly<Record<LeaderboardSort, string>> = {
  rank: 'Rank',
  countries: 'Countries',
  pins: 'Pins',
  verified: 'Verified pins',
  score: 'Verification score',
};

export const LEADERBOARD_PAGE = { defaultSize: 50, maxSize: 100, maxOffset: 1_000_000 } as const;

/** SPEC.md §9, word for word: what the page says of the order. */
export const RANKING_RULE_TEXT = 'countries visited and verification score, with pins as tiebreaker';

/**
 * The ranking rule, the one place it is written: more countries first, then the higher verification
 * score, then more pins; travellers equal in all three are listed by who joined first, then by id, so the
 * order is total and a page never shows someone twice. The server's SQL orders by RANKING_KEYS, which is
 * this comparison column by column (a test holds the two together).
 */
export interface RankedFacts {
  countryCount: number;
  verificationScore: number;
  pinCount: number;
  /** Milliseconds since the epoch. */
  signupAt: number;
  userId: string;
}

export const RANKING_KEYS = [
  { key: 'countryCount', direction: 'desc' },
  { key: 'verificationScore', direction: 'desc' },
  { key: 'pinCount', direction: 'desc' },
  { key: 'signupAt', direction: 'asc' },
  { key: 'userId', direction: 'asc' },
] as const satisfies readonly { key: keyof RankedFacts; direction: 'asc' | 'desc' }[];

/** Negative when `a` ranks above `b`. */
export function compareTravelers(a: RankedFacts, b: RankedFacts): number {
  for (const { key, direction } of RANKING_KEYS) {
    const left = a[key];
    const right = b[key];
    if (left === right) continue;
    const ascending = left < right ? -1 : 1;
    return direction === 'asc' ? ascending : -ascending;
  }
  return 0;
}

/** On the leaderboard a traveller shows verified when their score is above 0 (SPEC.md §4). */
export const isVerifiedTraveler = (facts: Pick<TravelerFacts, 'verificationScore'>): boolean =>
  facts.verificationScore > 0;

/** A traveller's score: the mean of their pins' scores, rounded; 0 without pins. */
export function travelerVerificationScore(pinScoreSum: number, pinCount: number): number {
  return pinCount > 0 ? Math.round(pinScoreSum / pinCount) : 0;
}

export const BADGE_IDS = [
  'authenticTraveler',
  'verifiedExplorer',
  'timestampMaster',
  'locationExpert',
] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

export interface BadgeRule {
  id: BadgeId;
  name: string;
  /** The threshold as the page states it. */
  rule: string;
  earned: (facts: TravelerFacts) => boolean;
}

/** Thresholds of the badges (SPEC.md §9 names them; these numbers are Waymarks' own). */
export const BADGE_THRESHOLDS = {
  authenticTraveler: { verifiedPins: 3, score: 50 },
  verifiedExplorer: { verifiedCountries: 5 },
  timestampMaster: { media: 20, cameraDatedShare: 0.9 },
  locationExpert: { gpsVerifiedMedia: 50 },
} as const;

const T = BADGE_THRESHOLDS;

export const BADGES: readonly BadgeRule[] = [
  {
    id: 'authenticTraveler',
    name: 'Authentic Traveler',
    rule: `At least ${T.authenticTraveler.verifiedPins} verified pins and a verification score of ${T.authenticTraveler.score} or more`,
    earned: (f) =>
      f.verifiedPinCount >= T.authenticTraveler.verifiedPins &&
      f.verificationScore >= T.authenticTraveler.score,
  },
  {
    id: 'verifiedExplorer',
    name: 'Verified Explorer',
    rule: `Verified pins in at least ${T.verifiedExplorer.verifiedCountries} countries`,
    earned: (f) => f.verifiedCountryCount >= T.verifiedExplorer.verifiedCountries,
  },
  {
    id: 'timestampMaster',
    name: 'Timestamp Master',
    rule: `At least ${T.timestampMaster.media} photos and videos, ${T.timestampMaster.cameraDatedShare * 100}% of them dated by the camera`,
    earned: (f) =>
      f.mediaCount >= T.timestampMaster.media &&
      f.cameraDatedMediaCount >= f.mediaCount * T.timestampMaster.cameraDatedShare,
  },
  {
    id: 'locationExpert',
    name: 'Location Expert',
    rule: `At least ${T.locationExpert.gpsVerifiedMedia} photos and videos whose GPS confirms their place`,
    earned: (f) => f.gpsVerifiedMediaCount >= T.locationExpert.gpsVerifiedMedia,
  },
];

export function badgesFor(facts: TravelerFacts): Record<BadgeId, boolean> {
  return Object.fromEntries(BADGES.map((badge) => [badge.id, badge.earned(facts)])) as Record<
    BadgeId,
    boolean
  >;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from the first visit to the last (YYYY-MM-DD); 0 without dates or with one. */
export function travelDurationDays(firstVisit: string | null, lastVisit: string | null): number {
  if (!firstVisit || !lastVisit) return 0;
  return Math.round((Date.parse(`${lastVisit}T00:00:00Z`) - Date.parse(`${firstVisit}T00:00:00Z`)) / DAY_MS);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** SPEC.md §9: under 30 days as days, under 365 as months (days / 30), else years. */
export function travelSpanText(days: number): string {
  if (days < 30) return plural(days, 'day');
  if (days < 365) return plural(Math.floor(days / 30), 'month');
  return plural(Math.floor(days / 365), 'year');
}

/** What the leaderboard shows for a traveller: username, else name; never anything from the e-mail. */
export function leaderboardName(user: { username: string | null; name: string }): string {
  return user.username?.trim() || user.name.trim() || NEUTRAL_NAME;
}
