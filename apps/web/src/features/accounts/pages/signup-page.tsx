import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AccountCard } from '../components/account-card';
import { SignupWizard } from '../components/signup-wizard';
import { usePageTitle } from '../../../shared/ui/use-page-title';

export default function SignupPage() {
  const { t } = useTranslation();
  usePageTitle('signup.title');
  return (
    <AccountCard title={t('signup.title')} subtitle={t('signup.subtitle')} width={640}>
      <SignupWizard />
      <Typography variant="body2" color="text.secondary" textAlign="center" sx={{ mt: 3 }}>
        {t('signup.haveAccount')}{' '}
        <Link component={RouterLink} to="/login">
          {t('signup.login')}
        </Link>
      </Typography>
    </AccountCard>
  );
}
