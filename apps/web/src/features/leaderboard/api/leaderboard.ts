// The ranked list of travellers who opted in (SPEC.md §7 Leaderboard): the screen's pages, and the first
// few by the ranking rule for the medals and the dashboard's rank badge.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LEADERBOARD_PAGE, type LeaderboardResponse, type LeaderboardSort } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';

/** Everything under `all` changes when someone opts in or out, so the settings mutation refreshes it. */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  pages: (sort: LeaderboardSort) => ['leaderboard', 'pages', sort] as const,
  top: (count: number) => ['leaderboard', 'top', count] as const,
  traveler: (userId: string) => ['leaderboard', 'traveler', userId] as const,
};

const PAGE_SIZE = LEADERBOARD_PAGE.defaultSize;

/**
 * Where the next page starts, or undefined after a page that was not full. totalUsers is not consulted:
 * the server may answer it from a short-lived cache, and a count a few seconds old must not hide a page.
 */
export function nextOffset(last: LeaderboardResponse, lastOffset: number): number | undefined {
  return last.users.length === PAGE_SIZE ? lastOffset + PAGE_SIZE : undefined;
}

/** The list in the chosen order, PAGE_SIZE at a time; the old order stays on screen while a new one loads. */
export function useLeaderboardPages(sort: LeaderboardSort) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: leaderboardKeys.pages(sort),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api('leaderboard', { query: { sort, limit: PAGE_SIZE, offset: pageParam }, signal }),
    getNextPageParam: (last, _pages, lastOffset) => nextOffset(last, lastOffset),
    placeholderData: keepPreviousData,
  });
}

/** The first `count` travellers by the ranking rule, with the signed-in user's own rank. */
export function useLeaderboardTop(count: number, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: leaderboardKeys.top(count),
    queryFn: ({ signal }) => api('leaderboard', { query: { sort: 'rank', limit: count, offset: 0 }, signal }),
    enabled,
  });
}
