// The dashboard's server calls (SPEC.md §7 Pins, Countries; /api/places) as TanStack Query hooks. Every
// change to pins refreshes the pins and the country figures together, so the map and the stats agree.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CountriesSummary,
  Pin,
  PinCreateRequest,
  PinCreateResponse,
  PinListResponse,
  PinUpdateRequest,
  PlaceSearchResponse,
  ReverseGeocodeResult,
} from '@waymarks/shared';
import { useAuth } from '../../app/auth/useAuth';

export const dashboardKeys = {
  pins: ['pins'] as const,
  countries: ['countries'] as const,
};

export function usePins() {
  const { request } = useAuth();
  return useQuery({
    queryKey: dashboardKeys.pins,
    queryFn: async ({ signal }) => (await request<PinListResponse>('/pins', { signal })).pins,
  });
}

export function useCountries() {
  const { request } = useAuth();
  return useQuery({
    queryKey: dashboardKeys.countries,
    queryFn: ({ signal }) => request<CountriesSummary>('/countries', { signal }),
  });
}

function useRefreshAfterPinChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.pins }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.countries }),
    ]);
}

export function useCreatePin() {
  const { request } = useAuth();
  const refresh = useRefreshAfterPinChange();
  return useMutation({
    mutationFn: (body: PinCreateRequest) =>
      request<PinCreateResponse>('/pins', { method: 'POST', body }).then((response) => response.pin),
    onSuccess: refresh,
  });
}

export function useUpdatePin() {
  const { request } = useAuth();
  const refresh = useRefreshAfterPinChange();
  return useMutation({
    mutationFn: ({ pinId, changes }: { pinId: string; changes: PinUpdateRequest }) =>
      request<Pin>(`/pins/${encodeURIComponent(pinId)}`, { method: 'PUT', body: changes }),
    onSuccess: refresh,
  });
}

export function useDeletePin() {
  const { request } = useAuth();
  const refresh = useRefreshAfterPinChange();
  return useMutation({
    mutationFn: (pinId: string) => request<void>(`/pins/${encodeURIComponent(pinId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** The signed-in request function bound to the two place lookups the map makes. */
export function usePlaceLookups() {
  const { request } = useAuth();
  return {
    search: (query: string, signal?: AbortSignal) =>
      request<PlaceSearchResponse>(`/places/search?q=${encodeURIComponent(query)}`, signal ? { signal } : {}),
    reverse: (lat: number, lng: number, signal?: AbortSignal) =>
      request<ReverseGeocodeResult>(`/places/reverse?lat=${lat}&lng=${lng}`, signal ? { signal } : {}),
  };
}
