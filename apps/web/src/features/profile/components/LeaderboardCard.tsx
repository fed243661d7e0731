// The leaderboard opt-in on the profile (SPEC.md §6: if the setting cannot be read, assume opted in).
import { Trophy } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { OptInSwitch } from '../../leaderboard';

export function LeaderboardCard() {
  return (
    <Card as="section" aria-labelledby="leaderboard-title" className="flex flex-col gap-4">
      <div>
        <h2 id="leaderboard-title" className="text-title font-semibold text-slate-900">
          Leaderboard
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Other travelers see your name, plan and travel figures, never your e-mail.
        </p>
      </div>
      <OptInSwitch assumeWhenUnknown />
      <ButtonLink to="/leaderboard" variant="secondary" className="self-start">
        <Trophy aria-hidden="true" className="size-4" />
        View Leaderboard
      </ButtonLink>
    </Card>
  );
}
