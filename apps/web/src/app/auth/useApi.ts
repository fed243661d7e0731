import { useMemo } from 'react';
import { createApi, type Api } from '../../lib/api';
import { useAuth } from './useAuth';

/** The typed API as the signed-in user: `const api = useApi(); api('listPins')`. */
export function useApi(): Api {
  const { request } = useAuth();
  return useMemo(() => createApi(request), [request]);
}
