// The leaderboard (SPEC.md §2 /leaderboard, §6, §7): travellers who opted in, ranked by the rule of
// packages/shared/src/progress-rules.ts. Reading it needs the leaderboard feature (standard and above);
// anyone may opt in or out. A traveller who did not opt in is answered exactly like an id that names
// nobody, and no answer carries an e-mail address.
import {
  ErrorCode,
  LEADERBOARD_PAGE,
  MEDIA_LIMITS,
  RANKING_KEYS,
  badgesFor,
  hasFeature,
  leaderboardName,
  planRequiredMessage,
  travelDurationDays,
  type LeaderboardResponse,
  type LeaderboardSettings,
  type LeaderboardSort,
  type LeaderboardTotals,
  type LeaderboardUser,
  type LeaderboardUserDetails,
  type RankedFacts,
  type TravelDuration,
} from '@waymarks/shared';
import type { ObjectStorage } from '../../adapters/storage/object-storage.js';
import { isId } from '../../common/ids.js';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { TravelerDetailsRepository } from './traveler-details.repository.js';
import type {
  LeaderboardRow,
  SortColumns,
  TravelStatsRepository,
  TravelStatsRow,
} from './travel-stats.repository.js';

/** The column of travel_stats each key of the ranking rule is stored in. */
const RANK_COLUMN: Readonly<Record<keyof RankedFacts, keyof TravelStatsRow>> = {
  countryCount: 'country_count',
  verificationScore: 'verification_score',
  pinCount: 'pin_count',
  signupAt: 'signup_at',
  userId: 'user_id',
};

/** The ranking rule as an ORDER BY: the shared RANKING_KEYS, column by column. */
const RANK_ORDER: SortColumns = RANKING_KEYS.map(({ key, direction }) => ({
  column: RANK_COLUMN[key],
  direction,
}));

/** Each sort puts its own figure first, then the ranking rule; each has an index of the same columns. */
const SORT_ORDER: Readonly<Record<LeaderboardSort, SortColumns>> = {
  rank: RANK_ORDER,
  countries: RANK_ORDER,
  pins: [{ column: 'pin_count', direction: 'desc' }, ...RANK_ORDER.filter((c) => c.column !== 'pin_count')],
  verified: [{ column: 'verified_pin_count', direction: 'desc' }, ...RANK_ORDER],
  score: [
    { column: 'verification_score', direction: 'desc' },
    ...RANK_ORDER.filter((c) => c.column !== 'verification_score'),
  ],
};

/** Sorts whose order is the ranking rule's, so a row's position is its rank. */
const RANK_SORTS: ReadonlySet<LeaderboardSort> = new Set(['rank', 'countries']);

/**
 * The four totals are the same for every reader and move slowly; summing 100,000 rows for each page view
 * is the largest part of its cost (bench/leaderboard). They are kept this long, and read afresh after an
 * opt-in or opt-out on this process; the list and the ranks are always read live. The totals carry no
 * avatar link, and the links in the list are signed for each answer, so nothing kept here can expire.
 */
export const TOTALS_TTL_MS = 10_000;

export const LEADERBOARD_MESSAGES = {
  notFound: 'Traveler not found',
} as const;

interface LeaderboardDeps {
  stats: TravelStatsRepository;
  details: TravelerDetailsRepository;
  /** Signs the links to saved avatars' renders, as the avatar's own answer does. */
  storage: Pick<ObjectStorage, 'createDownloadUrl'>;
  now: () => number;
}

export interface LeaderboardPageQuery {
  sort: LeaderboardSort;
  limit: number;
  offset: number;
}

export class LeaderboardService {
  private totals: { at: number; value: Promise<LeaderboardTotals> } | undefined;

  constructor(private readonly deps: LeaderboardDeps) {}

