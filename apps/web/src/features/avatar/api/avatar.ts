// The signed-in traveller's avatar (SPEC.md §7 Avatar): the saved one, the wardrobe with what travel has
// unlocked, the figures unlocks follow, and saving (the parts, then a PNG render for the header and the
// leaderboard).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveAvatarRequest } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';

export const avatarKeys = {
  all: ['avatar'] as const,
  saved: ['avatar', 'saved'] as const,
  items: ['avatar', 'items'] as const,
  progress: ['avatar', 'progress'] as const,
};

/** The saved avatar; `hasAvatar` false before the first save. */
export function useSavedAvatar({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: avatarKeys.saved,
    queryFn: ({ signal }) => api('avatar', { signal }),
    enabled,
  });
}

/** Every part, each with whether travel has unlocked it, whether the plan may wear it and its hint. */
export function useAvatarItems({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: avatarKeys.items,
    queryFn: ({ signal }) => api('avatarItems', { query: {}, signal }),
    enabled,
  });
}

/** Countries, continents and verified pins toward the unlocks, and the plan's customisation level. */
export function useAvatarProgress({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: avatarKeys.progress,
    queryFn: ({ signal }) => api('avatarProgress', { signal }),
    enabled,
  });
}

/** The parts unlocked since the traveller last looked; each is told once. */
export function useNewUnlocks({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: ['avatar', 'newUnlocks'] as const,
    queryFn: () => api('checkAvatarUnlocks', { body: {} }),
    enabled,
    // Asking again would tell nothing new: the server has recorded this answer as told.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export interface SaveAvatarInput {
  parts: SaveAvatarRequest['parts'];
  /**
   * The PNG render of those parts, which the header and the leaderboard show; none where the browser
   * cannot draw in 3D, and the parts are saved alone.
   */
  render: (() => Promise<Blob>) | null;
}

/** Saves the parts, then their render; everything showing the avatar is loaded again afterwards. */
export function useSaveAvatar() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ parts, render }: SaveAvatarInput) => {
      const saved = await api('saveAvatar', { body: { parts } });
      return render ? api('saveAvatarImage', { body: await render() }) : saved;
    },
    onSuccess: (saved) => queryClient.setQueryData(avatarKeys.saved, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: avatarKeys.saved }),
  });
}
