// The travel figures of a traveller (SPEC.md §5 countries visited, §6 verification), computed here and
// nowhere else: from their pins tallied per country code (TravellerPins.countryTallies), which codes
// count toward which of the 195 (packages/shared/src/geo.ts) and which pins are verified. The countries
// page, the leaderboard's stored figures and the avatar's unlocks all read them from here.
import { countedStates, travelerVerificationScore } from '@waymarks/shared';

/** One traveller's pins of one country code, as the database summed them. */
export interface CountryTally {
  userId: string;
  countryCode: string;
  pins: number;
  /** Pins whose verification status is 'verified'. */
  verifiedPins: number;
  /** Sum of the pins' verification scores. */
  scoreSum: number;
  /** Earliest and latest visit date (YYYY-MM-DD) among the pins; null when none is dated. */
  firstVisit: string | null;
  lastVisit: string | null;
}

export interface TravelFigures {
  /** The states of the 195 the pins reach: countries visited. */
  countries: ReadonlySet<string>;
  /** The states reached by at least one verified pin. */
  verifiedCountries: ReadonlySet<string>;
  pinCount: number;
  verifiedPinCount: number;
  /** The traveller's verification score: the mean of their pins' scores, rounded. */
  verificationScore: number;
  firstVisit: string | null;
  lastVisit: string | null;
}

/** Where another module reads a traveller's figures (the countries module's repository answers). */
export interface TravelFiguresOf {
  figures(userId: string): Promise<TravelFigures>;
}

/** The figures of one traveller from their tallies (every row theirs, any order). */
export function travelFigures(tallies: readonly CountryTally[]): TravelFigures {
  const pinCount = tallies.reduce((sum, row) => sum + row.pins, 0);
  const visits = tallies.flatMap((row) => [row.firstVisit, row.lastVisit]).filter((day) => day !== null);
  visits.sort();
  return {
    countries: countedStates(tallies.map((row) => row.countryCode)),
    verifiedCountries: countedStates(
      tallies.filter((row) => row.verifiedPins > 0).map((row) => row.countryCode),
    ),
    pinCount,
    verifiedPinCount: tallies.reduce((sum, row) => sum + row.verifiedPins, 0),
    verificationScore: travelerVerificationScore(
      tallies.reduce((sum, row) => sum + row.scoreSum, 0),
      pinCount,
    ),
    firstVisit: visits[0] ?? null,
    lastVisit: visits.at(-1) ?? null,
  };
}
