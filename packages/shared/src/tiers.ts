// The tier table of SPEC.md §9: the one place prices, allowances and limits are written down.

export const TIER_IDS = ['free', 'basic', 'standard', 'plus', 'pro'] as const;
export type TierId = (typeof TIER_IDS)[number];

/** The plans that are paid for, each a subscription price at the payment provider. */
export const PAID_TIER_IDS = ['basic', 'standard', 'plus', 'pro'] as const satisfies readonly TierId[];
export type PaidTierId = (typeof PAID_TIER_IDS)[number];

/** -1 means unlimited (SPEC.md §9). */
export const UNLIMITED = -1;

export interface Tier {
  id: TierId;
  /** Display name (SPEC.md §3). */
  name: string;
  /** US dollars per month; 0 is free. */
  price: number;
  storageGB: number;
  /** -1 for unlimited. */
  maxPins: number;
  /** -1 for unlimited. */
  maxMediaPerPin: number;
  /** Who the plan is for, as the pricing cards say (SPEC.md §2). */
  audience: string;
  popular: boolean;
}

export const TIERS: readonly Tier[] = [
  {
    id: 'free',
    name: 'Wanderer',
    price: 0,
    storageGB: 1,
    maxPins: 10,
    maxMediaPerPin: 10,
    audience: 'Trial users, testing',
    popular: false,
  },
  {
    id: 'basic',
    name: 'Adventurer',
    price: 4.99,
    storageGB: 25,
    maxPins: 100,
    maxMediaPerPin: 25,
    audience: 'Casual travelers',
    popular: false,
  },
  {
    id: 'standard',
    name: 'Explorer',
    price: 9.99,
    storageGB: 100,
    maxPins: 500,
    maxMediaPerPin: 50,
    audience: 'Regular use',
    popular: true,
  },
  {
    id: 'plus',
    name: 'Pathfinder',
    price: 19.99,
    storageGB: 500,
    maxPins: UNLIMITED,
    maxMediaPerPin: 100,
    audience: 'Enthusiasts, digital nomads',
    popular: false,
  },
  {
    id: 'pro',
    name: 'Cartographer',
    price: 39.99,
    storageGB: 2000,
    maxPins: UNLIMITED,
    maxMediaPerPin: UNLIMITED,
    audience: 'Prosumer',
    popular: false,
  },
];

export const DEFAULT_TIER: TierId = 'free';

export function isTierId(value: unknown): value is TierId {
  return typeof value === 'string' && (TIER_IDS as readonly string[]).includes(value);
}

export function getTier(id: TierId): Tier {
  const tier = TIERS.find((candidate) => candidate.id === id);
  if (!tier) throw new Error(`Unknown tier: ${id}`);
  return tier;
}

/** Position in the ladder free < basic < standard < plus < pro. */
export function tierRank(id: TierId): number {
  return TIER_IDS.indexOf(id);
}
