import { endpoints, type PublicSettingsAnswer } from '@mediabox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { endSession } from '../../shared/auth/end-session';
import { leaveSite } from '../../shared/auth/leave-site';

/**
 * Logs out on the server, then always ends the local session and goes to /login. With a company
 * account provider (issue 23) the server's answer may name the provider's logout address: the
 * browser goes there too, so the provider's session ends with the portal's.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const sso = queryClient.getQueryData<PublicSettingsAnswer>(['settings'])?.sso;
    let providerLogout: string | null = null;
    try {
      if (sso) providerLogout = (await api(endpoints.oidcLogout, { skipAuthHandling: true })).endSessionUrl;
      else await api(endpoints.logout, { skipAuthHandling: true });
    } catch {
      // An unreachable server or an expired token must not keep the user signed in on this device.
    }
    await endSession(navigate);
    // Cached answers belong to the user who just left.
    queryClient.clear();
    if (providerLogout && /^https?:\/\//.test(providerLogout)) leaveSite(providerLogout);
  }, [navigate, queryClient]);
}
