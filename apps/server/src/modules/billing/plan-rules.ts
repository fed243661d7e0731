// The plan rules (SPEC.md §4 Plan change; DESIGN.md, payments), written once for every payment provider:
// what choosing a plan means, given the plan in force, the subscription paying for it and a change waiting
// for the end of its period; when a waiting change is due; and which plan a subscription gives.
import { isTierId, tierRank, type PaidTierId, type TierId } from '@waymarks/shared';

export interface PlanSituation {
  /** The plan in force. */
  current: TierId;
  /** The account's live subscription and the end of its paid period; none on a free plan or local billing. */
  subscription: { periodEnd: number } | undefined;
  /** A change waiting for the end of the period. */
  pending: TierId | null;
  /** false: no payment is taken (local billing), so there is nothing to pay before a plan applies. */
  collectsPayment: boolean;
}

export type PlanChange =
  /** The plan in force, with nothing waiting: refused. */
  | { kind: 'unchanged' }
  /** The plan in force chosen again while a change waits: the change is taken back. */
  | { kind: 'takeBack' }
  /** No paid period to finish and nothing to pay: the plan applies at once. */
  | { kind: 'now'; tier: TierId }
  /** A paid plan without a subscription: it is paid for first (with a trial the first time). */
  | { kind: 'checkout'; tier: PaidTierId }
  /** A dearer plan: it applies at once, the rest of the period charged at its price. */
  | { kind: 'upgrade'; tier: PaidTierId }
  /** A cheaper plan, or free: this period is paid for, so the change waits for its end. */
  | { kind: 'atPeriodEnd'; tier: TierId; at: number };

export function planChange(situation: PlanSituation, target: TierId): PlanChange {
  const { current, subscription, pending, collectsPayment } = situation;
  if (target === current) return pending && subscription ? { kind: 'takeBack' } : { kind: 'unchanged' };
  if (!subscription) {
    return target !== 'free' && collectsPayment
      ? { kind: 'checkout', tier: target }
      : { kind: 'now', tier: target };
  }
  if (tierRank(target) > tierRank(current)) return { kind: 'upgrade', tier: target as PaidTierId };
  return { kind: 'atPeriodEnd', tier: target, at: subscription.periodEnd };
}

/**
 * A waiting change is due once its date has come here, or once the provider has moved into the period it
 * waited for (its clock and ours may differ).
 */
export function pendingIsDue(pendingAt: number, now: number, periodStart: number | null): boolean {
  return pendingAt <= now || (periodStart !== null && periodStart >= pendingAt);
}

/** The plan a subscription gives: its own while it is live, free once it is not. */
export function planOf(subscription: { tier: PaidTierId | undefined }, live: boolean): TierId {
  return live && subscription.tier ? subscription.tier : 'free';
}

/** A stored waiting change, if it names a plan this server knows. */
export function pendingTierOf(value: string | null | undefined): TierId | null {
  return isTierId(value) ? value : null;
}
