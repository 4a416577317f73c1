import { endpoints } from '@mediabox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { endSession } from '../../shared/auth/end-session';

/** Logs out on the server, then always ends the local session and goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api(endpoints.logout, { skipAuthHandling: true });
    } catch {
      // An unreachable server or an expired token must not keep the user signed in on this device.
    }
    await endSession(navigate);
    // Cached answers belong to the user who just left.
    queryClient.clear();
  }, [navigate, queryClient]);
}
