// /leaderboard on a plan without the leaderboard (SPEC.md §2, §6): what it offers, the plan it needs, and
// an upgrade prompt leading to the plans on /profile.
import { useId } from 'react';
import { Lock, Trophy } from 'lucide-react';
import { getTier, planRequiredMessage, requiredTier } from '@waymarks/shared';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Card } from '../../../components/ui/Card';
import { LEADERBOARD_MESSAGES } from '../messages';

export function LeaderboardLocked() {
  const headingId = useId();
  const plan = getTier(requiredTier('leaderboard')).name;
  return (
    <Card
      as="section"
      padding="lg"
      aria-labelledby={headingId}
      className="flex flex-col items-center gap-4 text-center"
    >
      <span
        aria-hidden="true"
        className="relative flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-inset ring-amber-200"
      >
        <Trophy className="size-8" />
        <span className="absolute -bottom-1 -right-1 flex size-7 items-center justify-center rounded-full bg-slate-800 text-white ring-2 ring-white">
          <Lock className="size-3.5" />
        </span>
      </span>
      <h2 id={headingId} className="text-title font-semibold text-slate-900">
        {LEADERBOARD_MESSAGES.lockedTitle}
      </h2>
      <p className="max-w-md text-slate-700">
        See how your travels compare with explorers around the world: rankings, badges and each
        traveler&apos;s journey.
      </p>
      <p className="max-w-md text-sm font-medium text-slate-800">{planRequiredMessage('leaderboard')}</p>
      <ButtonLink to="/profile">Upgrade to {plan}</ButtonLink>
    </Card>
  );
}
