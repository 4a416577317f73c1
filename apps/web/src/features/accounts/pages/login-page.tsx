import type { StoredUser } from '@mediabox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { setStoredUser } from '../../../shared/auth/user-store';
import { setLanguage } from '../../../shared/i18n';
import { AccountCard } from '../components/account-card';
import { LanguageSwitch } from '../../../shared/ui/language-switch';
import { LoginForm } from '../components/login-form';
import { SsoSignIn } from '../components/sso-sign-in';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { safeRedirectPath } from '../lib/safe-redirect';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  usePageTitle('login.title');

  const onLoggedIn = (user: StoredUser) => {
    // A session that ended by a 401 leaves the previous user's answers cached (cart, badges):
    // whoever signs in now starts from nothing.
    queryClient.clear();
    setStoredUser(user);
    // The account's language wins after sign-in: it is what its mails are written in, too.
    setLanguage(user.lang);
    void navigate(safeRedirectPath(params.get('from')), { replace: true });
  };

  return (
    <AccountCard title={t('login.title')} subtitle={t('login.subtitle')} action={<LanguageSwitch />}>
      <SsoSignIn />
      <LoginForm onLoggedIn={onLoggedIn} />
    </AccountCard>
  );
}
