import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useStoredUser } from '../../../shared/auth/user-store';
import { AccountCard } from '../components/account-card';
import { ContactFormPanel } from '../components/contact-form';
import { ContactOffices } from '../components/contact-offices';
import { usePageTitle } from '../../../shared/ui/use-page-title';

export default function ContactPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  usePageTitle('contact.title');

  // Guests have the footer and the login page; signed-in users need a way back to the portal.
  const close = user ? (
    <Button component={RouterLink} to="/" variant="outlined">
      {t('contact.close')}
    </Button>
  ) : undefined;

  return (
    <AccountCard title={t('contact.title')} subtitle={t('contact.intro')} width={900} action={close}>
      <ContactOffices />
      <Divider sx={{ my: 4 }} />
      <ContactFormPanel />
    </AccountCard>
  );
}
