// The leaderboard opt-in on the profile (SPEC.md §6: if the setting cannot be read, assume opted in). On a
// plan that cannot open the leaderboard, it says what opting in does there: others see you, you do not.
import { Trophy } from 'lucide-react';
import { hasFeature, planRequiredMessage, type Profile } from '@waymarks/shared';
import { Card } from '../../../components/ui/Card';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { OptInSwitch } from '../../leaderboard';

export function LeaderboardCard({ profile }: { profile: Profile }) {
  const canOpen = hasFeature(profile.tier.current, 'leaderboard');
  return (
    <Card as="section" aria-labelledby="leaderboard-title" className="flex flex-col gap-4">
      <div>
        <h2 id="leaderboard-title" className="text-title font-semibold text-slate-900">
          Leaderboard
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Other travelers see your name, plan and travel figures, never your e-mail.
        </p>
        {!canOpen && (
          <p className="mt-2 text-sm text-slate-600">
            {planRequiredMessage('leaderboard')} Opted in, you are listed for travelers whose plan has it, but
            you cannot see the list yourself.
          </p>
        )}
      </div>
      <OptInSwitch assumeWhenUnknown />
      <ButtonLink to="/leaderboard" variant="secondary" className="self-start">
        <Trophy aria-hidden="true" className="size-4" />
        View Leaderboard
      </ButtonLink>
    </Card>
  );
}
