import type { CompanyOffice } from '@mediabox/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** One country's office: address, phone, e-mail and the people to ask. */
export function OfficeCard({ office }: { office: CompanyOffice }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" component="section" aria-label={t(`contact.countries.${office.country}`)}>
      <CardContent>
        <Typography variant="overline" color="primary">
          {t(`contact.countries.${office.country}`)}
        </Typography>
        <Typography variant="subtitle1" component="h3" fontWeight={500}>
          {office.name}
        </Typography>
        <Typography variant="body2" component="address" sx={{ fontStyle: 'normal', mb: 1 }}>
          {office.street}
          <br />
          {office.postalCode} {office.city}
        </Typography>
        <Typography variant="body2">
          {t('contact.phone')}:{' '}
          <Link href={`tel:${office.phone.replace(/[^\d+]/g, '')}`}>{office.phone}</Link>
        </Typography>
        <Typography variant="body2">
          {t('contact.email')}: <Link href={`mailto:${office.email}`}>{office.email}</Link>
        </Typography>
        {office.contactPersons.length > 0 && (
          <Box sx={{ mt: 1.5 }}>
            <Typography variant="body2" fontWeight={500}>
              {t('contact.contactPersons')}
            </Typography>
            {office.contactPersons.map((person) => (
              <Typography key={`${person.name}-${person.email}`} variant="body2" color="text.secondary">
                {person.name}
                {person.role && `, ${person.role}`} ·{' '}
                <Link href={`mailto:${person.email}`}>{person.email}</Link>
                {person.phone && ` · ${person.phone}`}
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
