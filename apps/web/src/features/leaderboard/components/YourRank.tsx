// The signed-in user's place on the leaderboard and the switch that puts them on it or takes them off.
import { Trophy } from 'lucide-react';
import { Card, IconTile } from '../../../components/ui/Card';
import { OptInSwitch } from './OptInSwitch';

export function YourRank({ rank }: { rank: number | null }) {
  return (
    <Card as="section" aria-label="Your rank" className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <IconTile tone="accent">
          <Trophy />
        </IconTile>
        {rank === null ? (
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">You are not on the leaderboard.</p>
            <p className="text-sm text-slate-600">Turn on the switch to join and see your rank.</p>
          </div>
        ) : (
          <div className="min-w-0">
            <p className="text-title font-bold text-slate-900">Your rank: #{rank}</p>
            <p className="text-sm text-slate-600">Visit more countries and verify your pins to climb.</p>
          </div>
        )}
      </div>
      <div className="sm:w-72 sm:border-l sm:border-slate-200 sm:pl-5">
        {/* If the setting cannot be read, being ranked says the user opted in. */}
        <OptInSwitch assumeWhenUnknown={rank !== null} />
      </div>
    </Card>
  );
}
