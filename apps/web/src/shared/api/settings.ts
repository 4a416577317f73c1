import { endpoints } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** Operator name, offices and internal domains from `GET /api/settings` (public, cached for the session). */
export function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: () => api(endpoints.settings, { skipAuthHandling: true }),
    staleTime: Infinity,
  });
}
