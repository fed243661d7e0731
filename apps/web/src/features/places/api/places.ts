// The two place lookups the map makes (/api/places): search by name, and the place at a point.
import { useMemo } from 'react';
import { useApi } from '../../../app/auth/useApi';

/** The signed-in API bound to the two place lookups. */
export function usePlaceLookups() {
  const api = useApi();
  return useMemo(
    () => ({
      search: (query: string, signal?: AbortSignal) =>
        api('searchPlaces', { query: { q: query }, ...(signal ? { signal } : {}) }),
      reverse: (lat: number, lng: number, signal?: AbortSignal) =>
        api('reverseGeocode', { query: { lat, lng }, ...(signal ? { signal } : {}) }),
    }),
    [api],
  );
}
