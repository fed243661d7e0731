// Travel achievements by countries visited (SPEC.md §9): Explorer at 1 or more, Wanderer at 5 or more,
// Traveler at 10 or more. Countries are counted by the 195 rule (geo.ts).

export const ACHIEVEMENT_IDS = ['explorer', 'wanderer', 'traveler'] as const;
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number];

export interface Achievement {
  id: AchievementId;
  name: string;
  /** Countries needed to earn it. */
  countries: number;
}

export const ACHIEVEMENTS: readonly Achievement[] = [
  { id: 'explorer', name: 'Explorer', countries: 1 },
  { id: 'wanderer', name: 'Wanderer', countries: 5 },
  { id: 'traveler', name: 'Traveler', countries: 10 },
];

export interface AchievementProgress extends Achievement {
  earned: boolean;
}

/** Every achievement, each marked earned or not, for a number of visited countries. */
export function achievementsFor(visitedCountries: number): AchievementProgress[] {
  return ACHIEVEMENTS.map((achievement) => ({
    ...achievement,
    earned: visitedCountries >= achievement.countries,
  }));
}
