// One listed traveller's figures, countries, cities and timeline (SPEC.md §7 GET /leaderboard/user/{id}).
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/auth/useApi';
import { leaderboardKeys } from './leaderboard';

/** Loads while `userId` is given (the detail dialog is open), and not otherwise. */
export function useTravelerDetails(userId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: leaderboardKeys.traveler(userId ?? ''),
    queryFn: ({ signal }) => api('leaderboardUser', { params: { id: userId ?? '' }, signal }),
    enabled: userId !== null,
  });
}
