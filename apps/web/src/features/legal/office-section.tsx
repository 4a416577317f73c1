import type { CompanyOffice } from '@mediabox/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body1">
      {label}: {children}
    </Typography>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** One office of the imprint: address, registration data, management and contact persons. */
export function OfficeSection({ office }: { office: CompanyOffice }) {
  const { t } = useTranslation();
  const headingId = `imprint-office-${office.country}`;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t(`legal.countries.${office.country}`)}
      </Typography>
      <Box component="address" sx={{ fontStyle: 'normal', mb: 1.5 }}>
        <Typography variant="body1" sx={{ fontWeight: 500 }}>
          {office.name}
        </Typography>
        <Typography variant="body1">{office.street}</Typography>
        <Typography variant="body1">
          {office.postalCode} {office.city}
        </Typography>
        <Typography variant="body1">{t(`legal.countries.${office.country}`)}</Typography>
      </Box>
      <Box sx={{ mb: 1.5 }}>
        <Line label={t('legal.imprint.office.phone')}>
          <Link href={telHref(office.phone)}>{office.phone}</Link>
        </Line>
        <Line label={t('legal.imprint.office.email')}>
          <Link href={`mailto:${office.email}`}>{office.email}</Link>
        </Line>
        {office.managingDirectors.length > 0 && (
          <Line label={t('legal.imprint.office.managingDirectors')}>
            {office.managingDirectors.join(', ')}
          </Line>
        )}
        {office.register && <Line label={t('legal.imprint.office.register')}>{office.register}</Line>}
        {office.vatId && <Line label={t('legal.imprint.office.vatId')}>{office.vatId}</Line>}
      </Box>
      {office.contactPersons.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
            {t('legal.imprint.office.contactPersons')}
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
            {office.contactPersons.map((person) => (
              <Typography
                component="li"
                variant="body1"
                key={`${person.name}-${person.email}`}
                sx={{ mb: 0.5 }}
              >
                {person.name}, {person.role} · <Link href={`mailto:${person.email}`}>{person.email}</Link> ·{' '}
                <Link href={telHref(person.phone)}>{person.phone}</Link>
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
