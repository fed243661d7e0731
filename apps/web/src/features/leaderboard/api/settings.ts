// The signed-in user's leaderboard opt-in (SPEC.md §4 Leaderboard opt-in, §7 PUT /leaderboard/settings).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaderboardSettings } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { leaderboardKeys } from './leaderboard';

const settingsKey = ['leaderboardSettings'] as const;

export function useLeaderboardSettings() {
  const api = useApi();
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api('leaderboardSettings', { signal }),
  });
}

/** Opts in or out; the lists and ranks are loaded again at once, so the change shows everywhere. */
export function useUpdateLeaderboardSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaderboardSettings) => api('updateLeaderboardSettings', { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey, settings);
      return queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
    },
  });
}
