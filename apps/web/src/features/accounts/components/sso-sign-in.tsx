import { SSO_ERRORS, endpoints, type SsoError } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSettings } from '../../../shared/api/settings';

const isSsoError = (value: string | null): value is SsoError =>
  value !== null && (SSO_ERRORS as readonly string[]).includes(value);

/**
 * Issue 23: "Sign in with <label>" above the password form, when the server has a provider; and
 * why the last sign-in through it failed (`?ssoError=`), from a fixed list, never the provider's text.
 */
export function SsoSignIn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sso = useSettings().data?.sso;
  const error = params.get('ssoError');
  return (
    <>
      {isSsoError(error) && (
        <Alert severity={error === 'cancelled' ? 'info' : 'error'} sx={{ mb: 2 }}>
          {t(`sso.errors.${error}`)}
        </Alert>
      )}
      {sso && (
        <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
          {/* A full page load: the server answers with the redirect to the provider. */}
          <Button component="a" href={endpoints.oidcStart.path} variant="contained" size="large">
            {t('sso.signInWith', { label: sso.label })}
          </Button>
          <Divider>{t('sso.or')}</Divider>
        </Box>
      )}
    </>
  );
}
