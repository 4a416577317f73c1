import { useQuery } from '@tanstack/react-query';
import { fetchProfile } from '../api/accounts-api';

export const PROFILE_QUERY_KEY = ['accounts', 'profile'] as const;

/** The signed-in user's full profile (GET /user/), fresher than the stored copy. */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile });
}
