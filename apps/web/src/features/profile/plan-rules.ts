// What the plan card and the plan chooser call each plan and button (SPEC.md §4 Plan change), and the
// dates a pending change or a Stripe subscription shows. No React here: plan-rules.test.ts checks it.
import { tierRank, type TierId } from '@waymarks/shared';

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

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** 'March 5, 2025' for an ISO date-time. */
export function formatLongDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}

/** Whether a scheduled change is due: its effective date has passed (SPEC.md §4). */
export function isDue(effectiveDate: string, now: Date = new Date()): boolean {
  return new Date(effectiveDate).getTime() <= now.getTime();
}
