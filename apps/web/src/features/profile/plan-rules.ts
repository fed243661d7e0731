// What the plan card and the plan chooser call each plan and button (SPEC.md §4 Plan change), what a change
// of plan gives and takes away, and the dates a pending change or a Stripe subscription shows. No React
// here: plan-rules.test.ts checks it.
import {
  AVATAR_LEVELS,
  formatStorage,
  getTier,
  TIER_AVATAR_LEVEL,
  tierPerkTexts,
  tierRank,
  UNLIMITED,
  type BillingState,
  type TierId,
} from '@waymarks/shared';

/** 'Upgrade Plan' on free, 'Change Plan' on a paid plan, 'Modify Change' while a change is scheduled. */
export function planButtonLabel(current: TierId, hasPendingChange: boolean): string {
  if (hasPendingChange) return 'Modify Change';
  return current === 'free' ? 'Upgrade Plan' : 'Change Plan';
}

/** A chooser card's button: 'Current Plan' (disabled), 'Downgrade' for a cheaper plan, else 'Upgrade Now'. */
export function chooserButtonLabel(
  plan: TierId,
  current: TierId,
): 'Current Plan' | 'Downgrade' | 'Upgrade Now' {
  if (plan === current) return 'Current Plan';
  return tierRank(plan) < tierRank(current) ? 'Downgrade' : 'Upgrade Now';
}

/** An amount a plan allows, compared between two plans; unlimited compares as Infinity. */
interface Allowance {
  name: string;
  amount: (tier: TierId) => number;
  words: (tier: TierId) => string;
}

const limitAmount = (limit: number) => (limit === UNLIMITED ? Infinity : limit);
const limitWords = (limit: number) => (limit === UNLIMITED ? 'unlimited' : `up to ${limit}`);

/** Free has no avatar level (it cannot create avatars): below the lowest. */
function avatarRank(tier: TierId): number {
  const level = TIER_AVATAR_LEVEL[tier];
  return level ? AVATAR_LEVELS.indexOf(level) : -1;
}

const ALLOWANCES: readonly Allowance[] = [
  {
    name: 'Storage',
    amount: (tier) => getTier(tier).storageGB,
    words: (tier) => formatStorage(getTier(tier).storageGB),
  },
  {
    name: 'Pins',
    amount: (tier) => limitAmount(getTier(tier).maxPins),
    words: (tier) => limitWords(getTier(tier).maxPins),
  },
  {
    name: 'Photos & videos per pin',
    amount: (tier) => limitAmount(getTier(tier).maxMediaPerPin),
    words: (tier) => limitWords(getTier(tier).maxMediaPerPin),
  },
  {
    name: 'Avatar customization',
    amount: avatarRank,
    words: (tier) => TIER_AVATAR_LEVEL[tier] ?? 'none',
  },
];

export interface PlanChangeSummary {
  direction: 'upgrade' | 'downgrade';
  /** Larger allowances ('Storage: 100 GB instead of 1 GB'), then what only the new plan has. */
  gains: string[];
  /** Smaller allowances, then what only the current plan has: the features a downgrade locks. */
  losses: string[];
}

/** What moving from one plan to another changes, from the tier and feature tables. */
export function planChangeSummary(from: TierId, to: TierId): PlanChangeSummary {
  const allowances = (grows: boolean) =>
    ALLOWANCES.filter(({ amount }) => (grows ? amount(to) > amount(from) : amount(to) < amount(from))).map(
      ({ name, words }) => `${name}: ${words(to)} instead of ${words(from)}`,
    );
  const only = (tier: TierId, other: TierId) =>
    tierPerkTexts(tier).filter((text) => !tierPerkTexts(other).includes(text));
  return {
    direction: tierRank(to) > tierRank(from) ? 'upgrade' : 'downgrade',
    gains: [...allowances(true), ...only(to, from)],
    losses: [...allowances(false), ...only(from, to)],
  };
}

/** A Stripe subscription that is still running, paid or not yet. */
export function isSubscribed(billing: BillingState): boolean {
  return ['trialing', 'active', 'past_due', 'unpaid'].includes(billing.subscriptionStatus);
}

/**
 * When a downgrade applies, where it waits: a running subscription keeps the plan to the end of its period
 * (SPEC.md §4 Plan change). Null where it applies as soon as it is confirmed.
 */
export function downgradeTiming(billing: BillingState, currentPlanName: string): string | null {
  if (billing.mode !== 'stripe' || !isSubscribed(billing)) return null;
  const when = billing.currentPeriodEnd
    ? `on ${formatLongDate(billing.currentPeriodEnd)}, at the end of your billing period`
    : 'at the end of your billing period';
  return `The change applies ${when}. Until then you keep ${currentPlanName}.`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** 'March 5, 2025' for an ISO date-time. */
export function formatLongDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}

/** Whether a scheduled change is due: its effective date has passed (SPEC.md §4). */
export function isDue(effectiveDate: string, now: Date = new Date()): boolean {
  return new Date(effectiveDate).getTime() <= now.getTime();
}
