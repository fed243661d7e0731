// The plan chooser (SPEC.md §4 Plan change): every plan with its price, storage, limits and features (the pricing cards' texts);
// the current plan disabled, a cheaper one offered as 'Downgrade', the others as 'Upgrade Now'. Choosing a
// plan asks for confirmation first, in the same dialog.
import { useEffect, useRef, useState } from 'react';
import { Check } from 'lucide-react';
import { formatPrice, TIERS, tierFeatureTexts, type Profile, type TierId } from '@waymarks/shared';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { DialogContent, DialogRoot } from '../../../components/ui/Dialog';
import { chooserButtonLabel, formatLongDate } from '../plan-rules';
import { PlanChangeConfirmation } from './PlanChangeConfirmation';

export interface PlanChooserProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile;
  /** The plan being asked for while the request runs. */
  processing: TierId | null;
  error: string | null;
  onChoose: (tier: TierId) => void;
}

export function PlanChooser({ open, onOpenChange, profile, processing, error, onChoose }: PlanChooserProps) {
  const { billing } = profile;
  const offersTrial =
    billing.mode === 'stripe' && billing.trialDays > 0 && billing.subscriptionStatus === 'none';
  return (
    <DialogRoot open={open} onOpenChange={(next) => processing === null && onOpenChange(next)}>
      <DialogContent
        title="Choose your plan"
        description={
          billing.mode === 'local'
            ? 'Your new plan starts as soon as you confirm it.'
            : offersTrial
              ? `Paid plans start with a ${billing.trialDays}-day free trial. You are not charged during the trial.`
              : 'Upgrades are paid through Stripe. A move to a cheaper plan applies at the end of the billing period.'
        }
      >
        <PlanChoice profile={profile} processing={processing} error={error} onChoose={onChoose} />
      </DialogContent>
    </DialogRoot>
  );
}

/**
 * The list of plans, or the confirmation of the one chosen in its place. It lives inside the dialog's
 * content, so a dialog closed and opened again starts from the list.
 */
function PlanChoice({
  profile,
  processing,
  error,
  onChoose,
}: Pick<PlanChooserProps, 'profile' | 'processing' | 'error' | 'onChoose'>) {
  const current = profile.tier.current;
  const pending = profile.pendingTierChange;
  const [chosen, setChosen] = useState<TierId | null>(null);
  const planButtons = useRef(new Map<TierId, HTMLButtonElement>());
  const backFrom = useRef<TierId | null>(null);

  // Back from a confirmation: focus returns to the button that opened it.
  useEffect(() => {
    if (chosen !== null || backFrom.current === null) return;
    planButtons.current.get(backFrom.current)?.focus();
    backFrom.current = null;
  }, [chosen]);

  return (
    <>
      {pending && chosen === null && (
        <p className="mb-4 rounded-control bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
          Scheduled: {pending.name} ({formatPrice(pending.price)}) from{' '}
          {formatLongDate(pending.effectiveDate)}. Choose another plan to modify this change.
        </p>
      )}
      <div aria-live="assertive">
        {error && (
          <Alert tone="error" className="mb-4">
            {error}
          </Alert>
        )}
      </div>
      {chosen !== null ? (
        <PlanChangeConfirmation
          current={current}
          target={chosen}
          billing={profile.billing}
          processing={processing === chosen}
          onConfirm={() => onChoose(chosen)}
          onBack={() => {
            backFrom.current = chosen;
            setChosen(null);
          }}
        />
      ) : (
        <ul aria-label="Plans" className="flex flex-col gap-3">
          {TIERS.map((tier) => {
            const label = chooserButtonLabel(tier.id, current);
            return (
              <li
                key={tier.id}
                className={`rounded-control border p-4 ${tier.id === current ? 'border-brand-600 bg-brand-50/60' : 'border-slate-200'}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <h3 className="font-semibold text-slate-900">
                    {tier.name}
                    {tier.popular && (
                      <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                        Popular
                      </span>
                    )}
                  </h3>
                  <p className="font-semibold text-slate-900">{formatPrice(tier.price)}</p>
                </div>
                <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
                  {tierFeatureTexts(tier.id).map((text) => (
                    <li key={text} className="flex items-start gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                      {text}
                    </li>
                  ))}
                </ul>
                <Button
                  ref={(button) => {
                    if (!button) return;
                    planButtons.current.set(tier.id, button);
                    return () => void planButtons.current.delete(tier.id);
                  }}
                  fullWidth
                  className="mt-3"
                  variant={label === 'Upgrade Now' ? 'primary' : 'secondary'}
                  aria-label={`${label}: ${tier.name}`}
                  disabled={label === 'Current Plan'}
                  onClick={() => setChosen(tier.id)}
                >
                  {label}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
