// The visited-country figures of the signed-in user (SPEC.md §7 Countries).
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/auth/useApi';

export const countryKeys = {
  summary: ['countries'] as const,
};

export function useCountries() {
  const api = useApi();
  return useQuery({
    queryKey: countryKeys.summary,
    queryFn: ({ signal }) => api('countries', { signal }),
  });
}
