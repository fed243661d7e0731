// The confirmation of a plan change (SPEC.md §4 Plan change), in the chooser in place of the list: the plan
// and its price, what the traveller gains or loses, when a downgrade applies, and that nothing they made goes.
import { useEffect, useId, useRef } from 'react';
import { Check, Minus } from 'lucide-react';
import { formatPrice, getTier, type BillingState, type TierId } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { PROFILE_MESSAGES } from '../messages';
import { downgradeTiming, planChangeSummary } from '../plan-rules';

export interface PlanChangeConfirmationProps {
  current: TierId;
  target: TierId;
  billing: BillingState;
  /** The change has been asked for and the answer is awaited. */
  processing: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

export function PlanChangeConfirmation({
  current,
  target,
  billing,
  processing,
  onConfirm,
  onBack,
}: PlanChangeConfirmationProps) {
  const headingId = useId();
  const listId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const plan = getTier(target);
  const { direction, gains, losses } = planChangeSummary(current, target);
  const upgrade = direction === 'upgrade';
  const changes = upgrade ? gains : losses;
  const Icon = upgrade ? Check : Minus;
  const timing = upgrade ? null : downgradeTiming(billing, getTier(current).name);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none"
        >
          {upgrade ? 'Upgrade' : 'Downgrade'} to {plan.name}?
        </h3>
        <p className="font-semibold text-slate-900">{formatPrice(plan.price)}</p>
      </div>
      <div>
        <h4 id={listId} className="text-sm font-semibold text-slate-900">
          {upgrade ? 'What you gain' : 'What you lose'}
        </h4>
        <ul aria-labelledby={listId} className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
          {changes.map((text) => (
            <li key={text} className="flex items-start gap-2">
              <Icon
                aria-hidden="true"
                className={`mt-0.5 size-4 shrink-0 ${upgrade ? 'text-brand-600' : 'text-slate-500'}`}
              />
              {text}
            </li>
          ))}
        </ul>
      </div>
      {timing && <p className="text-sm text-slate-700">{timing}</p>}
      <p className="rounded-control bg-slate-50 px-3.5 py-3 text-sm text-slate-700">
        {PROFILE_MESSAGES.planChangeKeeps}
      </p>
      <div className="flex flex-col gap-2">
        <Button fullWidth busy={processing} onClick={onConfirm}>
          {processing ? 'Processing' : `Confirm ${direction} to ${plan.name}`}
        </Button>
        <Button fullWidth variant="secondary" disabled={processing} onClick={onBack}>
          Back
        </Button>
      </div>
    </section>
  );
}
