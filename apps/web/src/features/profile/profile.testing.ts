// Contract-shaped profile answers for the component tests, with the fields a test cares about given as
// overrides. Imported by tests only.
import {
  getTier,
  storagePercent,
  type BillingState,
  type CountriesSummary,
  type CountrySummary,
  type Profile,
  type TierId,
} from '@waymarks/shared';

export const LOCAL_BILLING: BillingState = {
  mode: 'local',
  subscriptionStatus: 'none',
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  portalAvailable: false,
  trialDays: 0,
};

/** A profile on `tier` with `usedMB` of storage in use and the counts given. */
export function buildProfile(
  tier: TierId = 'free',
  {
    usedMB = 0,
    totalPins = 0,
    mediaCount = 0,
    ...overrides
  }: Partial<Profile> & { usedMB?: number; totalPins?: number; mediaCount?: number } = {},
): Profile {
  const plan = getTier(tier);
  return {
    userId: 'user-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    username: 'ada',
    picture: null,
    googleOnly: false,
    signupDate: '2024-03-05T10:00:00.000Z',
    tier: { current: tier, name: plan.name, price: plan.price, storageGB: plan.storageGB },
    pendingTierChange: null,
    usage: {
      totalUsedMB: usedMB,
      storageUsagePercentage: storagePercent(usedMB, plan.storageGB),
      mediaCount,
      totalPins,
      maxPins: plan.maxPins,
    },
    billing: LOCAL_BILLING,
    ...overrides,
  };
}

export function buildCountry(code: string, name: string, totalSizeMB: number, pinCount = 1): CountrySummary {
  return { countryCode: code, countryName: name, pinCount, mediaCount: pinCount * 2, totalSizeMB };
}

export function buildCountries(countries: CountrySummary[]): CountriesSummary {
  return {
    totalCountries: countries.length,
    totalPins: countries.reduce((sum, each) => sum + each.pinCount, 0),
    totalMedia: countries.reduce((sum, each) => sum + each.mediaCount, 0),
    totalCities: countries.length,
    achievements: [],
    countries,
  };
}
