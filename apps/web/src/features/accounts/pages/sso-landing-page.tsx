import type { StoredUser } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { setStoredUser } from '../../../shared/auth/user-store';
import { setLanguage } from '../../../shared/i18n';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { exchangeSsoCode } from '../api/accounts-api';
import { AccountCard } from '../components/account-card';

/** The one-time code the server put in the fragment (never sent to a server, so in no log). */
function takeCodeFromFragment(): string {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '';
  // Out of the address bar and the history at once: it works once anyway.
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return code;
}

/**
 * `/login/sso` (issue 23): where the server sends the browser after a sign-in with the company
 * account. Exchanges the code for the session, then goes on like a password login.
 */
export default function SsoLandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  usePageTitle('login.title');

  useEffect(() => {
    // Once, also under StrictMode's double effect: the code works only once.
    if (started.current) return;
    started.current = true;
    const code = takeCodeFromFragment();
    const signedIn = (user: StoredUser) => {
      queryClient.clear();
      setStoredUser(user);
      setLanguage(user.lang);
      void navigate('/', { replace: true });
    };
    exchangeSsoCode(code).then(signedIn, (err: unknown) =>
      setError(
        err instanceof ApiError && err.code === 'login.errors.deactivated'
          ? err.code
          : 'sso.errors.handoverInvalid',
      ),
    );
  }, [navigate, queryClient]);

  return (
    <AccountCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {error ? (
        <Stack spacing={2}>
          <Alert severity="error">{t(error)}</Alert>
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('sso.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} alignItems="center" justifyContent="center" role="status">
          <CircularProgress size={24} />
          <span>{t('sso.signingIn')}</span>
        </Stack>
      )}
    </AccountCard>
  );
}
