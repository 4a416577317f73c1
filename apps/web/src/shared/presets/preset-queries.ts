import { endpoints, type Preset } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/**
 * The active conversion presets (issue 21.2), for the asset page and the cart alike: shared, so
 * that both read one cache entry. They change rarely (a super user's edit), so they stay fresh for
 * a few minutes instead of being asked for on every page.
 */
export const presetKeys = { active: ['presets', 'active'] as const };

const FRESH_MS = 5 * 60_000;

/** `GET /api/presets`: active presets, oldest first. */
export function useActivePresets(enabled = true) {
  return useQuery({
    queryKey: presetKeys.active,
    queryFn: async ({ signal }): Promise<Preset[]> => (await api(endpoints.presets, { signal })).presets,
    staleTime: FRESH_MS,
    enabled,
  });
}
