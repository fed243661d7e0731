// What /leaderboard shows for a plan: the leaderboard itself from standard up, else the locked panel.
import { hasFeature, type TierId } from '@waymarks/shared';
import { Leaderboard } from './Leaderboard';
import { LeaderboardLocked } from './LeaderboardLocked';

export function LeaderboardScreen({ tier }: { tier: TierId }) {
  return hasFeature(tier, 'leaderboard') ? <Leaderboard /> : <LeaderboardLocked />;
}
