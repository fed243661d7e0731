// The dashboard header's rank badge (SPEC.md §2): '#N' once the user is ranked, nothing otherwise. Mount it
// only for plans with the leaderboard; it asks for one traveller, just to learn the user's own rank.
import { Trophy } from 'lucide-react';
import { useLeaderboardTop } from '../api/leaderboard';

export function RankBadge() {
  const leaderboard = useLeaderboardTop(1);
  // SPEC.md §8: a failed leaderboard fetch on the dashboard is ignored; the badge simply does not show.
  const rank = leaderboard.data?.currentUserRank ?? null;
  if (rank === null) return null;
  return (
    <span
      title="Your leaderboard rank"
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-bold tabular-nums text-amber-900 ring-1 ring-inset ring-amber-300 sm:px-2 sm:text-sm"
    >
      {/* Without the trophy on phones, where every pixel beside the name counts. */}
      <Trophy aria-hidden="true" className="hidden size-3.5 sm:block" />
      <span className="sr-only">Leaderboard rank </span>#{rank}
    </span>
  );
}
