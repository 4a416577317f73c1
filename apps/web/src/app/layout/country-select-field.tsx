import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COUNTRIES, type Country } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../shared/preferences';
import { CountryFlag } from '../../shared/ui/country-flag';

/** Chooses the country whose category tree is shown (spec 2.2, 4); kept as a local preference. */
export default function CountrySelectField() {
  const { t } = useTranslation();
  const [country, setCountry] = usePreference('country');
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('drawer.country')}
      value={country}
      onChange={(event) => setCountry(event.target.value as Country)}
    >
      {COUNTRIES.map((option) => (
        <MenuItem key={option} value={option}>
          <Box component="span" sx={{ mr: 1, display: 'inline-flex', verticalAlign: 'middle' }}>
            <CountryFlag country={option} decorative />
          </Box>
          {t(`countries.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
