// The current plan (SPEC.md §2 /profile): its name and price, the storage bar, the pins in use, any
// scheduled change, the subscription's dates, and the buttons that change or manage the plan.
import { useState, type Ref } from 'react';
import { CreditCard } from 'lucide-react';
import { formatPinsUsed, formatPrice, type Profile, type TierId } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { describeError } from '../../../lib/api';
import { useBillingPortal, useChangeTier } from '../api/plan';
import { PROFILE_MESSAGES } from '../messages';
import { formatLongDate, isSubscribed, planButtonLabel } from '../plan-rules';
import { PlanChooser } from './PlanChooser';
import { StorageBar } from './StorageBar';

/** Trial end, renewal or cancellation, as Stripe holds the subscription; nothing once it has ended. */
export function billingLines(billing: Profile['billing']): string[] {
  const { subscriptionStatus: status, trialEndsAt, currentPeriodEnd, cancelAtPeriodEnd } = billing;
  if (!isSubscribed(billing)) return [];
  const lines: string[] = [];
  const trialing = status === 'trialing' && trialEndsAt !== null;
  if (cancelAtPeriodEnd && currentPeriodEnd) {
    lines.push(`Your subscription is cancelled and ends on ${formatLongDate(currentPeriodEnd)}.`);
  } else if (trialing) {
    lines.push(`Free trial ends on ${formatLongDate(trialEndsAt)}. The first payment is taken then.`);
  } else if (currentPeriodEnd) {
    lines.push(`Renews on ${formatLongDate(currentPeriodEnd)}.`);
  }
  if (status === 'past_due' || status === 'unpaid') {
    lines.push('The last payment did not go through: please update your card.');
  }
  return lines;
}

export function PlanCard({ profile, ref }: { profile: Profile; ref?: Ref<HTMLElement> }) {
  const [chooserOpen, setChooserOpen] = useState(false);
  const [chooserError, setChooserError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const change = useChangeTier();
  const portal = useBillingPortal();
  const { tier, usage, billing, pendingTierChange: pending } = profile;

  function choose(newTierId: TierId) {
    setChooserError(null);
    setNotice(null);
    change.mutate(newTierId, {
      onSuccess: (answer) => {
        if (answer.redirectToCheckoutUrl) return;
        setChooserOpen(false);
        setNotice({ tone: 'success', text: answer.message });
      },
      onError: (error) => setChooserError(describeError(error, PROFILE_MESSAGES.tierChangeFailed)),
    });
  }

  function openPortal() {
    setNotice(null);
    portal.mutate(undefined, {
      onError: (error) =>
        setNotice({ tone: 'error', text: describeError(error, PROFILE_MESSAGES.billingPortalFailed) }),
    });
  }

  return (
    <Card
      as="section"
      ref={ref}
      id="plan"
      tabIndex={-1}
      aria-labelledby="plan-title"
      className="flex scroll-mt-6 flex-col gap-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plan-title" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            Your plan
          </h2>
          <p className="mt-1 text-2xl font-bold text-slate-900">{tier.name}</p>
          <p className="text-slate-700">{formatPrice(tier.price)}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {billing.mode === 'stripe' && billing.portalAvailable && (
            <Button variant="secondary" busy={portal.isPending} onClick={openPortal}>
              {!portal.isPending && <CreditCard aria-hidden="true" className="size-4" />}
              Manage billing
            </Button>
          )}
          <Button
            onClick={() => {
              setChooserError(null);
              setChooserOpen(true);
            }}
          >
            {planButtonLabel(tier.current, pending !== null)}
          </Button>
        </div>
      </div>

      <StorageBar usedMB={usage.totalUsedMB} storageGB={tier.storageGB} />
      <p className="text-sm font-medium text-slate-700">{formatPinsUsed(usage.totalPins, usage.maxPins)}</p>

      {pending && (
        <p className="rounded-control bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
          Changing to <strong>{pending.name}</strong> ({formatPrice(pending.price)}) on{' '}
          <strong>{formatLongDate(pending.effectiveDate)}</strong>.
        </p>
      )}

      {billing.mode === 'stripe' && (
        <>
          {billingLines(billing).map((line) => (
            <p key={line} className="text-sm text-slate-700">
              {line}
            </p>
          ))}
          {billing.portalAvailable && (
            <p className="text-sm text-slate-600">
              Update your card, see invoices or cancel your subscription in Manage billing.
            </p>
          )}
        </>
      )}

      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>

      <PlanChooser
        open={chooserOpen}
        onOpenChange={setChooserOpen}
        profile={profile}
        processing={change.isPending ? change.variables : null}
        error={chooserError}
        onChoose={choose}
      />
    </Card>
  );
}
