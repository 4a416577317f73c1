import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COUNTRIES, COUNTRY_ROOTS } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../shared/preferences';
import { useSearchCountries } from '../api/catalogue-api';

/**
 * Under an empty result: "search in all countries" (issue 19.13). The index answers one country
 * at a time, so the server counts the query in each; the countries with hits are offered, and
 * choosing one switches the country, which runs the search there.
 */
export function AllCountriesOffer({ query, rootId }: { query: string; rootId: number }) {
  const { t } = useTranslation();
  const [, setCountry] = usePreference('country');
  const [asked, setAsked] = useState(false);
  const answer = useSearchCountries(query, asked);

  if (!asked) {
    return (
      <Button variant="outlined" onClick={() => setAsked(true)} sx={{ alignSelf: 'center' }}>
        {t('search.allCountries')}
      </Button>
    );
  }
  if (answer.isPending) {
    return <CircularProgress size={24} aria-label={t('search.loading')} sx={{ alignSelf: 'center' }} />;
  }
  if (answer.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void answer.refetch()}>
            {t('search.retry')}
          </Button>
        }
      >
        {t('search.allCountriesFailed')}
      </Alert>
    );
  }
  const withHits = COUNTRIES.flatMap((country) => {
    const found = answer.data.countries.find((entry) => entry.rootId === COUNTRY_ROOTS[country]);
    return found && found.rootId !== rootId && found.numberTotal > 0
      ? [{ country, count: found.numberTotal }]
      : [];
  });
  if (withHits.length === 0) {
    return (
      <Typography color="text.secondary" role="status" sx={{ textAlign: 'center' }}>
        {t('search.noHitsAnywhere')}
      </Typography>
    );
  }
  return (
    <Stack
      role="group"
      aria-label={t('search.countryHitsLabel')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'center', alignItems: 'center' }}
    >
      {withHits.map(({ country, count }) => (
        <Button key={country} variant="contained" onClick={() => setCountry(country)}>
          {t('search.countryHits', { country: t(`countries.${country}`), count })}
        </Button>
      ))}
    </Stack>
  );
}
