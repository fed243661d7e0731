// The Leaderboard contract (SPEC.md §3 Leaderboard and User details, §7 Leaderboard): who opted in, ranked
// by the rule of progress-rules.ts. Nothing here carries an e-mail address.
import { z } from 'zod';
import { TOTAL_COUNTRIES } from '../geo.js';
import { BADGE_IDS, LEADERBOARD_PAGE, LEADERBOARD_SORTS } from '../progress-rules.js';
import { TIER_IDS } from '../tiers.js';

const count = z.number().int().min(0);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** A whole number from a query string, refusing an empty value, decimals and anything out of range. */
function queryInteger(min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number().int().min(min).max(max).default(fallback),
  );
}

export const LeaderboardQuery = z.object({
  sort: z
    .enum(LEADERBOARD_SORTS)
    .default('rank')
    .describe('rank (the ranking rule), countries, pins, verified or score'),
  limit: queryInteger(1, LEADERBOARD_PAGE.maxSize, LEADERBOARD_PAGE.defaultSize).describe(
    `Travellers per page, 1 to ${LEADERBOARD_PAGE.maxSize}`,
  ),
  offset: queryInteger(0, LEADERBOARD_PAGE.maxOffset, 0).describe('How many to skip'),
});
/** What the client sends (the schema's input types the numbers as unknown: they arrive as text). */
export type LeaderboardQuery = {
  sort?: (typeof LEADERBOARD_SORTS)[number];
  limit?: number;
  offset?: number;
};

export const TravelDuration = z
  .object({
    durationDays: count.describe('Days from the first visit date to the last'),
    firstVisit: isoDay.nullable(),
    lastVisit: isoDay.nullable(),
  })
  .describe('TravelDuration');
export type TravelDuration = z.infer<typeof TravelDuration>;

export const Badges = z
  .object(
    Object.fromEntries(BADGE_IDS.map((id) => [id, z.boolean()])) as Record<
      (typeof BADGE_IDS)[number],
      z.ZodBoolean
    >,
  )
  .describe('Badges');
export type Badges = z.infer<typeof Badges>;

export const LeaderboardUser = z
  .object({
    position: count.min(1).describe('Place in this list, in the order asked for'),
    rank: count
      .min(1)
      .nullable()
      .describe('Place by the ranking rule: given when the list is in that order (sort rank or countries)'),
    userId: z.string(),
    displayName: z.string().describe('Username, else name; never the e-mail'),
    tier: z.enum(TIER_IDS),
    profilePicture: z.string().nullable(),
    countryCount: count.max(TOTAL_COUNTRIES),
    pinCount: count,
    verifiedPinCount: count,
    verificationScore: count.max(100),
    signupDate: z.string().describe('ISO 8601'),
    travelDuration: TravelDuration,
    badges: Badges,
    isCurrentUser: z.boolean(),
  })
  .describe('LeaderboardUser');
export type LeaderboardUser = z.infer<typeof LeaderboardUser>;

export const LeaderboardTotals = z
  .object({
    activeTravelers: count.describe('Travellers on the leaderboard'),
    countriesExplored: count.max(TOTAL_COUNTRIES).describe('Of the 195, reached by any of them'),
    pinsCreated: count,
    verifiedPins: count,
  })
  .describe('LeaderboardTotals');
export type LeaderboardTotals = z.infer<typeof LeaderboardTotals>;

export const LeaderboardResponse = z
  .object({
    users: z.array(LeaderboardUser),
    totalUsers: count,
    currentUserRank: count
      .min(1)
      .nullable()
      .describe('null while the signed-in user is not on the leaderboard'),
    totals: LeaderboardTotals,
  })
  .describe('LeaderboardResponse');
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

export const LeaderboardUserParams = z.object({
  id: z.string().min(1).max(100).describe('A userId from the leaderboard'),
});

export const LeaderboardUserDetails = z
  .object({
    user: z.object({
      userId: z.string(),
      displayName: z.string(),
      tier: z.enum(TIER_IDS),
      profilePicture: z.string().nullable(),
      rank: count.min(1),
      stats: z.object({
        totalCountries: count.max(TOTAL_COUNTRIES),
        totalCities: count,
        totalMedia: count,
        totalUsedMB: z.number().min(0),
      }),
      countryCount: count.max(TOTAL_COUNTRIES),
      pinCount: count,
      verifiedPinCount: count,
      verificationScore: count.max(100),
      travelDuration: TravelDuration,
      badges: Badges,
    }),
    countries: z
      .array(z.object({ countryCode, countryName: z.string(), pinCount: count.min(1), mediaCount: count }))
      .describe('Most media first'),
    cities: z
      .array(
        z.object({
          title: z.string(),
          countryCode,
          countryName: z.string(),
          visitDate: isoDay.nullable(),
          mediaCount: count,
        }),
      )
      .describe('One entry per city, most recent visit first'),
    timeline: z
      .array(z.object({ date: isoDay, places: z.array(z.string()), mediaCount: count }))
      .describe('Visit dates, newest first, with the places of each'),
  })
  .describe('LeaderboardUserDetails');
export type LeaderboardUserDetails = z.infer<typeof LeaderboardUserDetails>;

export const LeaderboardSettings = z
  .strictObject({ showOnLeaderboard: z.boolean().describe('Off for a new account') })
  .describe('LeaderboardSettings');
export type LeaderboardSettings = z.infer<typeof LeaderboardSettings>;
