// A feature the traveller's plan does not include: the button stays in place, shows a lock, and explains
// which plan unlocks it, with 'Upgrade Now' leading to the plans on /profile (SPEC.md §2, §6).
import { useState, type ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { getTier, planRequiredMessage, requiredTier, type Feature } from '@waymarks/shared';
import { DialogClose, DialogContent, DialogRoot } from '../../../components/ui/Dialog';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Button } from '../../../components/ui/Button';
import { headerButtonClasses } from './header-button';

export function LockedFeatureButton({
  feature,
  icon,
  label,
}: {
  feature: Feature;
  icon: ReactNode;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const plan = getTier(requiredTier(feature)).name;
  return (
    <DialogRoot open={open} onOpenChange={setOpen}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`${label} (locked: ${plan} plan required)`}
        title={`${label}: ${plan} plan required`}
        className={`${headerButtonClasses(false)} text-slate-500`}
      >
        {icon}
        <span className="hidden lg:inline">{label}</span>
        <Lock aria-hidden="true" className="size-3.5" />
      </button>
      <DialogContent title="Plan required" description={planRequiredMessage(feature)}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Not now</Button>
          </DialogClose>
          <ButtonLink to="/profile">Upgrade Now</ButtonLink>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
