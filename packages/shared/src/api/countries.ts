// The Countries contract (SPEC.md §3 Countries summary, §7 Countries): /api/countries, a signed-in
// traveller's pins per country and the 'out of 195' figure (geo.ts has the rule).
import { z } from 'zod';
import { ACHIEVEMENT_IDS } from '../achievements.js';
import { TOTAL_COUNTRIES } from '../geo.js';

const count = z.number().int().min(0);

export const CountrySummary = z
  .object({
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .describe("ISO 3166-1 alpha-2 as on the pins: a territory keeps its own code (PR, HK); never 'XX'"),
    countryName: z.string(),
    pinCount: count.min(1),
    mediaCount: count,
    totalSizeMB: z.number().min(0).describe('Storage used by the media of these pins, in MB'),
  })
  .describe('CountrySummary');
export type CountrySummary = z.infer<typeof CountrySummary>;

const totalCountries = count
  .max(TOTAL_COUNTRIES)
  .describe('How many of the 195 the pins reach: a territory counts toward its state, Taiwan toward none');

export const CountriesSummary = z
  .object({
    totalCountries,
    totalPins: count.describe('Every pin of the user, at sea too'),
    totalMedia: count,
    totalCities: count.describe(
      'Distinct places by city name (locality, else region) and country, from the pins’ coordinates',
    ),
    achievements: z
      .array(
        z.object({
          id: z.enum(ACHIEVEMENT_IDS),
          name: z.string(),
          countries: count.describe('Countries toward the 195 needed to earn it'),
          earned: z.boolean(),
        }),
      )
      .describe('Explorer, Wanderer and Traveler (SPEC.md §9), earned on totalCountries'),
    countries: z
      .array(CountrySummary)
      .describe('Every visited country or territory, most pins first, then by code'),
  })
  .describe('CountriesSummary');
export type CountriesSummary = z.infer<typeof CountriesSummary>;

export const VisitedCountResponse = z.object({ count: totalCountries });
export type VisitedCountResponse = z.infer<typeof VisitedCountResponse>;
