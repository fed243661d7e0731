// Where the strip would be on a plan without timelineView: what the timeline is, the plan it needs, and
// an Upgrade that leads to the plans on /profile (SPEC.md §2, §6).
import { useId } from 'react';
import { Lock } from 'lucide-react';
import { planRequiredMessage } from '@waymarks/shared';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { TIMELINE_PITCH, TIMELINE_TITLE } from '../labels';

export function TimelineLocked() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-3 py-3 sm:px-5">
        <span
          aria-hidden="true"
          className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 sm:flex"
        >
          <Lock className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            {TIMELINE_TITLE}
          </h2>
          <p className="text-xs text-slate-600 sm:text-sm">
            {TIMELINE_PITCH} {planRequiredMessage('timelineView')}
          </p>
        </div>
        <ButtonLink to="/profile" className="shrink-0">
          Upgrade
        </ButtonLink>
      </div>
    </section>
  );
}