  /** The totals of the listed travellers, read at most once per TOTALS_TTL_MS by this process. */
  private listedTotals(): Promise<LeaderboardTotals> {
    const now = this.deps.now();
    if (!this.totals || now - this.totals.at >= TOTALS_TTL_MS) {
      const { stats } = this.deps;
      const value = Promise.all([stats.listedTotals(), stats.listedCountries()]).then(
        ([totals, countries]) => ({
          ...totals,
          countriesExplored: countries.length,
        }),
      );
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (this.totals?.value === value) this.totals = undefined;
      });
      this.totals = { at: now, value };
    }
    return this.totals.value;
  }

  async list(user: UserRow, query: LeaderboardPageQuery): Promise<LeaderboardResponse> {
    requireLeaderboard(user);
    const { stats } = this.deps;
    const limit = Math.min(query.limit, LEADERBOARD_PAGE.maxSize);
    const [rows, totals, own] = await Promise.all([
      stats.listed(SORT_ORDER[query.sort], limit, query.offset),
      this.listedTotals(),
      stats.find(user.id),
    ]);
    const listed = own?.show_on_leaderboard === 1;
    const ranked = RANK_SORTS.has(query.sort);
    const [pictures, currentUserRank] = await Promise.all([
      Promise.all(rows.map((row) => this.profilePicture(row))),
      listed ? stats.rankOf(own) : null,
    ]);
    return {
      users: rows.map((row, index) => {
        const position = query.offset + index + 1;
        return toLeaderboardUser(row, {
          position,
          rank: ranked ? position : null,
          profilePicture: pictures[index]!,
          isCurrentUser: row.user_id === user.id,
        });
      }),
      totalUsers: totals.activeTravelers,
      currentUserRank,
      totals,
    };
  }

  async details(user: UserRow, id: string): Promise<LeaderboardUserDetails> {
    const { stats, details } = this.deps;
    // Who is listed first: a traveller who did not opt in is 404 whatever the plan, like nobody at all.
    const row = isId(id) ? await stats.findListed(id) : undefined;
    if (!row) throw notFound(LEADERBOARD_MESSAGES.notFound);
    requireLeaderboard(user);
    const [rank, countries, cities, timeline, usedMB, profilePicture] = await Promise.all([
      stats.rankOf(row),
      details.countries(id),
      details.cities(id),
      details.timeline(id),
      details.usedMB(id, this.deps.now()),
      this.profilePicture(row),
    ]);
    return {
      user: {
        userId: row.user_id,
        displayName: leaderboardName(row),
        tier: tierOf(row),
        profilePicture,
        rank,
        stats: {
          totalCountries: row.country_count,
          totalCities: row.city_count,
          totalMedia: row.media_count,
          totalUsedMB: usedMB,
        },
        countryCount: row.country_count,
        pinCount: row.pin_count,
        verifiedPinCount: row.verified_pin_count,
        verificationScore: row.verification_score,
        travelDuration: travelDuration(row),
        badges: badgesFor(facts(row)),
      },
      countries,
      cities,
      timeline,
    };
  }

  async settings(user: UserRow): Promise<LeaderboardSettings> {
    const row = await this.deps.stats.find(user.id);
    return { showOnLeaderboard: row?.show_on_leaderboard === 1 };
  }

  async updateSettings(user: UserRow, settings: LeaderboardSettings): Promise<LeaderboardSettings> {
    await this.deps.stats.setListed(user.id, settings.showOnLeaderboard, this.deps.now());
    // Who is listed changed: this process reads the totals afresh (others within TOTALS_TTL_MS).
    this.totals = undefined;
    return this.settings(user);
  }

  /**
   * The saved avatar's render where there is one, else the account's picture (or none). The link is made
   * here, for this answer only, and lives as long as the avatar's own link to it.
   */
  private async profilePicture(row: LeaderboardRow): Promise<string | null> {
    if (!row.avatar_image_key) return row.picture;
    return this.deps.storage.createDownloadUrl(row.avatar_image_key, {
      expiresInSeconds: MEDIA_LIMITS.viewUrlSeconds,
      disposition: 'inline',
      contentType: 'image/png',
    });
  }
}

function requireLeaderboard(user: UserRow): void {
  if (!hasFeature(tierOf(user), 'leaderboard')) {
    throw new AppError(403, ErrorCode.featureRequired, planRequiredMessage('leaderboard'));
  }
}

const facts = (row: TravelStatsRow) => ({
  countryCount: row.country_count,
  pinCount: row.pin_count,
  verifiedPinCount: row.verified_pin_count,
  verifiedCountryCount: row.verified_country_count,
  verificationScore: row.verification_score,
  mediaCount: row.media_count,
  cameraDatedMediaCount: row.camera_dated_media_count,
  gpsVerifiedMediaCount: row.gps_verified_media_count,
});

const travelDuration = (row: TravelStatsRow): TravelDuration => ({
  durationDays: travelDurationDays(row.first_visit, row.last_visit),
  firstVisit: row.first_visit,
  lastVisit: row.last_visit,
});

function toLeaderboardUser(
  row: LeaderboardRow,
  entry: Pick<LeaderboardUser, 'position' | 'rank' | 'profilePicture' | 'isCurrentUser'>,
): LeaderboardUser {
  const { position, rank, profilePicture, isCurrentUser } = entry;
  return {
    position,
    rank,
    userId: row.user_id,
    displayName: leaderboardName(row),
    tier: tierOf(row),
    profilePicture,
    countryCount: row.country_count,
    pinCount: row.pin_count,
    verifiedPinCount: row.verified_pin_count,
    verificationScore: row.verification_score,
    signupDate: new Date(row.signup_at).toISOString(),
    travelDuration: travelDuration(row),
    badges: badgesFor(facts(row)),
    isCurrentUser,
  };
}
