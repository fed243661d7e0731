// The pins of the signed-in user (SPEC.md §7 Pins) as TanStack Query hooks. Every change to pins
// refreshes the pins and the country figures together, so the map and the stats agree.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Pin, PinCreateRequest, PinUpdateRequest } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { countryKeys } from './countries';

export const pinKeys = {
  all: ['pins'] as const,
};

export function usePins() {
  const api = useApi();
  return useQuery({
    queryKey: pinKeys.all,
    queryFn: async ({ signal }) => (await api('listPins', { signal })).pins,
  });
}

/** Puts a pin the server answered into the cached list at once, before the refetch confirms it. */
export function replaceCachedPin(queryClient: QueryClient, pin: Pin): void {
  queryClient.setQueryData<Pin[]>(pinKeys.all, (pins) =>
    pins?.map((each) => (each.pinId === pin.pinId ? pin : each)),
  );
}

/** Reloads the pins and the country figures after anything changed a pin, its media included. */
export function refreshPinFigures(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pinKeys.all }),
    queryClient.invalidateQueries({ queryKey: countryKeys.summary }),
  ]);
}

function useRefreshAfterPinChange() {
  const queryClient = useQueryClient();
  return () => refreshPinFigures(queryClient);
}

export function useCreatePin() {
  const api = useApi();
  const refresh = useRefreshAfterPinChange();
  return useMutation({
    // One key per place the traveller saves (see NewPlaceForm): a Save tried again after an error whose
    // first try was stored after all answers that pin, not a second.
    mutationFn: async ({ body, idempotencyKey }: { body: PinCreateRequest; idempotencyKey: string }) =>
      (await api('createPin', { body, idempotencyKey })).pin,
    onSuccess: refresh,
  });
}

export function useUpdatePin() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterPinChange();
  return useMutation({
    mutationFn: ({ pinId, changes }: { pinId: string; changes: PinUpdateRequest }) =>
      api('updatePin', { params: { pinId }, body: changes }),
    // The answer is the pin as saved (a moved one in its new country): shown at once, then confirmed.
    onSuccess: (pin) => {
      replaceCachedPin(queryClient, pin);
      return refresh();
    },
  });
}

export function useDeletePin() {
  const api = useApi();
  const refresh = useRefreshAfterPinChange();
  return useMutation({
    mutationFn: (pinId: string) => api('deletePin', { params: { pinId } }),
    onSuccess: refresh,
  });
}
