import type { CompanyOffice } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../shared/api/settings';
import { OfficeCard } from './office-card';

/** Spec 2.1 lists the countries in this order; the page follows it whatever the server sends. */
const COUNTRY_ORDER: CompanyOffice['country'][] = ['germany', 'austria', 'switzerland'];

/** Support address and one card per country office, from the server's settings. */
export function ContactOffices() {
  const { t } = useTranslation();
  const settings = useSettings();

  if (settings.isPending) return <Skeleton variant="rounded" height={160} />;
  if (settings.isError) return <Alert severity="warning">{t('contact.errors.settings')}</Alert>;

  const { supportEmail, companyName, offices } = settings.data;
  const sorted = [...offices].sort(
    (a, b) => COUNTRY_ORDER.indexOf(a.country) - COUNTRY_ORDER.indexOf(b.country),
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h6" component="h2">
          {t('contact.support')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('contact.supportText', { company: companyName })}{' '}
          <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
        </Typography>
      </Box>
      {sorted.length > 0 && (
        <Typography variant="h6" component="h2">
          {t('contact.offices')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {sorted.map((office) => (
          <OfficeCard key={office.country} office={office} />
        ))}
      </Box>
    </Box>
  );
}
