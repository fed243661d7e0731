// The signed-in user's profile (SPEC.md §7 GET/PUT /profile) and the tier refresh every plan change
// needs: limits follow the tier at once, on this screen and on the dashboard (SPEC.md §4 Plan change).
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileRequest } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { useAuth } from '../../../app/auth/useAuth';
import { isDue } from '../plan-rules';

export const profileKeys = {
  profile: ['profile'] as const,
};

export function useProfile() {
  const api = useApi();
  return useQuery({
    queryKey: profileKeys.profile,
    queryFn: ({ signal }) => api('profile', { signal }),
  });
}

/**
 * After the tier changed: the signed-in user (whose tier the dashboard's locks read) and every cached
 * query, since pins, countries, limits and the leaderboard all answer by tier.
 */
export function refreshAfterTierChange(queryClient: QueryClient, reloadUser: () => Promise<unknown>) {
  return Promise.all([reloadUser(), queryClient.invalidateQueries()]);
}

export function useRefreshAfterTierChange() {
  const queryClient = useQueryClient();
  const { reloadUser } = useAuth();
  return () => refreshAfterTierChange(queryClient, reloadUser);
}

/** Saves the fields given (the name, the username); the header's name follows from the reloaded user. */
export function useUpdateProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { reloadUser } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api('updateProfile', { body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile, profile);
      return reloadUser();
    },
  });
}

/**
 * SPEC.md §4: a pending change whose effective date has passed is processed on profile load, and then
 * the profile is reloaded. Runs once per scheduled change; a failure leaves the profile as it was.
 */
export function useProcessDueTierChange(profile: Profile | undefined) {
  const api = useApi();
  const refresh = useRefreshAfterTierChange();
  const processed = useRef<string | null>(null);
  const pending = profile?.pendingTierChange ?? null;
  const dueKey = pending && isDue(pending.effectiveDate) ? `${pending.tier}@${pending.effectiveDate}` : null;

  const process = useMutation({
    mutationFn: () => api('processPendingTierChange'),
    onSuccess: () => refresh(),
    onError: (error) => console.error('Processing the due plan change failed', error),
  });
  const { mutate } = process;

  useEffect(() => {
    if (dueKey === null || processed.current === dueKey) return;
    processed.current = dueKey;
    mutate();
  }, [dueKey, mutate]);
}
