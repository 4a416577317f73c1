import type { PublicSettingsAnswer } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';

/** Operator name, offices and internal domains from `GET /api/settings` (public, cached for the session). */
export function useSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: () => apiRequest<PublicSettingsAnswer>('/settings', { skipAuthHandling: true }),
    staleTime: Infinity,
  });
}
