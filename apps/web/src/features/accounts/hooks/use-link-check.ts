import { ErrorCodes, LinkToken } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/client';
import { checkLink, type LinkKind } from '../api/accounts-api';
import { applyLinkLanguage } from '../lib/link-language';

export type LinkState = 'checking' | 'valid' | 'invalid' | 'alreadyConfirmed' | 'failed';

/**
 * Confirm and reset links are checked before anything is offered (spec 4). A malformed token is
 * invalid without asking; 404 or success=false is invalid; anything else (network, 5xx) is a
 * failure the page reports differently, since the link itself may be fine. A confirm link clicked
 * again after the address was confirmed is its own state: nothing to fix, the person can log in.
 */
export function useLinkCheck(kind: LinkKind, uuid: string | undefined): LinkState {
  const wellFormed = LinkToken.safeParse(uuid).success;
  const check = useQuery({
    queryKey: ['account-link', kind, uuid],
    queryFn: () => checkLink(kind, uuid ?? ''),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });

  const lang = check.data?.success ? check.data.lang : undefined;
  useEffect(() => {
    if (lang) applyLinkLanguage(lang);
  }, [lang]);

  if (!wellFormed) return 'invalid';
  if (check.isPending) return 'checking';
  if (check.isError) return stateOfError(check.error);
  return check.data.success ? 'valid' : 'invalid';
}

function stateOfError(error: Error): LinkState {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === ErrorCodes.confirmAlreadyDone) return 'alreadyConfirmed';
  return error.status === 404 ? 'invalid' : 'failed';
}
