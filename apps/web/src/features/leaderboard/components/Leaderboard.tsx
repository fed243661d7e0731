// /leaderboard for a plan with the leaderboard (SPEC.md §2): the user's rank and opt-in, the four totals,
// the ranked list in the chosen order, how ranking works, and the traveller dialog.
import { useMemo, useState } from 'react';
import type { LeaderboardSort, LeaderboardUser } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useLeaderboardPages, useLeaderboardTop } from '../api/leaderboard';
import { LEADERBOARD_MESSAGES } from '../messages';
import { LeaderboardTotals } from './LeaderboardTotals';
import { isMedalRank, type MedalRank } from './Medal';
import { RankingExplanation } from './RankingExplanation';
import { TravelerDialog } from './TravelerDialog';
import { TravelerList } from './TravelerList';
import { YourRank } from './YourRank';

/** Medals go to the first three by the ranking rule, whatever order the list is shown in. */
const MEDALLISTS = 3;

export function Leaderboard() {
  const [sort, setSort] = useState<LeaderboardSort>('rank');
  const [opened, setOpened] = useState<LeaderboardUser | null>(null);
  const pages = useLeaderboardPages(sort);

  const users = useMemo(() => {
    // A page boundary can shift while someone joins or leaves between two pages: nobody shows twice.
    const seen = new Set<string>();
    return (pages.data?.pages ?? [])
      .flatMap((page) => page.users)
      .filter((user) => !seen.has(user.userId) && seen.add(user.userId));
  }, [pages.data]);

  // In an order other than the ranking rule the rows carry no rank: ask who the first three are.
  const unranked = users.length > 0 && users[0]?.rank === null;
  const top = useLeaderboardTop(MEDALLISTS, { enabled: unranked });
  const medalOf = (user: LeaderboardUser): MedalRank | null => {
    const rank = user.rank ?? top.data?.users.find((each) => each.userId === user.userId)?.rank;
    return isMedalRank(rank) ? rank : null;
  };

  const first = pages.data?.pages[0];
  let body;
  if (first === undefined && pages.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-card border border-danger-200 bg-danger-50 px-4 py-8 text-center">
        <p role="alert" className="font-semibold text-danger-800">
          {LEADERBOARD_MESSAGES.loadFailed}
        </p>
        <Button
          variant="secondary"
          aria-disabled={pages.isFetching || undefined}
          onClick={() => {
            if (!pages.isFetching) void pages.refetch();
          }}
          className="aria-disabled:cursor-progress"
        >
          {pages.isFetching && <Spinner className="size-4" />}
          Try Again
        </Button>
      </div>
    );
  } else if (first === undefined) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading leaderboard" className="size-8 text-brand-700" />
      </div>
    );
  } else {
    body = (
      <>
        <YourRank rank={first.currentUserRank} />
        <LeaderboardTotals totals={first.totals} />
        <TravelerList
          users={users}
          sort={sort}
          onSortChange={setSort}
          sorting={pages.isPlaceholderData}
          hasMore={pages.hasNextPage}
          loadingMore={pages.isFetchingNextPage}
          onLoadMore={() => void pages.fetchNextPage()}
          medalOf={medalOf}
          onOpen={setOpened}
        />
      </>
    );
  }

  return (
    <>
      {body}
      <RankingExplanation />
      <TravelerDialog traveler={opened} onClose={() => setOpened(null)} />
    </>
  );
}
