// The travel page's settings (issue 27: GET/PUT /api/share, POST /api/share/regenerate, and a place's
// sharing through PUT /api/pins/:pinId) as TanStack Query hooks. A change of what the page shows is shown
// at once and taken back, field by field, when the server refuses it.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ShareSettings, ShareUpdateRequest } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';

export const shareKeys = {
  settings: ['share'] as const,
  choices: ['share', 'choices'] as const,
};

export function useShareSettings() {
  const api = useApi();
  return useQuery({
    queryKey: shareKeys.settings,
    queryFn: ({ signal }) => api('getShare', { signal }),
  });
}

/** What the page shows, changed while it is on: every field but `enabled`. */
export type ShareChoices = Omit<ShareUpdateRequest, 'enabled'>;

const editSettings = (queryClient: QueryClient, edit: (settings: ShareSettings) => ShareSettings) =>
  queryClient.setQueryData<ShareSettings>(shareKeys.settings, (current) => current && edit(current));

export function useUpdateShareChoices() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shareKeys.choices,
    mutationFn: (changes: ShareChoices) => api('updateShare', { body: { enabled: true, ...changes } }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: shareKeys.settings });
      const before = queryClient.getQueryData<ShareSettings>(shareKeys.settings);
      // Only the fields this change touched go back on failure: another change saved meanwhile stays.
      const previous: Partial<ShareSettings> = {};
      if (before) {
        for (const key of Object.keys(changes) as (keyof ShareChoices)[]) {
          Object.assign(previous, { [key]: before[key] });
        }
      }
      editSettings(queryClient, (current) => ({ ...current, ...changes }));
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context) editSettings(queryClient, (current) => ({ ...current, ...context.previous }));
    },
    onSuccess: (answer) => {
      // The answer of the last change in flight is the whole truth; an earlier one would undo a later one.
      if (queryClient.isMutating({ mutationKey: shareKeys.choices }) <= 1) {
        queryClient.setQueryData(shareKeys.settings, answer);
      }
    },
  });
}

/** Turns the page on (a new address) or off (the address gone for good). */
export function useSetSharing() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api('updateShare', { body: { enabled } }),
    onSuccess: (answer) => queryClient.setQueryData(shareKeys.settings, answer),
  });
}

/** A new address for the page; the old one stops working at once. */
export function useRegenerateShare() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('regenerateShare'),
    onSuccess: ({ url }) => editSettings(queryClient, (current) => ({ ...current, url })),
  });
}

export type PlaceSharing = { sharePhotos: boolean } | { hiddenFromShare: boolean };

const withPin = (pinIds: string[], pinId: string, on: boolean) =>
  on ? [...new Set([...pinIds, pinId])] : pinIds.filter((each) => each !== pinId);

function applyPlaceSharing(settings: ShareSettings, pinId: string, change: PlaceSharing): ShareSettings {
  if ('sharePhotos' in change) {
    return { ...settings, photoPins: withPin(settings.photoPins, pinId, change.sharePhotos) };
  }
  return { ...settings, hiddenPins: withPin(settings.hiddenPins, pinId, change.hiddenFromShare) };
}

const undoPlaceSharing = (change: PlaceSharing): PlaceSharing =>
  'sharePhotos' in change
    ? { sharePhotos: !change.sharePhotos }
    : { hiddenFromShare: !change.hiddenFromShare };

/** A place's photos shared or not, or the place left off the page: shown at once, then confirmed. */
export function useUpdatePlaceSharing() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pinId, change }: { pinId: string; change: PlaceSharing }) =>
      api('updatePin', { params: { pinId }, body: change }),
    onMutate: async ({ pinId, change }) => {
      await queryClient.cancelQueries({ queryKey: shareKeys.settings });
      editSettings(queryClient, (current) => applyPlaceSharing(current, pinId, change));
    },
    onError: (_error, { pinId, change }) =>
      editSettings(queryClient, (current) => applyPlaceSharing(current, pinId, undoPlaceSharing(change))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.settings }),
  });
}
